package finance

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/coingecko"
)

func init() {
	family.Register(&registry.Tool{
		Name: "crypto_price_simple", Path: "/paid/finance/crypto-price", Price: "0.02",
		Description: "Current price of a coin by its CoinGecko id, with market cap, 24h volume and 24h change, in a fiat currency.",
		Params: []registry.Param{
			registry.Str("coin").Req().Len(1, 100).Matching(`^\s*[A-Za-z0-9][A-Za-z0-9-]*\s*$`, "a CoinGecko coin id such as bitcoin").
				Describe("CoinGecko coin id, e.g. bitcoin, ethereum, solana"),
			registry.Str("currency").Len(3, 3).Matching(`^[A-Za-z]{3}$`, "a three-letter currency code such as usd").
				WithDefault("usd").Describe("fiat currency code, e.g. usd, eur, jpy"),
		},
		Example:  map[string]any{"coin": "bitcoin"},
		Synonyms: []string{"coin price", "ethereum price", "solana price", "crypto quote", "token price", "market cap", "coingecko"},
		Expected: "Envelope whose data holds one coin's CoinGecko price, market cap, 24h volume and change (null when CoinGecko has none), and an unknown coin id is not_found.",
		Shape:    registry.Envelope,
		Result:   coinPrice{},
		Sources:  []string{coingecko.Source.Name},
		Handler:  cryptoPriceSimple,
	})
}

type coinPrice struct {
	Coin         string   `json:"coin"`
	Currency     string   `json:"currency"`
	Price        float64  `json:"price"`
	MarketCap    float64  `json:"market_cap"`
	Volume24h    float64  `json:"volume_24h"`
	Change24hPct *float64 `json:"change_24h_pct"` // null when CoinGecko has none
	LastUpdated  string   `json:"last_updated"`
}

func cryptoPriceSimple(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	coin := strings.ToLower(strings.TrimSpace(c.Args.String("coin")))
	currency := strings.ToLower(c.Args.String("currency"))
	up := upstreams.NewSession(c.Upstream)
	p, err := upstreams.Fetch(ctx, up, coingecko.SimplePrice(coin, currency), func(b []byte) (coingecko.Price, error) {
		return coingecko.DecodePrice(b, coin, currency)
	})
	if err != nil {
		return nil, err
	}
	out := coinPrice{
		Coin: coin, Currency: currency, Price: p.Price, MarketCap: tidy.Round(p.MarketCap, 2), Volume24h: tidy.Round(p.Volume24h, 2),
		LastUpdated: time.Unix(p.LastUpdated, 0).UTC().Format(time.RFC3339),
	}
	if p.Change24h != nil {
		out.Change24hPct = new(tidy.Round(*p.Change24h, 4))
	}
	return &registry.Result{Data: out, Count: 1, Source: coingecko.Source.Title, Cached: up.Cached()}, nil
}
