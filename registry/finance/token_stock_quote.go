package finance

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/dexscreener"
)

func init() {
	family.Register(&registry.Tool{
		Name: "token_stock_quote", Path: "/paid/finance/token-stock-quote", Price: "0.03",
		Description: "On-chain quote for a token or tokenized stock (e.g. AAPLx): its deepest DEX pools with price, 24h change, " +
			"volume, liquidity and trades, and a liquidity-weighted price across them.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 100).Describe("token symbol, name, ticker or address"),
			registry.Int("limit").Range(1, 10).WithDefault(3).Describe("pools to return, deepest first"),
		},
		Example:  map[string]any{"query": "AAPLx"},
		Synonyms: []string{"dex price", "tokenized stocks", "memecoin price", "onchain price", "liquidity pools", "uniswap", "xstocks"},
		Expected: "Envelope whose data gives a token's liquidity-weighted USD price over the DEX pools whose base token is the one asked for, with each pool's figures, a 1 h or 24 h change null for a pool too young to have one.",
		Shape:    registry.Envelope,
		Result:   tokenQuote{},
		Sources:  []string{dexscreener.Source.Name},
		Handler:  tokenStockQuote,
	})
}

type pool struct {
	Chain        string   `json:"chain"`
	Dex          string   `json:"dex"`
	Pair         string   `json:"pair"`
	Base         string   `json:"base"`
	Quote        string   `json:"quote"`
	PriceUSD     float64  `json:"price_usd"`
	PriceNative  float64  `json:"price_native"`
	Change1hPct  *float64 `json:"change_1h_pct"` // null for a pair younger than the window
	Change24hPct *float64 `json:"change_24h_pct"`
	Volume24hUSD float64  `json:"volume_24h_usd"`
	LiquidityUSD float64  `json:"liquidity_usd"`
	FDVUSD       float64  `json:"fdv_usd"`
	MarketCapUSD float64  `json:"market_cap_usd"`
	Buys24h      int64    `json:"buys_24h"`
	Sells24h     int64    `json:"sells_24h"`
	Created      string   `json:"created,omitempty"`
	URL          string   `json:"url"`
}

type tokenQuote struct {
	Query             string  `json:"query"`
	Symbol            string  `json:"symbol"`
	Name              string  `json:"name"`
	WeightedPriceUSD  float64 `json:"weighted_price_usd"` // over the returned pools, by liquidity
	TotalLiquidityUSD float64 `json:"total_liquidity_usd"`
	TotalVolume24hUSD float64 `json:"total_volume_24h_usd"`
	Pools             []pool  `json:"pools"`
}

// tokenStockQuote keeps the deepest pools whose base token is the one asked
// for, by USD liquidity. The weighted price uses the pools that report
// liquidity; when none does, it is the plain mean.
// isToken reports whether t is the token asked for by address, symbol or
// name, ignoring case. The search also returns pools where the token is only
// the quote side (USDC/SUI for "SUI"): their price is the other token's.
func isToken(t dexscreener.Token, q string) bool {
	return strings.EqualFold(t.Address, q) || strings.EqualFold(t.Symbol, q) || strings.EqualFold(t.Name, q)
}

func tokenStockQuote(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	q := strings.TrimSpace(c.Args.String("query"))
	up := upstreams.NewSession(c.Upstream)
	pairs, err := upstreams.Fetch(ctx, up, dexscreener.Search(q), dexscreener.DecodeSearch)
	if err != nil {
		return nil, err
	}
	priced := pairs[:0]
	for _, p := range pairs {
		if p.PriceUSD > 0 && isToken(p.BaseToken, q) {
			priced = append(priced, p)
		}
	}
	if len(priced) == 0 {
		return nil, upstreams.Errorf(dexscreener.Source.Name, upstreams.NotFound, "no priced pools have %q as their base token", q)
	}
	sort.SliceStable(priced, func(i, j int) bool { return priced[i].LiquidityUSD() > priced[j].LiquidityUSD() })
	priced = priced[:min(len(priced), c.Args.Int("limit"))]

	out := tokenQuote{Query: q, Symbol: priced[0].BaseToken.Symbol, Name: priced[0].BaseToken.Name, Pools: make([]pool, 0, len(priced))}
	var weighted, plain float64
	for _, p := range priced {
		liq := p.LiquidityUSD()
		weighted += float64(p.PriceUSD) * liq
		plain += float64(p.PriceUSD)
		out.TotalLiquidityUSD += liq
		out.TotalVolume24hUSD += float64(p.Volume.H24)
		pl := pool{
			Chain: p.ChainID, Dex: p.DexID, Pair: p.PairAddress, Base: p.BaseToken.Symbol, Quote: p.QuoteToken.Symbol,
			PriceUSD: float64(p.PriceUSD), PriceNative: float64(p.PriceNative), Change1hPct: pct(p.PriceChange.H1),
			Change24hPct: pct(p.PriceChange.H24), Volume24hUSD: float64(p.Volume.H24), LiquidityUSD: liq,
			FDVUSD: float64(p.FDV), MarketCapUSD: float64(p.MarketCap), Buys24h: p.Txns.H24.Buys, Sells24h: p.Txns.H24.Sells, URL: p.URL,
		}
		if p.PairCreatedAt > 0 {
			pl.Created = time.UnixMilli(p.PairCreatedAt).UTC().Format(time.RFC3339)
		}
		out.Pools = append(out.Pools, pl)
	}
	if out.TotalLiquidityUSD > 0 {
		out.WeightedPriceUSD = tidy.Round(weighted/out.TotalLiquidityUSD, 6)
	} else {
		out.WeightedPriceUSD = tidy.Round(plain/float64(len(priced)), 6)
	}
	out.TotalLiquidityUSD = tidy.Round(out.TotalLiquidityUSD, 2)
	out.TotalVolume24hUSD = tidy.Round(out.TotalVolume24hUSD, 2)
	return &registry.Result{Data: out, Count: len(out.Pools), Source: dexscreener.Source.Title, Cached: up.Cached()}, nil
}

// pct is a change DEX Screener sent; nil when it sent none, which is not a
// change of 0.
func pct(n *upstreams.Num) *float64 {
	if n == nil {
		return nil
	}
	return new(float64(*n))
}
