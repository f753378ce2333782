package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "drug_recalls", Path: "/paid/health/drug-recalls", Price: "0.03",
		Description: "FDA drug recall enforcement reports, newest first: classification, reason, recalling firm, distribution and lot codes. " +
			"Search by drug or product words, or leave the query out for the latest recalls.",
		Params: []registry.Param{
			registry.Str("query").Len(1, 200).Describe("drug or product words, e.g. acetaminophen"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "acetaminophen", "limit": 5},
		Synonyms: []string{"medicine recall", "recalled medication", "pharmacy recall", "contaminated drugs", "pill recall", "bad batch"},
		Expected: "Envelope whose data is an array of openFDA drug recalls with classification (Class I is the most serious), reason and firm, newest report first, and no match is an empty array.",
		Shape:    registry.Envelope,
		Result:   []recall(nil),
		Sources:  []string{openfda.Source.Name},
		Handler:  drugRecalls,
	})
}

func drugRecalls(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	return enforcementSearch(ctx, c, openfda.DrugEnforcement, []string{"product_description", "reason_for_recall", "openfda.generic_name", "openfda.brand_name"})
}
