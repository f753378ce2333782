package utility

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
		{"currency_rates", map[string]any{"target": "EUR,EURO"}, registry.FieldError{Name: "target", Problem: "must be 3-letter ISO 4217 codes separated by commas, such as EUR,JPY"}},
		{"currency_rates", map[string]any{"target": "EUR,,JPY"}, registry.FieldError{Name: "target", Problem: "must be 3-letter ISO 4217 codes separated by commas, such as EUR,JPY"}},
		{"currency_rates", map[string]any{"base": "U$D"}, registry.FieldError{Name: "base", Problem: "must be a 3-letter ISO 4217 code such as USD"}},
		{"business_days", map[string]any{"start_date": "03/10/2025"}, registry.FieldError{Name: "start_date", Problem: "must be a date in YYYY-MM-DD form"}},
		{"business_days", map[string]any{"start_date": "2025-03-10", "end_date": "2025-3-9"}, registry.FieldError{Name: "end_date", Problem: "must be a date in YYYY-MM-DD form"}},
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
		{"currency_rates", map[string]any{"base": "eur", "target": " jpy , Gbp "}},
		{"currency_rates", map[string]any{"target": "   "}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
