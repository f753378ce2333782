package gov

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
		{"postal_code_lookup", map[string]any{"country": "U1", "postal_code": "90210"}, registry.FieldError{Name: "country", Problem: "must be a two-letter ISO country code such as US"}},
		{"postal_code_lookup", map[string]any{"country": "US", "postal_code": "902/10"}, registry.FieldError{Name: "postal_code", Problem: "must be a postal code of letters, digits, spaces and hyphens"}},
		{"economic_indicators", map[string]any{"indicator": "GDP;DROP"}, registry.FieldError{Name: "indicator", Problem: "must be a World Bank indicator code such as NY.GDP.MKTP.CD"}},
		{"economic_indicators", map[string]any{"country": "U.S"}, registry.FieldError{Name: "country", Problem: "must be an ISO country code such as US or DEU"}},
		{"nonprofit_filings", map[string]any{"query": "Gates", "state": "W1"}, registry.FieldError{Name: "state", Problem: "must be a two-letter state code such as WA"}},
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
		{"postal_code_lookup", map[string]any{"country": "gb", "postal_code": " SW1A 1AA "}},
		{"postal_code_lookup", map[string]any{"country": "PL", "postal_code": "00-950"}},
		{"economic_indicators", map[string]any{"country": "deu", "indicator": " fp.cpi.totl.zg"}},
		{"nonprofit_filings", map[string]any{"query": "Gates", "state": "wa"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
