package markets

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

// The recorded venues answer a fixed page of markets, so a limit above it
// delivers fewer than asked.
func TestMeteredCharges(t *testing.T) {
	registrytest.Charges(t, string(family), []registrytest.ChargeCase{
		{Tool: "trending_markets", In: map[string]any{"limit": 5}, Want: 20_000},  // 5 of 5
		{Tool: "trending_markets", In: map[string]any{"limit": 20}, Want: 11_000}, // 11 of 20
		{Tool: "odds_feed", In: map[string]any{"limit": 10}, Want: 20_000},        // 5 + 5 of 10
		{Tool: "odds_feed", In: map[string]any{}, Want: 11_333},                   // 17 of the default 30
		{Tool: "venueB_markets", In: map[string]any{"limit": 5}, Want: 20_000},    // 5 of 5
		{Tool: "venueB_markets", In: map[string]any{"limit": 10}, Want: 12_000},   // 6 of 10
		{Tool: "volume_analytics", In: map[string]any{"limit": 5}, Want: 30_000},  // 5 of 5
		{Tool: "volume_analytics", In: map[string]any{"limit": 12}, Want: 22_500}, // 9 of 12, the rest under min_volume
	})
}
