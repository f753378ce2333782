package all

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
)

// The parameters' patterns and Checks are coarse: every form an upstream
// takes passes them, in any case and with spaces around it. (What they
// refuse is in the case folders, each refusal with its exact message.)
func TestUpstreamFormsAreAccepted(t *testing.T) {
	for _, c := range []struct {
		tool string
		in   map[string]any
	}{
		{"btc_address_balance", map[string]any{"address": " BC1QM34LSC65ZPW79LXES69ZKQMK6EE3EWF0J77S3H "}},
		{"btc_address_balance", map[string]any{"address": "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"}},
		{"btc_address_balance", map[string]any{"address": "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"}},
		{"btc_address_balance", map[string]any{"address": "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"}},                     // BIP 173
		{"btc_address_balance", map[string]any{"address": "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297"}}, // BIP 350
		{"citation_graph", map[string]any{"paperId": "PMCID:PMC2323736"}},
		{"code_host_repo_intel", map[string]any{"repo": " coinbase/x402.js "}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "us-de"}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "EU"}},
		{"court_docket", map[string]any{"docket_id": " 4214664 "}},
		{"court_opinions", map[string]any{"query": "fair use", "court": " SCOTUS  ca9 "}},
		{"court_opinions", map[string]any{"query": "fair use", "court": "   "}},
		{"crypto_price_simple", map[string]any{"coin": " Ethereum ", "currency": "EUR"}},
		{"crypto_price_simple", map[string]any{"coin": "usd-coin"}},
		{"currency_rates", map[string]any{"base": "eur", "target": " jpy , Gbp "}},
		{"currency_rates", map[string]any{"target": "   "}},
		{"cve_search", map[string]any{"cve_id": " cve-2021-44228 "}},
		{"dns_records_lookup", map[string]any{"domain": "_dmarc.Example.COM."}},
		{"economic_indicators", map[string]any{"country": "deu", "indicator": " fp.cpi.totl.zg"}},
		{"forum_search", map[string]any{"query": "x", "community": "/r/LocalLLaMA"}},
		{"forum_search", map[string]any{"query": "x", "community": "r/de"}},
		{"fred_series", map[string]any{"series_id": " unrate "}},
		{"ip_geolocation", map[string]any{"ip": "2a00:1450:4001:81b::200e"}},
		{"ip_geolocation", map[string]any{"ip": "::ffff:8.8.8.8"}},
		{"ip_geolocation", map[string]any{"ip": "2001:DB8::1"}},
		{"ip_geolocation", map[string]any{"ip": "::1"}},
		{"isbn_book_lookup", map[string]any{"isbn": "0-8044-2957-x"}},
		{"isbn_book_lookup", map[string]any{"isbn": "978 0 14 032872 1"}},
		{"nonprofit_filings", map[string]any{"query": "Gates", "state": "wa"}},
		{"paper_details", map[string]any{"paperId": "204e3073870fae3d05bcbc2f6a8e263d9b72e776"}},
		{"paper_details", map[string]any{"paperId": "10.18653/v1/N18-3011"}},
		{"paper_details", map[string]any{"paperId": " HTTPS://DOI.ORG/10.1145/3442188.3445922 "}},
		{"paper_details", map[string]any{"paperId": "1706.03762v5"}},
		{"paper_details", map[string]any{"paperId": "https://arxiv.org/abs/hep-th/9901001"}},
		{"paper_details", map[string]any{"paperId": "hep-th/9901001"}},
		{"postal_code_lookup", map[string]any{"country": "gb", "postal_code": " SW1A 1AA "}},
		{"postal_code_lookup", map[string]any{"country": "PL", "postal_code": "00-950"}},
		{"search_arxiv", map[string]any{"query": "moe", "category": "cond-mat.mes-hall"}},
		{"vehicle_recalls", map[string]any{"vin": "1hgcm82633a004352"}},
		{"water_levels", map[string]any{"state": "nd", "parameter_code": "00065"}},
		{"weather_alerts", map[string]any{"zone": "txc201"}},
	} {
		tool, ok := registry.Lookup(c.tool)
		if !ok {
			t.Fatalf("%s is not registered", c.tool)
		}
		if _, errs := tool.Validate(c.in); errs != nil {
			t.Errorf("%s %v: %v", c.tool, c.in, errs)
		}
	}
}
