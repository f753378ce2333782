package markets

import (
	"errors"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

const (
	fedCutCondition = "0x5f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80"
	fedCutYesToken  = "66773286493512960930061254302912227709855135315827355767260464904855829104303"
)

// Each case's output is checked against testdata/<name>.golden.json.
var goldenCases = []registrytest.Case{
	{Golden: "venueA_event_scan", Tool: "venueA_event_scan", In: map[string]any{"slug": "next-prime-minister-of-ethiopia"}},
	{Golden: "venueA_event_scan_illiquid_leg", Tool: "venueA_event_scan", In: map[string]any{"slug": "next-prime-minister-of-ethiopia", "min_liquidity": 2000}},
	{Golden: "venueA_event_scan_below_threshold", Tool: "venueA_event_scan", In: map[string]any{"slug": "fed-decision-in-december-2026"}},
	{Golden: "venueA_event_scan_short", Tool: "venueA_event_scan", In: map[string]any{"slug": "fed-decision-in-december-2026", "min_edge": 0.001}},
	{Golden: "venueA_market_scan", Tool: "venueA_market_scan", In: map[string]any{"limit": 50}},
	{Golden: "venueA_market_scan_empty", Tool: "venueA_market_scan", In: map[string]any{"limit": 10, "min_certainty": 0.999, "min_edge": 0.5}},
	{Golden: "rebalance_arb_scan", Tool: "rebalance_arb_scan", In: map[string]any{"limit": 100}},
	{Golden: "rebalance_arb_scan_empty", Tool: "rebalance_arb_scan", In: map[string]any{"min_edge": 0.2}},
	{Golden: "trending_markets", Tool: "trending_markets", In: map[string]any{"limit": 10}},
	{Golden: "trending_markets_politics", Tool: "trending_markets", In: map[string]any{"category": "politics"}},
	{Golden: "trending_markets_empty", Tool: "trending_markets", In: map[string]any{"category": "esports"}},
	{Golden: "odds_feed", Tool: "odds_feed", In: map[string]any{"limit": 10}},
	{Golden: "odds_feed_venueB", Tool: "odds_feed", In: map[string]any{"limit": 5, "platform": "venueB"}},
	{Golden: "volume_analytics", Tool: "volume_analytics", In: map[string]any{"limit": 12}},
	{Golden: "volume_analytics_empty", Tool: "volume_analytics", In: map[string]any{"min_volume": 1e9}},
	{Golden: "resolution_history", Tool: "resolution_history", In: map[string]any{"limit": 10, "days_back": 7}},
	{Golden: "resolution_history_30d", Tool: "resolution_history", In: map[string]any{"days_back": 30}},
	{Golden: "resolution_history_1d", Tool: "resolution_history", In: map[string]any{"days_back": 1}},
	{Golden: "venueB_markets", Tool: "venueB_markets", In: map[string]any{"limit": 10}},
	{Golden: "venueB_markets_event", Tool: "venueB_markets", In: map[string]any{"category": "KXFEDDECISION-26DEC"}},
	{Golden: "venueB_markets_empty", Tool: "venueB_markets", In: map[string]any{"category": "KXNOSUCHEVENT"}},
	{Golden: "cross_platform_arb_scan", Tool: "cross_platform_arb_scan", In: map[string]any{"query": "fed"}},
	{Golden: "cross_platform_arb_scan_one_page", Tool: "cross_platform_arb_scan", In: map[string]any{"query": "fed", "venueB_max_pages": 1}},
	{Golden: "cross_platform_arb_scan_empty", Tool: "cross_platform_arb_scan", In: map[string]any{"query": "fed", "min_similarity": 0.95}},
	{Golden: "combinatorial_arb", Tool: "combinatorial_arb", In: map[string]any{"limit": 20}},
	{Golden: "combinatorial_arb_first_event", Tool: "combinatorial_arb", In: map[string]any{"limit": 1}},
	{Golden: "orderbook_imbalance", Tool: "orderbook_imbalance", In: map[string]any{"limit": 5}},
	{Golden: "orderbook_imbalance_condition", Tool: "orderbook_imbalance", In: map[string]any{"condition_id": fedCutCondition}},
	{Golden: "orderbook_imbalance_token", Tool: "orderbook_imbalance", In: map[string]any{"token_id": fedCutYesToken}},
	{Golden: "smart_money", Tool: "smart_money", In: map[string]any{"limit": 5}},
	{Golden: "smart_money_30d", Tool: "smart_money", In: map[string]any{"limit": 5, "timeframe": "30d"}},
	{Golden: "smart_money_empty", Tool: "smart_money", In: map[string]any{"timeframe": "all"}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
}

func TestCachedOnlyWhenEveryAnswerWasCached(t *testing.T) {
	res, err := registrytest.Run(t, "cross_platform_arb_scan", map[string]any{"query": "fed"}, registrytest.CachedReplay, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cached || res.Source != "Polymarket Gamma API, Kalshi Trade API" {
		t.Errorf("cached %v source %q", res.Cached, res.Source)
	}
}

func TestUpstreamErrorsPassUnchanged(t *testing.T) {
	down := &upstreams.Error{Source: "polymarket_gamma", Kind: upstreams.Unavailable, Status: 503, Message: "upstream answered with an error"}
	for _, tool := range registrytest.InCategory(t, "Prediction Markets") {
		name := tool.Name
		_, err := registrytest.Run(t, name, tool.Example, registrytest.Failing(down), upstreams.RecordedAt)
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own *upstreams.Error", name, err)
		}
	}
}

func TestUndecodableAnswersAreUpstreamErrors(t *testing.T) {
	for _, tool := range registrytest.InCategory(t, "Prediction Markets") {
		name := tool.Name
		_, err := registrytest.Run(t, name, tool.Example, registrytest.Garbage("<html>maintenance</html>"), upstreams.RecordedAt)
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		var e *upstreams.Error
		if !errors.As(err, &e) || e.Kind != upstreams.NotFound || e.Message != tc.message {
			t.Errorf("%s %v: error %v, want not_found %q", tc.tool, tc.in, err, tc.message)
		}
	}
}
