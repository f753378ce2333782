package utility

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/frankfurter"
)

func init() {
	family.Register(&registry.Tool{
		Name: "currency_rates", Path: "/paid/utility/currency", Price: "0.01",
		Description: "Latest European Central Bank reference exchange rates (about 30 fiat currencies, " +
			"published each ECB working day) from a base currency to one, several or all others.",
		Params: []registry.Param{
			registry.Str("base").Len(3, 3).Matching(`^[A-Za-z]{3}$`, "a 3-letter ISO 4217 code such as USD").
				WithDefault("USD").Describe("3-letter ISO 4217 code"),
			registry.Str("target").Len(3, 200).
				Matching(currencyCodes, "3-letter ISO 4217 codes separated by commas, such as EUR,JPY").
				Describe("a 3-letter code, or several separated by commas; all when absent"),
		},
		Example:  map[string]any{"base": "USD", "target": "EUR"},
		Synonyms: []string{"exchange rate", "fx rates", "convert dollars to euros", "forex", "currency converter", "swiss francs", "currency conversion"},
		Expected: "Envelope whose data holds the ECB reference rates via Frankfurter as units of each currency per one base unit, dated the ECB publication day, crypto and currencies outside the ECB list refused as invalid input.",
		Shape:    registry.Envelope,
		Result:   rateTable{},
		Sources:  []string{frankfurter.Source.Name},
		Check:    checkCurrencies,
		Handler:  currencyRates,
	})
}

type rateTable struct {
	Base  string             `json:"base"`
	Date  string             `json:"date"`
	Rates map[string]float64 `json:"rates"`
	Rate  *float64           `json:"rate,omitempty"`
}

// currencyCodes is one 3-letter code or several separated by commas, in
// either case, or blank.
const currencyCodes = `^\s*([A-Za-z]{3}\s*(,\s*[A-Za-z]{3}\s*)*)?$`

// The currency list changes when the ECB adds or drops a currency, so it is
// read from the source (and cached for a day) rather than written here.
const currencyListTTL = 24 * time.Hour

func currencyRates(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	base, targets := c.Args.String("base"), registry.Parsed[[]string](c.Args, "target")
	listReq := frankfurter.CurrenciesRequest()
	listReq.TTL = currencyListTTL
	up := upstreams.NewSession(c.Upstream)
	known, err := upstreams.Fetch(ctx, up, listReq, frankfurter.DecodeCurrencies)
	if err != nil {
		return nil, err
	}
	if err := requireKnown(known, "base", base); err != nil {
		return nil, err
	}
	for _, t := range targets {
		if err := requireKnown(known, "target", t); err != nil {
			return nil, err
		}
	}
	latest, err := upstreams.Fetch(ctx, up, frankfurter.LatestRequest(base, targets), frankfurter.DecodeRates)
	if err != nil {
		return nil, err
	}
	out := rateTable{Base: latest.Base, Date: latest.Date, Rates: make(map[string]float64, len(latest.Rates))}
	for code, r := range latest.Rates {
		out.Rates[code] = float64(r)
	}
	if len(targets) == 1 {
		r, ok := out.Rates[targets[0]]
		if !ok {
			return nil, upstreams.Errorf(frankfurter.Source.Name, upstreams.BadAnswer, "the answer has no %s rate", targets[0])
		}
		out.Rate = &r
	}
	return &registry.Result{Data: out, Count: len(out.Rates), Source: frankfurter.Source.Title, Cached: up.Cached()}, nil
}

// checkCurrencies puts base in capitals and reads target "EUR, jpy"
// (matching currencyCodes) as [EUR JPY], without duplicates; blank is absent.
func checkCurrencies(a registry.Args) []registry.FieldError {
	base := strings.ToUpper(a.String("base"))
	a["base"] = base
	s := a.String("target")
	delete(a, "target")
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		code := strings.ToUpper(strings.TrimSpace(part))
		switch {
		case code == base:
			return registry.Bad("target", "must differ from base")
		case !slices.Contains(out, code):
			out = append(out, code)
		}
	}
	a["target"] = out
	return nil
}

func requireKnown(known map[string]string, field, code string) error {
	if _, ok := known[code]; ok {
		return nil
	}
	return registry.Invalid(field, fmt.Sprintf("%s has no ECB reference rate; available: %s", code, strings.Join(slices.Sorted(maps.Keys(known)), ", ")))
}
