package finance

import (
	"context"
	"os"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

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
