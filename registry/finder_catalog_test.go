package registry_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/registry/all"
)

// The route finder on the real catalog: for each query, the tools expected
// first, in any order among themselves.
func TestFinderOnTheCatalog(t *testing.T) {
	docs := catalogDocuments(t)
	arb := []string{"combinatorial_arb", "rebalance_arb_scan", "cross_platform_arb_scan"}
	for _, c := range []struct {
		q     string
		first []string
	}{
		{"polymarket arbitrage", arb}, // README's example
		{"arbitrage", arb},
		{"arbitrag", arb},
		{"arb", arb},
		{"Polymarket", []string{"trending_markets", "venueA_market_scan", "venueA_event_scan", "volume_analytics", "resolution_history"}},
		{"kalshi", []string{"venueB_markets"}},
		{"kalhsi", []string{"venueB_markets"}},
		{"polymarkt trending", []string{"trending_markets"}},
		{"venueB", []string{"venueB_markets"}},
		{"polymarket kalshi", []string{"cross_platform_arb_scan", "odds_feed"}},
		{"polymarket wallets", []string{"smart_money"}},
		{"polymarket order book", []string{"orderbook_imbalance"}},
		{"resolved polymarket markets", []string{"resolution_history"}},
		{"earthquakes", []string{"quake_feed"}},
		{"earthqakes", []string{"quake_feed"}},
		{"x402_market_radar", []string{"x402_market_radar"}},
		{"vehicle recalls", []string{"vehicle_recalls"}},
		{"drug recall", []string{"drug_recalls"}},
		{"bitcoin fees", []string{"btc_mempool_fees"}},
		{"btc balance", []string{"btc_address_balance"}},
		{"court opinions", []string{"court_opinions"}},
		{"judges", []string{"judges_search"}},
		{"patents", []string{"patents_search"}},
		{"trademark", []string{"trademarks_search"}},
		{"arxiv preprints", []string{"search_arxiv"}},
		{"pubmed", []string{"search_pubmed"}},
		{"clinical trials", []string{"clinical_trials"}},
		{"isbn", []string{"isbn_book_lookup"}},
		{"tides", []string{"tide_data"}},
		{"wildfire", []string{"wildfires"}},
		{"aurora", []string{"aurora_forecast"}},
		{"exchange rates", []string{"currency_rates"}},
		{"time zone", []string{"timezone_current"}},
		{"business days", []string{"business_days"}},
		{"cve", []string{"cve_search"}},
		{"vulnerabilities", []string{"cve_search"}},
		{"dns", []string{"dns_records_lookup"}},
		{"lobbying", []string{"lobbying_records"}},
		{"national debt", []string{"national_debt"}},
		{"insider trading", []string{"insider_trades"}},
		{"robots.txt crawlers", []string{"check_agent_policy"}},
		{"ip geolocation", []string{"ip_geolocation"}},
		{"weather forecast", []string{"weather_forecast_grid"}},
		{"adverse events", []string{"adverse_events"}},
		{"citations", []string{"citation_graph"}},
		{"mcp safety", []string{"mcp_safety_brief"}},
		{"federal grants", []string{"federal_grants"}},
		{"nonprofit", []string{"nonprofit_filings"}},
		{"scrape a page", []string{"scrape"}},
	} {
		var got []string
		for _, m := range findMatches(t, docs, c.q) {
			got = append(got, m.Name)
		}
		if len(got) < len(c.first) {
			t.Errorf("find(%q) = %v, want %v first", c.q, got, c.first)
			continue
		}
		top := slices.Clone(got[:len(c.first)])
		slices.Sort(top)
		want := slices.Sorted(slices.Values(c.first))
		if !slices.Equal(top, want) {
			t.Errorf("find(%q) starts %v, want %v first", c.q, got[:min(len(got), len(c.first)+3)], c.first)
		}
	}
}

// A question no tool answers gets only weak matches, however many share a
// word with it; one a tool answers gets that tool first, strong. Fillers
// ("right now") change nothing.
func TestFinderSaysWhenNothingFits(t *testing.T) {
	docs := catalogDocuments(t)
	find := func(q string) []string {
		var got []string
		for _, m := range findMatches(t, docs, q) {
			got = append(got, m.Name+" "+m.Match)
		}
		return got
	}
	if got := find("check a url for phishing"); len(got) == 0 || slices.ContainsFunc(got, func(m string) bool { return strings.HasSuffix(m, " strong") }) {
		t.Errorf("find(check a url for phishing) = %v, want weak matches only", got)
	}
	if got := find("earthquakes near a city"); len(got) == 0 || got[0] != "quake_feed strong" {
		t.Errorf("find(earthquakes near a city) = %v, want quake_feed strong first", got)
	}
	if with, without := find("what are people betting on right now"), find("what are people betting on"); !slices.Equal(with, without) || without[0] != "trending_markets strong" {
		t.Errorf("with right now %v, without %v; want both trending_markets strong first", with[:min(3, len(with))], without[:min(3, len(without))])
	}
}

// match is one result of the route finder, as its JSON names it.
type match struct {
	Name  string `json:"name"`
	Match string `json:"match"` // strong or weak
}

// findMatches asks the finder q and reads its results.
func findMatches(t testing.TB, docs *registry.Documents, q string) []match {
	t.Helper()
	b, err := docs.Find(q)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Matches []match `json:"matches"`
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	return res.Matches
}

// catalogDocuments are the documents of the real catalog, without this
// package's test tools.
func catalogDocuments(t testing.TB) *registry.Documents {
	t.Helper()
	site := registry.Site{BaseURL: "http://localhost:8080", Version: "0.13.0", Service: "coinslot",
		Network: "eip155:1337", NetworkName: "coinslot sandbox chain", Sandbox: true, MaxTimeoutSeconds: 60}
	var catalog []*registry.Tool
	for _, tool := range registry.All() {
		if !strings.HasPrefix(tool.Name, "test_") {
			catalog = append(catalog, tool)
		}
	}
	docs, err := registry.BuildDocuments(site, catalog)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}
