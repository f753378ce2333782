package finance

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestMeteredCharges(t *testing.T) {
	registrytest.Charges(t, string(family), []registrytest.ChargeCase{
		{Tool: "insider_trades", In: map[string]any{"limit": 10}, Want: 30_000},                  // 10 of 10
		{Tool: "insider_trades", In: map[string]any{"limit": 20}, Want: 15_000},                  // 10 of 20
		{Tool: "insider_trades", In: map[string]any{"ticker": "AAPL", "limit": 10}, Want: 9_000}, // 3 of 10
	})
}
