package gov

import (
	"context"
	"errors"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// goldenCases compare whole results with testdata/<golden>.golden.json.
// Regenerate with: go test ./registry/gov -update
var goldenCases = []registrytest.Case{
	{Golden: "national_debt", Tool: "national_debt", In: map[string]any{}},
	{Golden: "postal_code_lookup", Tool: "postal_code_lookup", In: map[string]any{"country": "US", "postal_code": "90210"}},
	{Golden: "postal_code_lookup_de", Tool: "postal_code_lookup", In: map[string]any{"country": "de", "postal_code": "10115"}},
	{Golden: "economic_indicators", Tool: "economic_indicators", In: map[string]any{}},
	{Golden: "economic_indicators_de_inflation", Tool: "economic_indicators", In: map[string]any{"country": "de", "indicator": "FP.CPI.TOTL.ZG"}},
	{Golden: "nonprofit_filings", Tool: "nonprofit_filings", In: map[string]any{"query": "Gates Foundation"}},
	{Golden: "nonprofit_filings_none", Tool: "nonprofit_filings", In: map[string]any{"query": "Zzyzx"}},
	{Golden: "federal_grants", Tool: "federal_grants", In: map[string]any{"query": "artificial intelligence"}},
	{Golden: "lobbying_records", Tool: "lobbying_records", In: map[string]any{"client": "Google", "year": 2026}},
	{Golden: "lobbying_records_none", Tool: "lobbying_records", In: map[string]any{"client": "Zzyzx"}},
	{Golden: "federal_contracts", Tool: "federal_contracts", In: map[string]any{"query": "zero trust", "limit": 10}},
	{Golden: "federal_spending", Tool: "federal_spending", In: map[string]any{"limit": 10}},
	{Golden: "gov_contract_fit_brief", Tool: "gov_contract_fit_brief", In: map[string]any{"keyword": "zero trust", "company_domain": "zscaler.com"}},
	{Golden: "gov_contract_fit_brief_no_domain", Tool: "gov_contract_fit_brief", In: map[string]any{"keyword": "zero trust", "agency": "dod"}},
	{Golden: "gov_contract_fit_brief_unmatched", Tool: "gov_contract_fit_brief", In: map[string]any{"keyword": "zero trust", "company_domain": "https://www.example.co.uk/about"}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
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
	if _, err := registrytest.Run(t, "federal_spending", map[string]any{"agency": "nasa", "recipient": "Blue Origin", "limit": 5}, rec, upstreams.RecordedAt); err != nil {
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
