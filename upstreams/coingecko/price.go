package coingecko

import (
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// SimplePrice builds GET /simple/price for one coin id (e.g. "bitcoin") in
// one currency (e.g. "usd") with market cap, 24h volume and change.
func SimplePrice(coin, currency string) *upstreams.Request {
	v := url.Values{
		"ids": {coin}, "vs_currencies": {currency}, "include_market_cap": {"true"}, "include_24hr_vol": {"true"},
		"include_24hr_change": {"true"}, "include_last_updated_at": {"true"}, "precision": {"full"},
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/simple/price?" + v.Encode()}
}

// Price is one coin in one currency.
type Price struct {
	Price       float64
	MarketCap   float64
	Volume24h   float64
	Change24h   *float64 // percent; nil when CoinGecko has none
	LastUpdated int64    // unix seconds
}

// DecodePrice reads a simple/price answer for coin in currency. An unknown
// coin id comes back as an empty object.
func DecodePrice(body []byte, coin, currency string) (Price, error) {
	var r map[string]map[string]*upstreams.Num
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Price{}, err
	}
	fields, ok := r[coin]
	switch {
	case !ok && len(r) == 0:
		return Price{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no coin with id %q", coin)
	case !ok:
		return Price{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not about %q", coin)
	}
	price := fields[currency]
	if price == nil {
		return Price{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no %s price for %s", currency, coin)
	}
	num := func(name string) float64 {
		if n := fields[name]; n != nil {
			return float64(*n)
		}
		return 0
	}
	p := Price{Price: float64(*price), MarketCap: num(currency + "_market_cap"), Volume24h: num(currency + "_24h_vol"),
		LastUpdated: int64(num("last_updated_at"))}
	if n := fields[currency+"_24h_change"]; n != nil {
		p.Change24h = (*float64)(n)
	}
	return p, nil
}
