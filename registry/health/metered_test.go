package health

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestMeteredCharges(t *testing.T) {
	registrytest.Charges(t, string(family), []registrytest.ChargeCase{
		{Tool: "disease_outbreaks", In: map[string]any{"limit": 3}, Want: 30_000},                     // 3 of 3
		{Tool: "disease_outbreaks", In: map[string]any{"query": "cholera", "limit": 10}, Want: 6_000}, // 2 of 10
		{Tool: "disease_outbreaks", In: map[string]any{"query": "no such disease"}, Want: 0},          // none of 20
	})
}
