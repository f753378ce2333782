package frankfurter

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// CurrenciesRequest builds GET /currencies: every code the ECB publishes a
// rate for, with its English name.
func CurrenciesRequest() *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/currencies"}
}

// DecodeCurrencies reads the code → name map.
func DecodeCurrencies(body []byte) (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer lists no currencies")
	}
	return m, nil
}

// LatestRequest builds GET /latest for base, limited to symbols when any
// are given.
func LatestRequest(base string, symbols []string) *upstreams.Request {
	v := url.Values{"base": {base}}
	if len(symbols) > 0 {
		v.Set("symbols", strings.Join(symbols, ","))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/latest?" + v.Encode()}
}

// Rates are the reference rates of one ECB publication day: how many units
// of each currency one unit of Base buys.
type Rates struct {
	Base  string                   `json:"base"`
	Date  string                   `json:"date"` // the ECB publication day, YYYY-MM-DD
	Rates map[string]upstreams.Num `json:"rates"`
}

// DecodeRates reads a /latest answer.
func DecodeRates(body []byte) (Rates, error) {
	var r Rates
	if err := json.Unmarshal(body, &r); err != nil {
		return Rates{}, err
	}
	if r.Base == "" || r.Date == "" || r.Rates == nil {
		return Rates{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer has no base, date or rates")
	}
	return r, nil
}
