package legal

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
		{"court_opinions", map[string]any{"query": "fair use", "court": "ca9; drop"}, registry.FieldError{Name: "court", Problem: "must be CourtListener court ids such as scotus or ca9, separated by spaces"}},
		{"judges_search", map[string]any{"query": "Gorsuch", "court": "ca-9"}, registry.FieldError{Name: "court", Problem: "must be CourtListener court ids such as scotus or ca9, separated by spaces"}},
		{"court_docket", map[string]any{"docket_id": "abc"}, registry.FieldError{Name: "docket_id", Problem: "must be a CourtListener docket id such as 4214664"}},
		{"court_docket", map[string]any{"docket_id": "-4214664"}, registry.FieldError{Name: "docket_id", Problem: "must be a CourtListener docket id such as 4214664"}},
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
		{"court_opinions", map[string]any{"query": "fair use", "court": " SCOTUS  ca9 "}},
		{"court_opinions", map[string]any{"query": "fair use", "court": "   "}},
		{"court_docket", map[string]any{"docket_id": " 4214664 "}},
	}
	for _, c := range cases {
		if _, errs := lookup(t, c.tool).Validate(c.in); errs != nil {
			t.Errorf("%s %v: %v", c.tool, c.in, errs)
		}
	}
}
