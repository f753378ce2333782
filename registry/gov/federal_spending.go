package gov

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/usaspending"
)

func init() {
	family.Register(&registry.Tool{
		Name: "federal_spending", Path: "/paid/gov/federal-spending", Price: "0.04",
		Description: "Where U.S. federal contract dollars went in the last twelve months (USAspending.gov): the largest prime " +
			"awards by awarding agency and recipient.",
		Params: []registry.Param{
			registry.Str("agency").Len(2, 120).Describe("awarding agency name or abbreviation, e.g. NASA"),
			registry.Str("recipient").Len(2, 120).Describe("recipient name, UEI or DUNS, e.g. Lockheed"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"agency": "DOD", "limit": 10},
		Synonyms: []string{"government spending", "tax dollars", "top contractors", "agency spending", "federal budget outlays", "who gets federal contract money", "pentagon spending"},
		Expected: "Envelope whose data is an array of USAspending.gov prime contract awards with recipient, amount and agency, largest first.",
		Shape:    registry.Envelope,
		Result:   []awardRow(nil),
		Sources:  []string{usaspending.Source.Name},
		Handler:  federalSpending,
		// USAspending answers at most limit awards, fewer when fewer match.
		Metered: registry.PerItem("limit"),
	})
}

func federalSpending(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	return lastYearAwards(ctx, c, usaspending.Filters{Recipient: strings.TrimSpace(c.Args.String("recipient"))})
}
