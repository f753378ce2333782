package academic

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openalex"
)

func init() {
	family.Register(&registry.Tool{
		Name: "search_openalex", Path: "/paid/academic/openalex", Price: "0.03",
		Description: "Search scholarly works on OpenAlex, most relevant first: DOI, year, type, citation count, " +
			"open-access status and link, venue, authors with institutions and countries, and the abstract.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("search words"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "open access prevalence", "limit": 5},
		Synonyms: []string{"scholarly works", "research by institution", "open access research", "bibliometrics", "research by university"},
		Expected: "Envelope whose data is an array of OpenAlex works with citations, open-access link, venue and authors with their institutions.",
		Shape:    registry.Envelope,
		Result:   []openalex.Work(nil),
		Sources:  []string{openalex.Source.Name},
		Handler:  searchOpenalex,
	})
}

func searchOpenalex(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req := openalex.Search(strings.TrimSpace(c.Args.String("query")), c.Args.Int("limit"))
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, req, openalex.DecodeWorks)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Works, Count: len(page.Works), Source: openalex.Source.Title, Cached: up.Cached()}, nil
}
