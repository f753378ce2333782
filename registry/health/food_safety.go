package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "food_safety", Path: "/paid/health/food-safety", Price: "0.02",
		Description: "FDA food safety enforcement reports, newest first, searched by hazard or food: contaminants such as listeria or " +
			"salmonella, undeclared allergens, or product words. Without a query, the latest food recalls.",
		Params: []registry.Param{
			registry.Str("query").Len(1, 200).Describe("hazard or food, e.g. listeria, undeclared peanut, spinach"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "listeria", "limit": 5},
		Synonyms: []string{"listeria", "salmonella", "e coli", "allergen", "food contamination", "foodborne illness", "foodborne outbreak"},
		Expected: "Envelope whose data is an array of openFDA food recalls with classification (Class I is the most serious), reason and firm, newest report first, and no match is an empty array.",
		Shape:    registry.Envelope,
		Result:   []recall(nil),
		Sources:  []string{openfda.Source.Name},
		Handler:  foodSafety,
	})
}

func foodSafety(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	return enforcementSearch(ctx, c, openfda.FoodEnforcement, []string{"reason_for_recall", "product_description"})
}
