package x402intel

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// The seller the catalog fixtures list as this service.
const (
	ownBase  = "https://coinslot.example"
	ownPayTo = "0x5E11E7C0FFEE00000000000000000000C01A5700"
)

func call(t *testing.T, name string, in map[string]any, d upstreams.Doer, seller ...string) (*registry.Result, error) {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	args, errs := tool.Validate(in)
	if errs != nil {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	c := &registry.Call{Tool: tool, Args: args, Upstream: d, Now: now}
	if len(seller) == 2 {
		c.Seller = registry.Seller{BaseURL: seller[0], PayTo: seller[1]}
	}
	return tool.Handler(context.Background(), c)
}

func golden(t *testing.T, name string, res *registry.Result) {
	t.Helper()
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

var goldenCases = []struct {
	name, tool string
	in         map[string]any
	seller     [2]string
}{
	{"x402_market_radar", "x402_market_radar", map[string]any{"query_limit": 3}, [2]string{ownBase, ownPayTo}},
	{"x402_market_radar_gaps", "x402_market_radar", map[string]any{"query_limit": 5}, [2]string{ownBase, ownPayTo}},
	{"x402_market_radar_unconfigured", "x402_market_radar", map[string]any{"query_limit": 3}, [2]string{}},
	{"x402_rank_audit", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/venueA/trending", "keywords": []any{"polymarket", "arbitrage"}, "limit": 10}, [2]string{}},
	{"x402_rank_audit_default_keywords", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/venueA/trending"}, [2]string{}},
	{"x402_rank_audit_defects", "x402_rank_audit", map[string]any{"resource": ownBase + "/paid/markets/cross-platform-scan", "keywords": []any{"arbitrage"}}, [2]string{}},
	{"x402_rank_audit_v1_listing", "x402_rank_audit", map[string]any{"resource": "https://legacy-signals.example.org/polymarket/whales", "keywords": []any{"polymarket"}, "limit": 5}, [2]string{}},
	{"x402_rank_audit_non_usdc", "x402_rank_audit", map[string]any{"resource": "https://pay.example.io/markets/kalshi-feed", "keywords": []any{"prediction markets"}}, [2]string{}},
	{"x402_rank_audit_not_listed", "x402_rank_audit", map[string]any{"resource": "https://new-seller.example/paid/odds"}, [2]string{}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := call(t, tc.tool, tc.in, upstreams.Replay, tc.seller[0], tc.seller[1])
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, res)
		})
	}
}

func TestFamilyIsRegisteredAndExamplesRun(t *testing.T) {
	for _, name := range []string{"x402_market_radar", "x402_rank_audit"} {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil || tool.Category != "x402 Market Intel" || tool.Shape != registry.Object {
			t.Fatalf("%s: not registered as an x402 Market Intel object tool", name)
		}
		res, err := call(t, name, tool.Example, upstreams.Replay, ownBase, ownPayTo)
		if err != nil {
			t.Fatalf("%s: example: %v", name, err)
		}
		body, _ := json.Marshal(res.Data)
		if body[0] != '{' || res.Count == 0 || res.Source != "CDP x402 Bazaar" || res.Cached {
			t.Errorf("%s: data %s count %d source %q cached %v", name, body[:1], res.Count, res.Source, res.Cached)
		}
	}
}

func TestUpstreamErrors(t *testing.T) {
	down := &upstreams.Error{Source: "x402_catalog", Kind: upstreams.Timeout, Message: "deadline passed"}
	garbage := upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: 200, Body: []byte("not json")}, nil
	})
	for _, name := range []string{"x402_market_radar", "x402_rank_audit"} {
		tool, _ := registry.Lookup(name)
		_, err := call(t, name, tool.Example, upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
			return nil, down
		}))
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own error", name, err)
		}
		_, err = call(t, name, tool.Example, garbage)
		if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer || e.Message != "answer does not decode" {
			t.Errorf("%s: error %v, want upstream_error", name, err)
		}
	}
}

func TestCachedWhenEveryAnswerWasCached(t *testing.T) {
	cached := upstreams.DoerFunc(func(ctx context.Context, r *upstreams.Request) (*upstreams.Response, error) {
		resp, err := upstreams.Replay.Do(ctx, r)
		if err == nil {
			resp.Cached = true
		}
		return resp, err
	})
	res, err := call(t, "x402_market_radar", map[string]any{"query_limit": 3}, cached)
	if err != nil || !res.Cached {
		t.Errorf("cached %v, err %v", res != nil && res.Cached, err)
	}
}
