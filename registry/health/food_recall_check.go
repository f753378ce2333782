package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "food_recall_check", Path: "/paid/health/food-recall", Price: "0.02",
		Description: "Check a food brand, company or product against FDA food recall enforcement reports, newest first. " +
			"Without a query, the latest food recalls.",
		Params: []registry.Param{
			registry.Str("query").Len(1, 200).Describe("brand, firm or product name, e.g. Valley Fresh"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "Valley Fresh", "limit": 5},
		Synonyms: []string{"is this food recalled", "food brand recall", "grocery recall", "recalled food product"},
		Expected: "Envelope whose data is an array of openFDA food recalls whose firm or product matches, with classification (Class I is the most serious), newest report first, and no match is an empty array.",
		Shape:    registry.Envelope,
		Result:   []recall(nil),
		Sources:  []string{openfda.Source.Name},
		Handler:  foodRecallCheck,
	})
}

func foodRecallCheck(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	return enforcementSearch(ctx, c, openfda.FoodEnforcement, []string{"recalling_firm", "product_description"})
}
