package osint

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestMeteredCharges(t *testing.T) {
	registrytest.Charges(t, string(family), []registrytest.ChargeCase{
		{Tool: "news_frontpage", In: map[string]any{"limit": 5}, Want: 20_000},     // 5 of 5
		{Tool: "news_frontpage", In: map[string]any{}, Want: 5_333},                // 8 stories of the default 30
		{Tool: "quake_feed", In: map[string]any{"limit": 5}, Want: 20_000},         // 5 of 5
		{Tool: "quake_feed", In: map[string]any{}, Want: 2_400},                    // 6 quakes of the default 50
		{Tool: "code_host_trending", In: map[string]any{"limit": 5}, Want: 20_000}, // 5 of 5
		{Tool: "code_host_trending", In: map[string]any{}, Want: 4_000},            // 5 repositories of the default 25
	})
}
