package gov

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/usaspending"
)

func init() {
	family.Register(&registry.Tool{
		Name: "federal_contracts", Path: "/paid/gov/contracts", Price: "0.04",
		Description: "U.S. federal prime contracts of the last twelve months from USAspending.gov, largest first, by keyword and awarding agency.",
		Params: []registry.Param{
			registry.Str("query").Len(3, 100).Describe("keywords in the award, e.g. zero trust"),
			registry.Str("agency").Len(2, 120).Describe("awarding agency name or abbreviation, e.g. DOD"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "zero trust", "limit": 10},
		Synonyms: []string{"government contracts", "defense contracts", "contract awards", "procurement", "usaspending", "pentagon contracts", "dod contracts"},
		Expected: "Envelope whose data is an array of USAspending.gov contract awards with recipient, amount and agency, largest first.",
		Shape:    registry.Envelope,
		Result:   []awardRow(nil),
		Sources:  []string{usaspending.Source.Name},
		Handler:  federalContracts,
		// USAspending answers at most limit awards, fewer when fewer match.
		Metered: registry.PerItem("limit"),
	})
}

func federalContracts(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	var filters usaspending.Filters
	if q := strings.TrimSpace(c.Args.String("query")); q != "" {
		filters.Keywords = []string{q}
	}
	return lastYearAwards(ctx, c, filters)
}
