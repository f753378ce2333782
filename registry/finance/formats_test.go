package finance

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// Malformed identifiers are refused by the declared patterns, before payment.
func TestFormatsRefusedBeforePayment(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want registry.FieldError
	}{
		{"btc_address_balance", map[string]any{"address": "0xdeadbeefdeadbeefdeadbeefdeadbeef"}, registry.FieldError{Name: "address", Problem: "must be a Bitcoin mainnet address (1..., 3... or bc1...)"}},
		{"btc_address_balance", map[string]any{"address": "bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3b"}, registry.FieldError{Name: "address", Problem: "must be a Bitcoin mainnet address (1..., 3... or bc1...)"}},
		{"crypto_price_simple", map[string]any{"coin": "bit coin"}, registry.FieldError{Name: "coin", Problem: "must be a CoinGecko coin id such as bitcoin"}},
		{"crypto_price_simple", map[string]any{"coin": "bitcoin", "currency": "u$d"}, registry.FieldError{Name: "currency", Problem: "must be a three-letter currency code such as usd"}},
		{"fred_series", map[string]any{"series_id": "T10Y2Y&x=1"}, registry.FieldError{Name: "series_id", Problem: "must be a FRED series id such as UNRATE"}},
	}
	for _, c := range cases {
		registrytest.Refused(t, c.tool, c.in, c.want)
	}
}

// The patterns are coarse: every form the upstream takes still passes.
func TestFormatsAcceptUpstreamForms(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
	}{
		{"btc_address_balance", map[string]any{"address": " BC1QM34LSC65ZPW79LXES69ZKQMK6EE3EWF0J77S3H "}},
		{"btc_address_balance", map[string]any{"address": "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"}},
		{"crypto_price_simple", map[string]any{"coin": " Ethereum ", "currency": "EUR"}},
		{"crypto_price_simple", map[string]any{"coin": "usd-coin"}},
		{"fred_series", map[string]any{"series_id": " unrate "}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
