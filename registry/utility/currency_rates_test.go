package utility

import (
	"testing"

	"github.com/coinslot/coinslot/upstreams"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestCurrencyRatesGolden(t *testing.T) {
	cases := []struct {
		golden string
		in     map[string]any
	}{
		{"currency_rates", map[string]any{"base": "USD", "target": "EUR"}},
		{"currency_rates_two_targets", map[string]any{"base": "usd", "target": "eur, JPY,EUR"}},
		{"currency_rates_all", map[string]any{}},
	}
	for _, tc := range cases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, "currency_rates", tc.in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
}

func TestCurrencyRatesRefusesWhatTheECBDoesNotPublish(t *testing.T) {
	const available = "AUD, BRL, CAD, CHF, CNY, CZK, DKK, EUR, GBP, HKD, HUF, IDR, ILS, INR, ISK, JPY, KRW, MXN, MYR, NOK, NZD, PHP, PLN, RON, SEK, SGD, THB, TRY, USD, ZAR"
	cases := []struct {
		in             map[string]any
		field, problem string
	}{
		{map[string]any{"target": "BTC"}, "target", "BTC has no ECB reference rate; available: " + available},
		{map[string]any{"base": "RUB"}, "base", "RUB has no ECB reference rate; available: " + available},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, "currency_rates", tc.in, upstreams.Replay, callNow)
		registrytest.WantInvalid(t, err, tc.field, tc.problem)
	}
	registrytest.Refused(t, "currency_rates", map[string]any{"base": "EUR", "target": "JPY,eur"}, registry.FieldError{Name: "target", Problem: "must differ from base"})
}

func TestCurrencyRatesPassesUpstreamFailuresOn(t *testing.T) {
	_, err := registrytest.Run(t, "currency_rates", map[string]any{"base": "CHF"}, upstreams.Replay, callNow)
	if e, ok := upstreams.AsError(err); !ok || e.Source != "frankfurter" || e.Kind != upstreams.BadAnswer || e.Status != 500 {
		t.Errorf("err = %v, want the source's 500 as upstream_error", err)
	}
}
