package osint

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
		{"ip_geolocation", map[string]any{"ip": "not-an-ip"}, registry.FieldError{Name: "ip", Problem: "must be an IPv4 or IPv6 address"}},
		{"ip_geolocation", map[string]any{"ip": "8.8.8"}, registry.FieldError{Name: "ip", Problem: "must be an IPv4 or IPv6 address"}},
		{"supply_chain_stress", map[string]any{"ports": []any{"port1114", "x' OR 1=1 --"}}, registry.FieldError{Name: "ports", Problem: "item 2 must be a PortWatch port id such as port1114"}},
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
		{"ip_geolocation", map[string]any{"ip": "2a00:1450:4001:81b::200e"}},
		{"ip_geolocation", map[string]any{"ip": "::ffff:8.8.8.8"}},
		{"ip_geolocation", map[string]any{"ip": "2001:DB8::1"}},
		{"ip_geolocation", map[string]any{"ip": "::1"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
