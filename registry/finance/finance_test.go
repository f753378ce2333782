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
