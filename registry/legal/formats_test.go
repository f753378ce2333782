package legal

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
		{"court_opinions", map[string]any{"query": "fair use", "court": "ca9; drop"}, registry.FieldError{Name: "court", Problem: "must be CourtListener court ids such as scotus or ca9, separated by spaces"}},
		{"judges_search", map[string]any{"query": "Gorsuch", "court": "ca-9"}, registry.FieldError{Name: "court", Problem: "must be CourtListener court ids such as scotus or ca9, separated by spaces"}},
		{"court_docket", map[string]any{"docket_id": "abc"}, registry.FieldError{Name: "docket_id", Problem: "must be a CourtListener docket id such as 4214664"}},
		{"court_docket", map[string]any{"docket_id": "-4214664"}, registry.FieldError{Name: "docket_id", Problem: "must be a CourtListener docket id such as 4214664"}},
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
		{"court_opinions", map[string]any{"query": "fair use", "court": " SCOTUS  ca9 "}},
		{"court_opinions", map[string]any{"query": "fair use", "court": "   "}},
		{"court_docket", map[string]any{"docket_id": " 4214664 "}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
