package finance

import (
	"context"
	"os"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// goldenCases compare whole results with testdata/<golden>.golden.json.
// Regenerate with: go test ./registry/finance -update
var goldenCases = []registrytest.Case{
	{Golden: "btc_mempool_fees", Tool: "btc_mempool_fees", In: map[string]any{}},
	{Golden: "btc_address_balance", Tool: "btc_address_balance", In: map[string]any{"address": "bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h", "limit": 5}},
	{Golden: "btc_address_balance_limit1", Tool: "btc_address_balance", In: map[string]any{"address": "BC1QM34LSC65ZPW79LXES69ZKQMK6EE3EWF0J77S3H", "limit": 1}},
	{Golden: "crypto_price_simple", Tool: "crypto_price_simple", In: map[string]any{"coin": "bitcoin"}},
	{Golden: "crypto_price_simple_eur", Tool: "crypto_price_simple", In: map[string]any{"coin": "Ethereum", "currency": "EUR"}},
	{Golden: "token_stock_quote", Tool: "token_stock_quote", In: map[string]any{"query": "AAPLx"}},
	{Golden: "token_stock_quote_all", Tool: "token_stock_quote", In: map[string]any{"query": "AAPLx", "limit": 10}},
	{Golden: "fred_series", Tool: "fred_series", In: map[string]any{"series_id": "T10Y2Y", "limit": 10}},
	{Golden: "fred_series_dashboard", Tool: "fred_series", In: map[string]any{"limit": 5}},
	{Golden: "edgar_filings", Tool: "edgar_filings", In: map[string]any{"query": `"x402 payments"`}},
	{Golden: "insider_trades_aapl", Tool: "insider_trades", In: map[string]any{"ticker": "AAPL", "limit": 10}},
	{Golden: "insider_trades_market", Tool: "insider_trades", In: map[string]any{"limit": 5}},
	{Golden: "insider_cluster_brief", Tool: "insider_cluster_brief", In: map[string]any{"limit": 10}},
	{Golden: "insider_cluster_brief_hlbc", Tool: "insider_cluster_brief", In: map[string]any{"ticker": "HLBC"}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
}

func TestUpstreamErrors(t *testing.T) {
	cases := []struct {
		tool   string
		in     map[string]any
		kind   upstreams.Kind
		status int
	}{
		{"crypto_price_simple", map[string]any{"coin": "not-a-coin"}, upstreams.NotFound, 0},
		{"token_stock_quote", map[string]any{"query": "ZZZNOPE"}, upstreams.NotFound, 0},
		{"insider_trades", map[string]any{"ticker": "NOPE"}, upstreams.NotFound, 0},
		{"edgar_filings", map[string]any{"query": "anything", "ticker": "NOPE"}, upstreams.NotFound, 0},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		ue, ok := upstreams.AsError(err)
		if !ok || ue.Kind != tc.kind || ue.Status != tc.status {
			t.Errorf("%s %v: error %v, want %s %d", tc.tool, tc.in, err, tc.kind, tc.status)
		}
	}
}

// A mistyped address fails its checksum before payment.
func TestBTCAddressChecksums(t *testing.T) {
	bad := registry.FieldError{Name: "address", Problem: "is not a valid Bitcoin address: its checksum does not match"}
	for _, addr := range []string{
		"1BoatSLRHtKNngkdXEeobR76b53LETtpyX",                             // Base58Check, one letter off
		"bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3j",                     // bech32, last letter off
		"bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3296", // bech32m, last letter off
		"bc1q5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", // v0 with a bech32m checksum
	} {
		registrytest.Refused(t, "btc_address_balance", map[string]any{"address": addr}, bad)
	}
	for _, addr := range []string{
		"1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
		"3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
		"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",                     // BIP 173
		"bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297", // BIP 350
	} {
		registrytest.Accepted(t, "btc_address_balance", map[string]any{"address": addr})
	}
}

// The full-text fixture answers every query alike, so the filters are
// checked on the requests themselves.
func TestEdgarFilingsRequests(t *testing.T) {
	var urls []string
	rec := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		urls = append(urls, req.URL)
		return upstreams.Replay.Do(ctx, req)
	})
	tool, _ := registry.Lookup("edgar_filings")
	args, _ := tool.Validate(map[string]any{"query": `"x402 payments"`, "form_type": "8-K", "ticker": "coin"})
	if _, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: rec, Now: upstreams.RecordedAt}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"https://www.sec.gov/files/company_tickers.json",
		"https://efts.sec.gov/LATEST/search-index?ciks=0001679788&forms=8-K&q=%22x402+payments%22",
	}
	if len(urls) != len(want) || urls[0] != want[0] || urls[1] != want[1] {
		t.Errorf("requests = %q, want %q", urls, want)
	}
}

// A search for SUI also returns pools where SUI is only the quote side
// (USDC/SUI) and pools of other tokens named like it (SUIAI): the quote
// prices SUI itself, from its own pools only.
func TestTokenStockQuotePricesOnlyTheBaseToken(t *testing.T) {
	body, err := os.ReadFile("testdata/dexscreener_search_sui.json")
	if err != nil {
		t.Fatal(err)
	}
	dex := upstreams.DoerFunc(func(_ context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: 200, Body: body}, nil
	})
	res, err := registrytest.Run(t, "token_stock_quote", map[string]any{"query": "sui", "limit": 10}, dex, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	q := res.Data.(tokenQuote)
	// (3.4102*8120554.3 + 3.4021*2051877.12) / (8120554.3 + 2051877.12)
	if q.Symbol != "SUI" || q.Name != "Sui" || q.WeightedPriceUSD != 3.408566 || q.TotalLiquidityUSD != 10172431.42 || res.Count != 2 {
		t.Errorf("quote = %+v, count %d", q, res.Count)
	}
	for _, p := range q.Pools {
		if p.Base != "SUI" {
			t.Errorf("priced a %s/%s pool", p.Base, p.Quote)
		}
	}
	_, err = registrytest.Run(t, "token_stock_quote", map[string]any{"query": "Tether USD"}, dex, upstreams.RecordedAt)
	if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.NotFound || ue.Message != `no priced pools have "Tether USD" as their base token` {
		t.Errorf("a token only on the quote side: %v", err)
	}
}
