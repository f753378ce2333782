package x402intel

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// The seller the catalog fixtures list as this service.
const (
	ownBase  = "https://coinslot.example"
	ownPayTo = "0x5E11E7C0FFEE00000000000000000000C01A5700"
)

var own = registry.Seller{BaseURL: ownBase, PayTo: ownPayTo}

// runFor runs a tool on the catalog fixtures as seller's service.
func runFor(t *testing.T, seller registry.Seller, name string, in map[string]any) (*registry.Result, error) {
	t.Helper()
	c := registrytest.Call(t, name, in, upstreams.Replay, upstreams.RecordedAt)
	c.Seller = seller
	return c.Tool.Handler(context.Background(), c)
}

var goldenCases = []struct {
	name, tool string
	in         map[string]any
	seller     registry.Seller
}{
	{"x402_market_radar", "x402_market_radar", map[string]any{"query_limit": 3}, own},
	{"x402_market_radar_gaps", "x402_market_radar", map[string]any{"query_limit": 5}, own},
	{"x402_market_radar_unconfigured", "x402_market_radar", map[string]any{"query_limit": 3}, registry.Seller{}},
	{"x402_rank_audit", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/venueA/trending", "keywords": []any{"polymarket", "arbitrage"}, "limit": 10}, registry.Seller{}},
	{"x402_rank_audit_default_keywords", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/venueA/trending"}, registry.Seller{}},
	{"x402_rank_audit_defects", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/markets/cross-platform-scan", "keywords": []any{"arbitrage"}}, registry.Seller{}},
	{"x402_rank_audit_v1_listing", "x402_rank_audit", map[string]any{"resource": "https://legacy-signals.example.org/polymarket/whales", "keywords": []any{"polymarket"}, "limit": 5}, registry.Seller{}},
	{"x402_rank_audit_non_usdc", "x402_rank_audit", map[string]any{"resource": "https://pay.example.io/markets/kalshi-feed", "keywords": []any{"prediction markets"}}, registry.Seller{}},
	{"x402_rank_audit_not_listed", "x402_rank_audit", map[string]any{"resource": "https://new-seller.example/paid/odds"}, registry.Seller{}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := runFor(t, tc.seller, tc.tool, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.name+".golden.json", res)
		})
	}
}

func TestUpstreamErrors(t *testing.T) {
	down := &upstreams.Error{Source: "x402_catalog", Kind: upstreams.Timeout, Message: "deadline passed"}
	garbage := registrytest.Garbage("not json")
	for _, name := range []string{"x402_market_radar", "x402_rank_audit"} {
		tool, _ := registry.Lookup(name)
		_, err := registrytest.Run(t, name, tool.Example, upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
			return nil, down
		}), upstreams.RecordedAt)
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own error", name, err)
		}
		_, err = registrytest.Run(t, name, tool.Example, garbage, upstreams.RecordedAt)
		if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer || e.Message != "answer does not decode" {
			t.Errorf("%s: error %v, want upstream_error", name, err)
		}
	}
}
