package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/patentsview"
)

func init() {
	family.Register(&registry.Tool{
		Name: "patents_search", Path: "/paid/legal/patents", Price: "0.04",
		Description: "Search granted US patents (PatentsView, USPTO data) whose title or abstract contains all the " +
			"query words, newest grant first, with assignees and inventors.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe("words that must all appear in the title or abstract"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "language model", "limit": 10},
		Synonyms: []string{"prior art", "patent search", "inventions", "uspto patents", "intellectual property"},
		Expected: "Envelope whose data is an array of granted patents with assignees and inventors, newest grant first.",
		Shape:    registry.Envelope,
		Result:   []patentsview.Patent(nil),
		Sources:  []string{patentsview.Source.Name},
		Handler:  patentsSearch,
	})
}

func patentsSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req := patentsview.Search(strings.TrimSpace(c.Args.String("query")), c.Args.Int("limit"))
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, req, patentsview.DecodePatents)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Patents, Count: len(page.Patents), Source: patentsview.Source.Title, Cached: up.Cached()}, nil
}
