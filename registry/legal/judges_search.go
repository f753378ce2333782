package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
)

func init() {
	family.Register(&registry.Tool{
		Name: "judges_search", Path: "/paid/legal/judges", Price: "0.04",
		Description: "Find US federal and state judges by name on CourtListener: courts served, appointing " +
			"presidents, nomination and confirmation dates, party, ABA ratings and education.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 200).Describe("judge name, e.g. Gorsuch"),
			courtParam(),
		},
		Example:  map[string]any{"query": "Gorsuch"},
		Synonyms: []string{"judge background", "appointed by", "federal judges", "judicial biography", "judge profile"},
		Expected: "Envelope whose data is an array of judges with their positions, appointers and education, the position lists running in parallel.",
		Shape:    registry.Envelope,
		Result:   []courtlistener.Judge(nil),
		Sources:  []string{courtlistener.Source.Name},
		Handler:  judgesSearch,
	})
}

func judgesSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := courtlistener.Query{Type: courtlistener.Judges, Text: strings.TrimSpace(c.Args.String("query")), Courts: courts(c)}
	up := upstreams.NewSession(c.Upstream)
	judges, err := upstreams.Fetch(ctx, up, courtlistener.Search(q), courtlistener.DecodeJudges)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: judges, Count: len(judges), Source: courtlistener.Source.Title, Cached: up.Cached()}, nil
}
