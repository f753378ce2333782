package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/trademarks"
)

func init() {
	family.Register(&registry.Tool{
		Name: "trademarks_search", Path: "/paid/legal/trademarks", Price: "0.03",
		Description: "Search the USPTO trademark register by keyword, live and dead marks, optionally keeping only " +
			"marks whose owner name contains a given text: status, dates, goods and services, owners.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 100).Describe("word mark keyword, e.g. chatgpt"),
			registry.Str("owner").Len(1, 200).Describe("keep marks whose owner name contains this text"),
		},
		Example:  map[string]any{"query": "chatgpt", "owner": "OpenAI"},
		Synonyms: []string{"brand name availability", "trademark availability", "registered marks", "trademarked names", "uspto trademarks"},
		Expected: "Envelope whose data is an array of USPTO trademarks with status, key dates, goods and services and owners.",
		Shape:    registry.Envelope,
		Result:   []trademarks.Mark(nil),
		Sources:  []string{trademarks.Source.Name},
		Handler:  trademarksSearch,
	})
}

func trademarksSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	keyword := strings.ToLower(strings.TrimSpace(c.Args.String("query")))
	up := upstreams.NewSession(c.Upstream)
	marks, err := upstreams.Fetch(ctx, up, trademarks.Search(keyword), trademarks.DecodeSearch)
	if err != nil {
		return nil, err
	}
	if owner := strings.ToLower(strings.TrimSpace(c.Args.String("owner"))); owner != "" {
		kept := marks[:0]
		for _, m := range marks {
			if ownedBy(m, owner) {
				kept = append(kept, m)
			}
		}
		marks = kept
	}
	return &registry.Result{Data: marks, Count: len(marks), Source: trademarks.Source.Title, Cached: up.Cached()}, nil
}

// ownedBy reports whether any owner name contains owner (lower case).
func ownedBy(m trademarks.Mark, owner string) bool {
	for _, o := range m.Owners {
		if strings.Contains(strings.ToLower(o), owner) {
			return true
		}
	}
	return false
}
