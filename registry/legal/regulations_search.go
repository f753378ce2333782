package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/regulationsgov"
)

// regulationsPage is how many documents one call returns, newest first.
const regulationsPage = 25

func init() {
	family.Register(&registry.Tool{
		Name: "regulations_search", Path: "/paid/legal/regulations", Price: "0.03",
		Description: "Search federal rulemaking documents on Regulations.gov, optionally only those open for " +
			"comment or whose comment period has closed, newest first, with dockets and comment dates.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("search words"),
			registry.Str("status").OneOf("open", "closed").Describe("comment period open now, or already closed"),
		},
		Example:  map[string]any{"query": "emissions"},
		Synonyms: []string{"comment period", "open for comment", "rulemaking dockets", "regulations.gov", "submit a comment"},
		Expected: "Envelope whose data is an array of up to 25 Regulations.gov documents with their comment periods, newest first.",
		Shape:    registry.Envelope,
		Result:   []regulationsgov.Document(nil),
		Sources:  []string{regulationsgov.Source.Name},
		Handler:  regulationsSearch,
	})
}

func regulationsSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := regulationsgov.Query{Term: strings.TrimSpace(c.Args.String("query")), PageSize: regulationsPage}
	switch c.Args.String("status") {
	case "open":
		q.Open = true
	case "closed":
		// The API has no "closed" filter: a period that ended by yesterday is closed.
		q.ClosedBy = c.Now.UTC().AddDate(0, 0, -1)
	}
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, regulationsgov.Documents(q), regulationsgov.DecodeDocuments)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Documents, Count: len(page.Documents), Source: regulationsgov.Source.Title, Cached: up.Cached()}, nil
}
