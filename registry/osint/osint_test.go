package osint

import (
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// goldenCases run a tool on fixtures and compare the whole result with
// testdata/<golden>.golden.json. Regenerate with: go test ./registry/osint -update
var goldenCases = []struct {
	tool, golden string
	in           map[string]any
}{
	{"quake_feed", "quake_feed", map[string]any{"limit": 10, "min_mag": 2.5}},
	{"quake_feed", "quake_feed_limit5", map[string]any{"limit": 5}},
	{"news_frontpage", "news_frontpage", map[string]any{"limit": 5}},
	{"news_frontpage", "news_frontpage_min_points", map[string]any{"min_points": 100}},
	{"attention_momentum", "attention_momentum", map[string]any{"window": "6h"}},
	{"llm_router_models", "llm_router_models", map[string]any{"limit": 10}},
	{"llm_router_models", "llm_router_models_min_context", map[string]any{"limit": 10, "min_context": 150000}},
	{"code_host_trending", "code_host_trending", map[string]any{"limit": 10, "language": "go"}},
	{"code_host_trending", "code_host_trending_limit5", map[string]any{"limit": 5}},
	{"ip_geolocation", "ip_geolocation_v4", map[string]any{"ip": "8.8.8.8"}},
	{"ip_geolocation", "ip_geolocation_v6", map[string]any{"ip": "2a00:1450:4001:81b::200e"}},
	{"sec_8k_velocity", "sec_8k_velocity_top", map[string]any{"hours": 6, "min_score": 0.6, "limit": 10}},
	{"fred_surprises", "fred_surprises", map[string]any{"days": 14}},
	{"fred_surprises", "fred_surprises_min_score", map[string]any{"days": 30, "min_score": 0.5}},
	{"treasury_dts", "treasury_dts", map[string]any{"days": 7}},
	{"treasury_dts", "treasury_dts_min_score", map[string]any{"days": 10, "min_score": 0.4}},
	{"airport_status", "airport_status_sfo", map[string]any{"icao": "KSFO"}},
	{"airport_status", "airport_status_ewr", map[string]any{"icao": "kewr"}},
	{"airport_status", "airport_status_pns_closed", map[string]any{"icao": "KPNS"}},
	{"airport_status", "airport_status_normal", map[string]any{"icao": "PHNL"}},
	{"regulatory_pulse", "regulatory_pulse_all", map[string]any{"org": "all", "hours_back": 72}},
	{"regulatory_pulse", "regulatory_pulse_faa", map[string]any{"org": "faa"}},
	{"weather_bias_score", "weather_bias_score", map[string]any{"city": "NYC", "days_back": 14}},
	{"air_quality_stations", "air_quality_stations_us", map[string]any{"limit": 10, "country": "us"}},
	{"air_quality_stations", "air_quality_stations_none", map[string]any{"country": "ZZ"}},
	{"supply_chain_stress", "supply_chain_stress", map[string]any{"chokepoints": []any{"hormuz", "suez"}}},
	{"supply_chain_stress", "supply_chain_stress_port", map[string]any{"ports": []any{"port1114"}}},
	{"osint_research_pack", "osint_research_pack", map[string]any{"topic": "x402 payments"}},
	{"osint_research_pack", "osint_research_pack_domains", map[string]any{"topic": "x402 payments", "include_sources": []any{"gdelt", "hackernews"}, "domains": []any{"techcrunch.com", "example.dev"}}},
	{"geo_intervention_pulse", "geo_intervention_pulse", map[string]any{"region": "middle_east", "hours_back": 6}},
	{"geo_intervention_pulse", "geo_intervention_pulse_no_thermal", map[string]any{"region": "middle_east", "hours_back": 6, "include_thermal": false}},
	{"scenario_verdict", "scenario_verdict", map[string]any{"seed_text": "Naval vessels massing near the Strait of Hormuz after tanker seizure", "market_question": "Will Iran close the Strait of Hormuz before 2027?"}},
	{"scenario_verdict", "scenario_verdict_calming", map[string]any{"seed_text": "Talks on shipping through the Strait of Hormuz stalled", "market_question": "Will a deal reopen the Strait of Hormuz to all tankers?"}},
	{"flight_intel", "flight_intel_kjfk", map[string]any{"airport_code": "KJFK"}},
	{"flight_intel", "flight_intel_jfk_military_filter", map[string]any{"airport_code": "jfk", "tail_number": "ae0412"}},
	{"flight_intel", "flight_intel_callsign", map[string]any{"tail_number": "DAL401"}},
	{"regulatory_impact_brief", "regulatory_impact_brief", map[string]any{"sector": "stablecoins", "limit": 5}},
	{"regulatory_impact_brief", "regulatory_impact_brief_none", map[string]any{"sector": "zeppelin leasing", "agency": "Federal Aviation Administration"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
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
