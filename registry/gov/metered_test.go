package gov

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

// The recorded award search answers six awards whatever the limit, so a
// limit of 5 is delivered whole and one above 6 is not.
func TestMeteredCharges(t *testing.T) {
	registrytest.Charges(t, string(family), []registrytest.ChargeCase{
		{Tool: "federal_contracts", In: map[string]any{"query": "zero trust", "limit": 5}, Want: 40_000},  // 6 of 5
		{Tool: "federal_contracts", In: map[string]any{"query": "zero trust", "limit": 10}, Want: 24_000}, // 6 of 10
		{Tool: "federal_spending", In: map[string]any{"limit": 5}, Want: 40_000},                          // 6 of 5
		{Tool: "federal_spending", In: map[string]any{}, Want: 12_000},                                    // 6 of the default 20
	})
}
