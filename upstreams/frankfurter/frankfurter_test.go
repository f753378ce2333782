package frankfurter

import (
	"context"
	"io/fs"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestLatestRequest(t *testing.T) {
	cases := map[string]*upstreams.Request{
		"https://api.frankfurter.dev/v1/latest?base=USD":                   LatestRequest("USD", nil),
		"https://api.frankfurter.dev/v1/latest?base=GBP&symbols=EUR%2CJPY": LatestRequest("GBP", []string{"EUR", "JPY"}),
		"https://api.frankfurter.dev/v1/currencies":                        CurrenciesRequest(),
	}
	for want, req := range cases {
		if req.URL != want || req.Source != "frankfurter" {
			t.Errorf("got %s %s, want %s", req.Source, req.URL, want)
		}
	}
}

func TestDecodeRates(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/latest_usd_eur_jpy.json")
	r, err := DecodeRates(body)
	if err != nil {
		t.Fatal(err)
	}
	if r.Base != "USD" || r.Date != "2026-11-20" || len(r.Rates) != 2 || r.Rates["EUR"] != 0.86723 || r.Rates["JPY"] != 154.37 {
		t.Errorf("decoded %+v", r)
	}
	for _, bad := range []string{`{"message":"not found"}`, `{"base":"USD","date":"2026-11-20"}`, `[]`} {
		if _, err := DecodeRates([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
}

func TestDecodeCurrencies(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/currencies.json")
	m, err := DecodeCurrencies(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 30 || m["EUR"] != "Euro" || m["ISK"] != "Icelandic Króna" {
		t.Errorf("decoded %d currencies: %v", len(m), m)
	}
	if _, err := DecodeCurrencies([]byte(`{}`)); err == nil {
		t.Error("an empty list decoded")
	}
}

func TestServerErrorIsTyped(t *testing.T) {
	_, err := upstreams.Replay.Do(context.Background(), LatestRequest("CHF", nil))
	if e, ok := upstreams.AsError(err); !ok || e.Status != 500 || e.Kind != upstreams.BadAnswer {
		t.Errorf("err = %v, want the recorded 500 as upstream_error", err)
	}
}
