package env

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
		{"tide_data", map[string]any{"station": "BOSTON1"}, registry.FieldError{Name: "station", Problem: "must be a seven-digit CO-OPS station id such as 8443970"}},
		{"tide_data", map[string]any{"date": "2026-1-1"}, registry.FieldError{Name: "date", Problem: "must be a date written YYYYMMDD"}},
		{"weather_alerts", map[string]any{"zone": "TX338Z"}, registry.FieldError{Name: "zone", Problem: "must be an NWS zone id such as TXZ338 or TXC201"}},
		{"weather_alerts", map[string]any{"state": "T1"}, registry.FieldError{Name: "state", Problem: "must be a two-letter code such as TX"}},
		{"water_levels", map[string]any{"state": "N."}, registry.FieldError{Name: "state", Problem: "must be a two-letter code such as ND"}},
		{"water_levels", map[string]any{"parameter_code": "0006A"}, registry.FieldError{Name: "parameter_code", Problem: "must be a five-digit USGS parameter code such as 00060"}},
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
		{"weather_alerts", map[string]any{"zone": "txc201"}},
		{"water_levels", map[string]any{"state": "nd", "parameter_code": "00065"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
