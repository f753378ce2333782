package academic

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/semanticscholar"
)

func init() {
	family.Register(&registry.Tool{
		Name: "paper_details", Path: "/paid/academic/paper-details", Price: "0.02",
		Description: "One paper's record from Semantic Scholar by Semantic Scholar id, DOI, arXiv id or prefixed id " +
			"(PMID:, PMCID:, CorpusId:, MAG:, ACL:): abstract, TL;DR, venue, authors, citation and reference counts.",
		Params: []registry.Param{
			registry.Str("paperId").Req().Len(1, 300).Matching(paperIDPattern, paperIDShape).
				Describe("paper id, DOI or preprint id, e.g. 10.1145/3442188.3445922 or 1706.03762"),
		},
		Example:  map[string]any{"paperId": "10.1145/3442188.3445922"},
		Synonyms: []string{"paper by doi", "abstract by doi", "doi lookup", "tldr of one paper", "metadata of an arxiv id"},
		Expected: "Envelope whose data is one Semantic Scholar paper with its abstract, authors, citation counts and open-access link, and an unknown paper is a 404 not_found.",
		Check:    checkPaperID,
		Shape:    registry.Envelope,
		Result:   semanticscholar.Details{},
		Sources:  []string{semanticscholar.Source.Name},
		Handler:  paperDetails,
	})
}

func paperDetails(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	id := c.Args.String("paperId")
	up := upstreams.NewSession(c.Upstream)
	paper, err := upstreams.Fetch(ctx, up, semanticscholar.PaperByID(id), semanticscholar.DecodeDetails)
	if err != nil {
		return nil, upstreams.Missing(err, "Semantic Scholar has no paper "+id)
	}
	return &registry.Result{Data: paper, Count: 1, Source: semanticscholar.Source.Title, Cached: up.Cached()}, nil
}
