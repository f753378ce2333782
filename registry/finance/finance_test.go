package finance

import (
	"context"
	"os"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

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

// answering serves every request with one testdata file.
func answering(t *testing.T, file string) upstreams.Doer {
	t.Helper()
	body, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: 200, Body: body}, nil
	})
}

// A pair younger than an hour has no 1 h or 24 h change at DEX Screener:
// the pool says null, not a change of 0.
func TestTokenStockQuoteMissingChangeIsNull(t *testing.T) {
	res, err := registrytest.Run(t, "token_stock_quote", map[string]any{"query": "sui", "limit": 10}, answering(t, "dexscreener_search_sui_young.json"), upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Data.(tokenQuote).Pools {
		young := p.Pair == "0xcf994611fd4c48e277ce3ffd4d4364c914af2c3cbb05f7bf6facd371de688630"
		if young != (p.Change1hPct == nil) || young != (p.Change24hPct == nil) {
			t.Errorf("pool %s: 1 h change %v, 24 h change %v", p.Pair, p.Change1hPct, p.Change24hPct)
		}
		if !young && (*p.Change1hPct != -0.35 || *p.Change24hPct != 2.39) {
			t.Errorf("pool %s: changes %v, %v; want -0.35, 2.39", p.Pair, *p.Change1hPct, *p.Change24hPct)
		}
	}
}

// CoinGecko answers a null 24 h change for a coin it has no day of prices
// for: the answer says null, not 0.
func TestCryptoPriceMissingChangeIsNull(t *testing.T) {
	res, err := registrytest.Run(t, "crypto_price_simple", map[string]any{"coin": "bitcoin"}, answering(t, "coingecko_price_no_change.json"), upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Data.(coinPrice); p.Change24hPct != nil || p.Price != 91874.2219540887 {
		t.Errorf("price %v, 24 h change %v; want the price and null", p.Price, *p.Change24hPct)
	}
}
