package health

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
		{"vehicle_recalls", map[string]any{"vin": "1HGCM8263OA004352"}, registry.FieldError{Name: "vin", Problem: "must be 17 digits and letters A-Z except I, O and Q"}},
		{"vehicle_recalls", map[string]any{"vin": "1HGCM82633A00435 "}, registry.FieldError{Name: "vin", Problem: "must be 17 digits and letters A-Z except I, O and Q"}},
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
		{"vehicle_recalls", map[string]any{"vin": "1hgcm82633a004352"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
