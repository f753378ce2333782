package academic

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/semanticscholar"
)

// edgesShown is how many citing or cited papers one call returns.
const edgesShown = 100

func init() {
	family.Register(&registry.Tool{
		Name: "citation_graph", Path: "/paid/academic/citations", Price: "0.03",
		Description: "One step of a paper's citation graph from Semantic Scholar: the papers citing it (forward) " +
			"or the papers it cites (backward), with citation contexts, intents and whether the citation is influential.",
		Params: []registry.Param{
			registry.Str("paperId").Req().Len(1, 300).Matching(paperIDPattern, paperIDShape).
				Describe("paper id, DOI or preprint id, as for paper_details"),
			registry.Str("direction").OneOf("forward", "backward").WithDefault("forward").
				Describe("forward: papers citing it; backward: papers it cites"),
		},
		Example:  map[string]any{"paperId": "10.1145/3442188.3445922", "direction": "forward"},
		Synonyms: []string{"citations", "references of a paper", "citing papers", "related work", "citation network", "cited by", "who cites a paper"},
		Expected: "Envelope whose data is an array of up to 100 papers citing or cited by a paper, with citation contexts and intents, and an unknown paper is a 404 not_found.",
		Check:    checkPaperID,
		Shape:    registry.Envelope,
		Result:   []semanticscholar.Edge(nil),
		Sources:  []string{semanticscholar.Source.Name},
		Handler:  citationGraph,
	})
}

func citationGraph(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	id := c.Args.String("paperId")
	req := semanticscholar.Citations(id, edgesShown)
	if c.Args.String("direction") == "backward" {
		req = semanticscholar.References(id, edgesShown)
	}
	up := upstreams.NewSession(c.Upstream)
	edges, err := upstreams.Fetch(ctx, up, req, semanticscholar.DecodeEdges)
	if err != nil {
		return nil, upstreams.Missing(err, "Semantic Scholar has no paper "+id)
	}
	return &registry.Result{Data: edges, Count: len(edges), Source: semanticscholar.Source.Title, Cached: up.Cached()}, nil
}
