package academic

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/semanticscholar"
)

func init() {
	family.Register(&registry.Tool{
		Name: "search_papers", Path: "/paid/academic/papers", Price: "0.04",
		Description: "Search scholarly papers across all fields on Semantic Scholar, most relevant first: abstract, " +
			"venue, year, authors, citation counts, open-access PDF and external ids (DOI, arXiv, PubMed).",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("search words"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "attention transformer", "limit": 10},
		Synonyms: []string{"academic papers", "research papers", "scientific literature", "scholar search", "studies on", "semantic scholar search"},
		Expected: "Envelope whose data is an array of Semantic Scholar papers with abstract, authors, citation counts and open-access link.",
		Shape:    registry.Envelope,
		Result:   []semanticscholar.Paper(nil),
		Sources:  []string{semanticscholar.Source.Name},
		Handler:  searchPapers,
	})
}

func searchPapers(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req := semanticscholar.Search(strings.TrimSpace(c.Args.String("query")), c.Args.Int("limit"))
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, req, semanticscholar.DecodeSearch)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Papers, Count: len(page.Papers), Source: semanticscholar.Source.Title, Cached: up.Cached()}, nil
}
