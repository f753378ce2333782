package academic

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/eutils"
)

func init() {
	family.Register(&registry.Tool{
		Name: "search_pubmed", Path: "/paid/academic/pubmed", Price: "0.03",
		Description: "Search PubMed (NCBI) biomedical literature, most relevant first: title, authors, journal, " +
			"publication date, DOI, PMC id and publication types.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("PubMed search terms; field tags such as [MeSH Terms] work"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "CRISPR sickle cell", "limit": 5},
		Synonyms: []string{"medical research", "biomedical studies", "medical papers", "pubmed articles", "health studies"},
		Expected: "Envelope whose data is an array of PubMed articles with authors, journal, publication details and identifiers.",
		Shape:    registry.Envelope,
		Result:   []eutils.Article(nil),
		Sources:  []string{eutils.Source.Name},
		Handler:  searchPubmed,
	})
}

// searchPubmed finds ids with ESearch, then describes them with ESummary.
func searchPubmed(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	hits, err := upstreams.Fetch(ctx, up, eutils.Search(strings.TrimSpace(c.Args.String("query")), c.Args.Int("limit")), eutils.DecodeSearch)
	if err != nil {
		return nil, err
	}
	if len(hits.IDs) == 0 {
		return &registry.Result{Data: []eutils.Article{}, Source: eutils.Source.Title, Cached: up.Cached()}, nil
	}
	articles, err := upstreams.Fetch(ctx, up, eutils.Summary(hits.IDs), eutils.DecodeSummary)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: articles, Count: len(articles), Source: eutils.Source.Title, Cached: up.Cached()}, nil
}
