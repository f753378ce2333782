package osint

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// goldenCases run a tool on fixtures and compare the whole result with
// testdata/<golden>.golden.json. Regenerate with: go test ./registry/osint -update
var goldenCases = []registrytest.Case{
	{Golden: "quake_feed", Tool: "quake_feed", In: map[string]any{"limit": 10, "min_mag": 2.5}},
	{Golden: "quake_feed_limit5", Tool: "quake_feed", In: map[string]any{"limit": 5}},
	{Golden: "news_frontpage", Tool: "news_frontpage", In: map[string]any{"limit": 5}},
	{Golden: "news_frontpage_min_points", Tool: "news_frontpage", In: map[string]any{"min_points": 100}},
	{Golden: "attention_momentum", Tool: "attention_momentum", In: map[string]any{"window": "6h"}},
	{Golden: "llm_router_models", Tool: "llm_router_models", In: map[string]any{"limit": 10}},
	{Golden: "llm_router_models_min_context", Tool: "llm_router_models", In: map[string]any{"limit": 10, "min_context": 150000}},
	{Golden: "code_host_trending", Tool: "code_host_trending", In: map[string]any{"limit": 10, "language": "go"}},
	{Golden: "code_host_trending_limit5", Tool: "code_host_trending", In: map[string]any{"limit": 5}},
	{Golden: "ip_geolocation_v4", Tool: "ip_geolocation", In: map[string]any{"ip": "8.8.8.8"}},
	{Golden: "ip_geolocation_v6", Tool: "ip_geolocation", In: map[string]any{"ip": "2a00:1450:4001:81b::200e"}},
	{Golden: "sec_8k_velocity_top", Tool: "sec_8k_velocity", In: map[string]any{"hours": 6, "min_score": 0.6, "limit": 10}},
	{Golden: "fred_surprises", Tool: "fred_surprises", In: map[string]any{"days": 14}},
	{Golden: "fred_surprises_min_score", Tool: "fred_surprises", In: map[string]any{"days": 30, "min_score": 0.5}},
	{Golden: "treasury_dts", Tool: "treasury_dts", In: map[string]any{"days": 7}},
	{Golden: "treasury_dts_min_score", Tool: "treasury_dts", In: map[string]any{"days": 10, "min_score": 0.4}},
	{Golden: "airport_status_sfo", Tool: "airport_status", In: map[string]any{"icao": "KSFO"}},
	{Golden: "airport_status_ewr", Tool: "airport_status", In: map[string]any{"icao": "kewr"}},
	{Golden: "airport_status_pns_closed", Tool: "airport_status", In: map[string]any{"icao": "KPNS"}},
	{Golden: "airport_status_normal", Tool: "airport_status", In: map[string]any{"icao": "PHNL"}},
	{Golden: "regulatory_pulse_all", Tool: "regulatory_pulse", In: map[string]any{"org": "all", "hours_back": 72}},
	{Golden: "regulatory_pulse_faa", Tool: "regulatory_pulse", In: map[string]any{"org": "faa"}},
	{Golden: "weather_bias_score", Tool: "weather_bias_score", In: map[string]any{"city": "NYC", "days_back": 14}},
	{Golden: "air_quality_stations_us", Tool: "air_quality_stations", In: map[string]any{"limit": 10, "country": "us"}},
	{Golden: "air_quality_stations_none", Tool: "air_quality_stations", In: map[string]any{"country": "ZZ"}},
	{Golden: "supply_chain_stress", Tool: "supply_chain_stress", In: map[string]any{"chokepoints": []any{"hormuz", "suez"}}},
	{Golden: "supply_chain_stress_port", Tool: "supply_chain_stress", In: map[string]any{"ports": []any{"port1114"}}},
	{Golden: "osint_research_pack", Tool: "osint_research_pack", In: map[string]any{"topic": "x402 payments"}},
	{Golden: "osint_research_pack_domains", Tool: "osint_research_pack", In: map[string]any{"topic": "x402 payments", "include_sources": []any{"gdelt", "hackernews"}, "domains": []any{"techcrunch.com", "example.dev"}}},
	{Golden: "geo_intervention_pulse", Tool: "geo_intervention_pulse", In: map[string]any{"region": "middle_east", "hours_back": 6}},
	{Golden: "geo_intervention_pulse_no_thermal", Tool: "geo_intervention_pulse", In: map[string]any{"region": "middle_east", "hours_back": 6, "include_thermal": false}},
	{Golden: "scenario_verdict", Tool: "scenario_verdict", In: map[string]any{"seed_text": "Naval vessels massing near the Strait of Hormuz after tanker seizure", "market_question": "Will Iran close the Strait of Hormuz before 2027?"}},
	{Golden: "scenario_verdict_calming", Tool: "scenario_verdict", In: map[string]any{"seed_text": "Talks on shipping through the Strait of Hormuz stalled", "market_question": "Will a deal reopen the Strait of Hormuz to all tankers?"}},
	{Golden: "flight_intel_kjfk", Tool: "flight_intel", In: map[string]any{"airport_code": "KJFK"}},
	{Golden: "flight_intel_jfk_military_filter", Tool: "flight_intel", In: map[string]any{"airport_code": "jfk", "tail_number": "ae0412"}},
	{Golden: "flight_intel_callsign", Tool: "flight_intel", In: map[string]any{"tail_number": "DAL401"}},
	{Golden: "regulatory_impact_brief", Tool: "regulatory_impact_brief", In: map[string]any{"sector": "stablecoins", "limit": 5}},
	{Golden: "regulatory_impact_brief_none", Tool: "regulatory_impact_brief", In: map[string]any{"sector": "zeppelin leasing", "agency": "Federal Aviation Administration"}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
}

// upstreamErrorCases check that failures reach the edge as typed errors.
var upstreamErrorCases = []struct {
	tool   string
	in     map[string]any
	kind   upstreams.Kind
	status int
}{
	{"quake_feed", map[string]any{"min_mag": 9.5}, upstreams.BadAnswer, 503},
	{"code_host_trending", map[string]any{"language": "cobol"}, upstreams.BadAnswer, 403},
	{"ip_geolocation", map[string]any{"ip": "198.51.100.7"}, upstreams.NotFound, 0},
	{"ip_geolocation", map[string]any{"ip": "10.1.2.3"}, upstreams.NotFound, 0},
	{"ip_geolocation", map[string]any{"ip": "256.1.2.3"}, upstreams.NotFound, 0},
	{"airport_status", map[string]any{"icao": "EGLL"}, upstreams.NotFound, 0},
	{"supply_chain_stress", map[string]any{"ports": []any{"port9999"}}, upstreams.NotFound, 0},
	{"flight_intel", map[string]any{}, upstreams.NotFound, 0},
	{"flight_intel", map[string]any{"airport_code": "ZZZZ"}, upstreams.NotFound, 0},
	{"scenario_verdict", map[string]any{"seed_text": "Quarterly earnings beat estimates", "market_question": "Will the Fed cut rates in June?"}, upstreams.NotFound, 0},
}

func TestUpstreamErrors(t *testing.T) {
	for _, tc := range upstreamErrorCases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		ue, ok := upstreams.AsError(err)
		if !ok {
			t.Errorf("%s %v: error %v, want an upstream error", tc.tool, tc.in, err)
			continue
		}
		if ue.Kind != tc.kind || ue.Status != tc.status {
			t.Errorf("%s %v: %s %d, want %s %d", tc.tool, tc.in, ue.Kind, ue.Status, tc.kind, tc.status)
		}
	}
}
