package frankfurter

import (
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
	if err := upstreams.DecodeJSON(Source.Name, body, &m); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer lists no currencies")
	}
	for code := range m {
		if !isCode(code) {
			return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not a list of currency codes")
		}
	}
	return m, nil
}

// isCode reports whether s is an ISO 4217 code: three capital letters.
func isCode(s string) bool {
	return len(s) == 3 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
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
	Base  string                   `json:"base,required"`
	Date  string                   `json:"date,required"` // the ECB publication day, YYYY-MM-DD
	Rates map[string]upstreams.Num `json:"rates,required"`
}

// DecodeRates reads a /latest answer.
func DecodeRates(body []byte) (Rates, error) {
	var r Rates
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Rates{}, err
	}
	return r, nil
}
