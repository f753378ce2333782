package legal

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
)

// courtIDs is CourtListener court ids separated by spaces, in either case.
const courtIDs = `^\s*([A-Za-z0-9]+(\s+[A-Za-z0-9]+)*)?\s*$`

func init() {
	family.Register(&registry.Tool{
		Name: "court_opinions", Path: "/paid/legal/court-opinions", Price: "0.05",
		Description: "Search US case law on CourtListener: published opinions matching a query and filed in the last " +
			"days_back days, optionally in given courts, most relevant first, with citations and a snippet.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 300).Describe(`words or CourtListener query syntax, e.g. "fair use"`),
			courtParam(),
			registry.Int("days_back").Range(1, 36500).WithDefault(90).Describe("only opinions filed in the last days_back days"),
		},
		Example:  map[string]any{"query": "fair use", "court": "scotus", "days_back": 3650},
		Synonyms: []string{"lawsuits", "sued", "litigation", "case law", "court rulings", "legal precedent", "court decisions", "court cases", "copyright cases"},
		Expected: "Envelope whose data is an array of up to 20 CourtListener opinions with case, court, date, citations and a snippet.",
		Shape:    registry.Envelope,
		Result:   []courtlistener.Opinion(nil),
		Sources:  []string{courtlistener.Source.Name},
		Handler:  courtOpinions,
	})
}

func courtParam() registry.Param {
	return registry.Str("court").Len(1, 200).
		Matching(courtIDs, "CourtListener court ids such as scotus or ca9, separated by spaces").
		Describe("CourtListener court ids separated by spaces, e.g. scotus ca9")
}

// courts normalises the court field to lower-case ids separated by one space.
func courts(c *registry.Call) string {
	return lexical.Collapse(strings.ToLower(c.Args.String("court")))
}

func courtOpinions(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := courtlistener.Query{Type: courtlistener.Opinions, Text: strings.TrimSpace(c.Args.String("query")), Courts: courts(c),
		FiledAfter: c.Now.AddDate(0, 0, -c.Args.Int("days_back")), OrderBy: "score desc"}
	up := upstreams.NewSession(c.Upstream)
	opinions, err := upstreams.Fetch(ctx, up, courtlistener.Search(q), courtlistener.DecodeOpinions)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: opinions, Count: len(opinions), Source: courtlistener.Source.Title, Cached: up.Cached()}, nil
}
