package security

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
		{"cve_search", map[string]any{"cve_id": "log4shell"}, registry.FieldError{Name: "cve_id", Problem: "must be a CVE id such as CVE-2021-44228"}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "U$"}, registry.FieldError{Name: "jurisdiction", Problem: "must be an ISO country code such as US or a subdivision such as US-DE"}},
		{"dns_records_lookup", map[string]any{"domain": "http://example.com/x"}, registry.FieldError{Name: "domain", Problem: "must be a domain name such as example.com"}},
		{"dns_records_lookup", map[string]any{"domain": "localhost"}, registry.FieldError{Name: "domain", Problem: "must be a domain name such as example.com"}},
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
		{"cve_search", map[string]any{"cve_id": " cve-2021-44228 "}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "us-de"}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "EU"}},
		{"dns_records_lookup", map[string]any{"domain": "_dmarc.Example.COM."}},
	}
	for _, c := range cases {
		if _, errs := lookup(t, c.tool).Validate(c.in); errs != nil {
			t.Errorf("%s %v: %v", c.tool, c.in, errs)
		}
	}
}
