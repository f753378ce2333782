package registry

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

func TestBuyerContractFields(t *testing.T) {
	b, err := json.Marshal(testSite.Contract(sampleInsider))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"schemaVersion": "svc.buyer_contract.v1",
		"service":       "coinslot",
		"tool":          "test_insider_brief",
		"category":      "Finance",
		"method":        "POST",
		"endpoint":      "https://api.coinslot.test/paid/test/insider-brief",
		"priceUsd":      "0.12",
		"maxPaymentUsd": "0.12",
		"protocol":      "x402",
		"scheme":        "exact",
		"network":       "eip155:8453",
		"networkName":   "Base",
		"asset":         "USDC",
		"assetContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
		"networks": []any{map[string]any{"network": "eip155:8453", "networkName": "Base",
			"assetContract": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "schemes": []any{"exact"}}},
		"payTo":       "0x1111111111111111111111111111111111111111",
		"facilitator": "https://facilitator.coinslot.test",
		"requestBody": map[string]any{"ticker": "O'NEIL"},
		"input": map[string]any{
			"ticker":    "required string (stock ticker)",
			"min_score": "optional number 0-1; default 0.5",
		},
		"expectedResult": "An object with clusters, watchlist and meta.",
		"verifyBeforePaying": []any{
			"network must equal eip155:8453",
			"asset contract must equal 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
			"payTo must equal 0x1111111111111111111111111111111111111111",
			"maxPayment must be no more than 0.12 USD",
			"resource path must match /paid/test/insider-brief",
		},
		"receiptSchema": "https://api.coinslot.test/svc-receipt-v1.md",
	}
	gotJSON, _ := json.MarshalIndent(got, "", " ")
	wantJSON, _ := json.MarshalIndent(want, "", " ")
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("contract:\n%s\nwant:\n%s", gotJSON, wantJSON)
	}
}

func TestMCPOnlyContractNamesTheMCPResource(t *testing.T) {
	c := testSite.Contract(sampleScrape)
	if c.Endpoint != "https://api.coinslot.test/mcp" {
		t.Errorf("endpoint = %s", c.Endpoint)
	}
	if last := c.VerifyBeforePaying[4]; last != "resource must equal https://api.coinslot.test/mcp and the bazaar extension's toolName test_scrape" {
		t.Errorf("resource rule = %q", last)
	}
}

func TestApprovalPrompt(t *testing.T) {
	got := testSite.ApprovalPrompt(sampleRadar)
	want := "Calling test_market_radar costs 0.05 USD in USDC on Base (eip155:8453). Before approving, verify " +
		"payTo 0x1111111111111111111111111111111111111111, asset contract 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 " +
		"and maxPayment 0.05 USD. Expected result: Envelope: catalog size, own ranks & keyword gaps."
	if got != want {
		t.Errorf("approval prompt:\n got %s\nwant %s", got, want)
	}
}

func TestQuoteCarriesAtomicPrice(t *testing.T) {
	d := buildSamples(t, testSite)
	b, ok := d.Quote("test_safety_brief")
	if !ok {
		t.Fatal("no quote for test_safety_brief")
	}
	var q struct {
		PriceUSD    string         `json:"price_usd"`
		PriceAtomic string         `json:"price_atomic"`
		Tool        map[string]any `json:"tool"`
	}
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatal(err)
	}
	if q.PriceUSD != "0.10" || q.PriceAtomic != "100000" || q.Tool["http_path"] != "/paid/test/safety-brief" {
		t.Errorf("quote = %+v", q)
	}
	if _, ok := d.Quote("no_such_tool"); ok {
		t.Error("quote for an unknown tool")
	}
	var all map[string]json.RawMessage
	_ = json.Unmarshal(b, &all)
	keys := slices.Sorted(maps.Keys(all))
	if want := []string{"approval_prompt", "buyer_contract", "category", "endpoint", "price_atomic", "price_usd", "service", "tool"}; !slices.Equal(keys, want) {
		t.Errorf("quote keys = %v, want %v", keys, want)
	}
}

// TestSeveralNetworks: a site sold on two networks lists both in the buyer
// contract, whose network rules then name both, and in /.well-known/x402
// and OpenAPI's x-payment-info one accepts entry per network and scheme.
func TestSeveralNetworks(t *testing.T) {
	s := testSite
	s.Schemes = []string{Scheme, "batch-settlement"}
	s.More = []PayNetwork{{Network: "eip155:137", NetworkName: "Polygon", AssetContract: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", Schemes: []string{Scheme}}}
	c := s.Contract(sampleInsider)
	if len(c.Networks) != 2 || c.Networks[1].Network != "eip155:137" || c.Network != "eip155:8453" {
		t.Fatalf("contract networks %+v", c.Networks)
	}
	if c.VerifyBeforePaying[0] != "network must be one of eip155:8453, eip155:137" ||
		c.VerifyBeforePaying[1] != "asset contract must equal the assetContract networks lists for the chosen network" {
		t.Errorf("rules %q", c.VerifyBeforePaying[:2])
	}
	var got []string
	doc := buildX402(s, []*Tool{sampleInsider})
	i := slices.IndexFunc(doc, func(f field) bool { return f.Key == "items" })
	for _, a := range doc[i].Value.([]x402Resource)[0].Accepts {
		got = append(got, a.Scheme+" "+a.Network+" "+a.Asset+" "+a.Amount)
	}
	want := []string{
		"exact eip155:8453 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 120000",
		"batch-settlement eip155:8453 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 120000",
		"exact eip155:137 0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359 120000",
	}
	if !slices.Equal(got, want) {
		t.Errorf("well-known accepts %q, want %q", got, want)
	}
	accepts := s.accepts(sampleInsider)
	if len(accepts) != 3 || accepts[2]["network"] != "eip155:137" || accepts[1]["scheme"] != "batch-settlement" {
		t.Errorf("x-payment-info accepts %v", accepts)
	}
}
