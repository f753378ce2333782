package gov

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

var family = []string{
	"gov_contract_fit_brief", "federal_spending", "national_debt", "federal_grants", "nonprofit_filings",
	"economic_indicators", "lobbying_records", "federal_contracts", "postal_code_lookup",
}

func TestFamilyIsSoldAndExamplesRun(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil || tool.Category != "Government" {
			t.Errorf("%s: registered %v, handler or category missing", name, ok)
			continue
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}

// goldenCases compare whole results with testdata/<golden>.golden.json.
// Regenerate with: go test ./registry/gov -update
var goldenCases = []struct {
	tool, golden string
	in           map[string]any
}{
	{"national_debt", "national_debt", map[string]any{}},
	{"postal_code_lookup", "postal_code_lookup", map[string]any{"country": "US", "postal_code": "90210"}},
	{"postal_code_lookup", "postal_code_lookup_de", map[string]any{"country": "de", "postal_code": "10115"}},
	{"economic_indicators", "economic_indicators", map[string]any{}},
	{"economic_indicators", "economic_indicators_de_inflation", map[string]any{"country": "de", "indicator": "FP.CPI.TOTL.ZG"}},
	{"nonprofit_filings", "nonprofit_filings", map[string]any{"query": "Gates Foundation"}},
	{"nonprofit_filings", "nonprofit_filings_none", map[string]any{"query": "Zzyzx"}},
	{"federal_grants", "federal_grants", map[string]any{"query": "artificial intelligence"}},
	{"lobbying_records", "lobbying_records", map[string]any{"client": "Google", "year": 2026}},
	{"lobbying_records", "lobbying_records_none", map[string]any{"client": "Zzyzx"}},
	{"federal_contracts", "federal_contracts", map[string]any{"query": "zero trust", "limit": 10}},
	{"federal_spending", "federal_spending", map[string]any{"limit": 10}},
	{"gov_contract_fit_brief", "gov_contract_fit_brief", map[string]any{"keyword": "zero trust", "company_domain": "zscaler.com"}},
	{"gov_contract_fit_brief", "gov_contract_fit_brief_no_domain", map[string]any{"keyword": "zero trust", "agency": "dod"}},
	{"gov_contract_fit_brief", "gov_contract_fit_brief_unmatched", map[string]any{"keyword": "zero trust", "company_domain": "https://www.example.co.uk/about"}},
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

func TestUpstreamErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		kind upstreams.Kind
	}{
		{"postal_code_lookup", map[string]any{"country": "US", "postal_code": "00000"}, upstreams.NotFound},
		{"economic_indicators", map[string]any{"country": "XX"}, upstreams.NotFound},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		ue, ok := upstreams.AsError(err)
		if !ok || ue.Kind != tc.kind {
			t.Errorf("%s %v: error %v, want %s", tc.tool, tc.in, err, tc.kind)
		}
	}
}

func TestInputErrors(t *testing.T) {
	cases := []struct {
		tool, field string
		in          map[string]any
	}{
		{"federal_contracts", "agency", map[string]any{"agency": "Ministry of Magic"}},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		var ie *registry.InputError
		if !errors.As(err, &ie) || ie.Fields[0].Name != tc.field {
			t.Errorf("%s %v: error %v, want an input error on %s", tc.tool, tc.in, err, tc.field)
		}
	}
}

// POST fixtures answer every body alike, so the bodies are checked here.
func TestAwardSearchBodies(t *testing.T) {
	var bodies []string
	rec := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.Method == "POST" {
			bodies = append(bodies, string(req.Body))
		}
		return upstreams.Replay.Do(ctx, req)
	})
	if _, err := registrytest.Run(t, "federal_spending", map[string]any{"agency": "nasa", "recipient": "Blue Origin", "limit": 5}, rec, now); err != nil {
		t.Fatal(err)
	}
	want := `{"fields":["Award ID","Recipient Name","Start Date","End Date","Award Amount","Awarding Agency","Awarding Sub Agency",` +
		`"Contract Award Type","Description","NAICS","PSC","generated_internal_id"],"filters":{"agencies":[{"name":` +
		`"National Aeronautics and Space Administration","tier":"toptier","type":"awarding"}],"award_type_codes":["A","B","C","D"],` +
		`"recipient_search_text":["Blue Origin"],"time_period":[{"end_date":"2026-11-20","start_date":"2025-11-20"}]},` +
		`"limit":5,"order":"desc","page":1,"sort":"Award Amount","subawards":false}`
	if len(bodies) != 1 || bodies[0] != want {
		t.Errorf("bodies = %q\nwant %s", bodies, want)
	}
}
