package security

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
		{"cve_search", map[string]any{"cve_id": "log4shell"}, registry.FieldError{Name: "cve_id", Problem: "must be a CVE id such as CVE-2021-44228"}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "U$"}, registry.FieldError{Name: "jurisdiction", Problem: "must be an ISO country code such as US or a subdivision such as US-DE"}},
		{"dns_records_lookup", map[string]any{"domain": "http://example.com/x"}, registry.FieldError{Name: "domain", Problem: "must be a domain name such as example.com"}},
		{"dns_records_lookup", map[string]any{"domain": "localhost"}, registry.FieldError{Name: "domain", Problem: "must be a domain name such as example.com"}},
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
		{"cve_search", map[string]any{"cve_id": " cve-2021-44228 "}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "us-de"}},
		{"company_registry", map[string]any{"query": "Apple", "jurisdiction": "EU"}},
		{"dns_records_lookup", map[string]any{"domain": "_dmarc.Example.COM."}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
