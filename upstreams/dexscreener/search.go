package dexscreener

import (
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// Search builds GET /latest/dex/search: pools whose token symbol, name or
// address matches q (at most 30, unpaged).
func Search(q string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/latest/dex/search?" + url.Values{"q": {q}}.Encode()}
}

// Token is one side of a pool.
type Token struct {
	Address string `json:"address"`
	Name    string `json:"name"`
	Symbol  string `json:"symbol"`
}

// Trades are buy and sell counts over a window.
type Trades struct {
	Buys  int64 `json:"buys"`
	Sells int64 `json:"sells"`
}

// Pair is one pool. Prices come as strings; changes are percent; volumes
// and liquidity are USD (liquidity is absent on some DEXes).
type Pair struct {
	ChainID     string        `json:"chainId"`
	DexID       string        `json:"dexId"`
	URL         string        `json:"url"`
	PairAddress string        `json:"pairAddress"`
	BaseToken   Token         `json:"baseToken"`
	QuoteToken  Token         `json:"quoteToken"`
	PriceNative upstreams.Num `json:"priceNative"`
	PriceUSD    upstreams.Num `json:"priceUsd"`
	Txns        struct {
		H24 Trades `json:"h24"`
	} `json:"txns"`
	Volume struct {
		H24 upstreams.Num `json:"h24"`
		H1  upstreams.Num `json:"h1"`
	} `json:"volume"`
	PriceChange struct { // a young pair has no change over a window it has not lived through
		H1  *upstreams.Num `json:"h1"`
		H24 *upstreams.Num `json:"h24"`
	} `json:"priceChange"`
	Liquidity *struct {
		USD upstreams.Num `json:"usd"`
	} `json:"liquidity"`
	FDV           upstreams.Num `json:"fdv"`
	MarketCap     upstreams.Num `json:"marketCap"`
	PairCreatedAt int64         `json:"pairCreatedAt"` // epoch milliseconds
}

// LiquidityUSD is the pool's liquidity, 0 when the DEX does not report it.
func (p Pair) LiquidityUSD() float64 {
	if p.Liquidity == nil {
		return 0
	}
	return float64(p.Liquidity.USD)
}

// DecodeSearch reads a search answer; pairs is null when nothing matches.
func DecodeSearch(body []byte) ([]Pair, error) {
	var r struct {
		SchemaVersion string `json:"schemaVersion,required"`
		Pairs         []Pair `json:"pairs"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Pairs, nil
}
