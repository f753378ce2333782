package markets

import (
	"errors"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

var family = []string{
	"venueA_event_scan", "venueA_market_scan", "cross_platform_arb_scan", "rebalance_arb_scan", "trending_markets",
	"odds_feed", "volume_analytics", "resolution_history", "venueB_markets", "combinatorial_arb",
	"orderbook_imbalance", "smart_money",
}

const (
	fedCutCondition = "0x5f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80"
	fedCutYesToken  = "66773286493512960930061254302912227709855135315827355767260464904855829104303"
)

// Each case's output is checked against testdata/<name>.golden.json.
var goldenCases = []struct {
	name, tool string
	in         map[string]any
}{
	{"venueA_event_scan", "venueA_event_scan", map[string]any{"slug": "next-prime-minister-of-ethiopia"}},
	{"venueA_event_scan_illiquid_leg", "venueA_event_scan", map[string]any{"slug": "next-prime-minister-of-ethiopia", "min_liquidity": 2000}},
	{"venueA_event_scan_below_threshold", "venueA_event_scan", map[string]any{"slug": "fed-decision-in-december-2026"}},
	{"venueA_event_scan_short", "venueA_event_scan", map[string]any{"slug": "fed-decision-in-december-2026", "min_edge": 0.001}},
	{"venueA_market_scan", "venueA_market_scan", map[string]any{"limit": 50}},
	{"venueA_market_scan_empty", "venueA_market_scan", map[string]any{"limit": 10, "min_certainty": 0.999, "min_edge": 0.5}},
	{"rebalance_arb_scan", "rebalance_arb_scan", map[string]any{"limit": 100}},
	{"rebalance_arb_scan_empty", "rebalance_arb_scan", map[string]any{"min_edge": 0.2}},
	{"trending_markets", "trending_markets", map[string]any{"limit": 10}},
	{"trending_markets_politics", "trending_markets", map[string]any{"category": "politics"}},
	{"trending_markets_empty", "trending_markets", map[string]any{"category": "esports"}},
	{"odds_feed", "odds_feed", map[string]any{"limit": 10}},
	{"odds_feed_venueB", "odds_feed", map[string]any{"limit": 5, "platform": "venueB"}},
	{"volume_analytics", "volume_analytics", map[string]any{"limit": 12}},
	{"volume_analytics_empty", "volume_analytics", map[string]any{"min_volume": 1e9}},
	{"resolution_history", "resolution_history", map[string]any{"limit": 10, "days_back": 7}},
	{"resolution_history_30d", "resolution_history", map[string]any{"days_back": 30}},
	{"resolution_history_1d", "resolution_history", map[string]any{"days_back": 1}},
	{"venueB_markets", "venueB_markets", map[string]any{"limit": 10}},
	{"venueB_markets_event", "venueB_markets", map[string]any{"category": "KXFEDDECISION-26DEC"}},
	{"venueB_markets_empty", "venueB_markets", map[string]any{"category": "KXNOSUCHEVENT"}},
	{"cross_platform_arb_scan", "cross_platform_arb_scan", map[string]any{"query": "fed"}},
	{"cross_platform_arb_scan_one_page", "cross_platform_arb_scan", map[string]any{"query": "fed", "venueB_max_pages": 1}},
	{"cross_platform_arb_scan_empty", "cross_platform_arb_scan", map[string]any{"query": "fed", "min_similarity": 0.95}},
	{"combinatorial_arb", "combinatorial_arb", map[string]any{"limit": 20}},
	{"combinatorial_arb_first_event", "combinatorial_arb", map[string]any{"limit": 1}},
	{"orderbook_imbalance", "orderbook_imbalance", map[string]any{"limit": 5}},
	{"orderbook_imbalance_condition", "orderbook_imbalance", map[string]any{"condition_id": fedCutCondition}},
	{"orderbook_imbalance_token", "orderbook_imbalance", map[string]any{"token_id": fedCutYesToken}},
	{"smart_money", "smart_money", map[string]any{"limit": 5}},
	{"smart_money_30d", "smart_money", map[string]any{"limit": 5, "timeframe": "30d"}},
	{"smart_money_empty", "smart_money", map[string]any{"timeframe": "all"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.name+".golden.json", res)
		})
	}
}

func TestFamilyIsRegisteredAndExamplesRun(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil {
			t.Fatalf("%s: not registered with a handler", name)
		}
		if tool.Category != "Prediction Markets" || tool.Shape != registry.Envelope {
			t.Errorf("%s: category %q shape %s", name, tool.Category, tool.Shape)
		}
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil {
			t.Errorf("%s: example: %v", name, err)
			continue
		}
		if res.Count == 0 || res.Source == "" || res.Cached {
			t.Errorf("%s: example result count %d source %q cached %v", name, res.Count, res.Source, res.Cached)
		}
	}
}

func TestCachedOnlyWhenEveryAnswerWasCached(t *testing.T) {
	res, err := registrytest.Run(t, "cross_platform_arb_scan", map[string]any{"query": "fed"}, cachedReplay, now)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cached || res.Source != "Polymarket Gamma API, Kalshi Trade API" {
		t.Errorf("cached %v source %q", res.Cached, res.Source)
	}
}

func TestUpstreamErrorsPassUnchanged(t *testing.T) {
	down := &upstreams.Error{Source: "polymarket_gamma", Kind: upstreams.Unavailable, Status: 503, Message: "upstream answered with an error"}
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		_, err := registrytest.Run(t, name, tool.Example, failing(down), now)
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own *upstreams.Error", name, err)
		}
	}
}

func TestUndecodableAnswersAreUpstreamErrors(t *testing.T) {
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		_, err := registrytest.Run(t, name, tool.Example, garbage, now)
		e, ok := upstreams.AsError(err)
		if !ok || e.Kind != upstreams.BadAnswer || e.Message != "answer does not decode" {
			t.Errorf("%s: error %v, want upstream_error \"answer does not decode\"", name, err)
		}
	}
}

func TestNotFound(t *testing.T) {
	cases := []struct {
		tool    string
		in      map[string]any
		message string
	}{
		{"venueA_event_scan", map[string]any{"slug": "no-such-event"}, `no venueA event with slug "no-such-event"`},
		{"trending_markets", map[string]any{"category": "no-such-tag"}, `no venueA category "no-such-tag"`},
		{"orderbook_imbalance", map[string]any{"condition_id": "0x0000000000000000000000000000000000000000000000000000000000000000"},
			"no venueA market with condition id 0x0000000000000000000000000000000000000000000000000000000000000000"},
		{"orderbook_imbalance", map[string]any{"token_id": "123"}, "no order book for token 123"},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		var e *upstreams.Error
		if !errors.As(err, &e) || e.Kind != upstreams.NotFound || e.Message != tc.message {
			t.Errorf("%s %v: error %v, want not_found %q", tc.tool, tc.in, err, tc.message)
		}
	}
}
