package health

import (
	"reflect"
	"testing"

	"github.com/coinslot/coinslot/registry"
)

func lookup(t *testing.T, name string) *registry.Tool {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	return tool
}

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
		if _, errs := lookup(t, c.tool).Validate(c.in); !reflect.DeepEqual(errs, []registry.FieldError{c.want}) {
			t.Errorf("%s %v: %v, want %v", c.tool, c.in, errs, c.want)
		}
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
		if _, errs := lookup(t, c.tool).Validate(c.in); errs != nil {
			t.Errorf("%s %v: %v", c.tool, c.in, errs)
		}
	}
}
