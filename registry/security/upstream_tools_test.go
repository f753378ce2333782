package security

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestUpstreamToolsGolden(t *testing.T) {
	cases := []registrytest.Case{
		{Golden: "cve_search", Tool: "cve_search", In: map[string]any{"keyword": "log4j", "severity": "CRITICAL"}},
		{Golden: "cve_search_id", Tool: "cve_search", In: map[string]any{"cve_id": "cve-2021-44228"}},
		{Golden: "cve_search_none", Tool: "cve_search", In: map[string]any{"cve_id": "CVE-1999-0000"}},
		{Golden: "company_registry", Tool: "company_registry", In: map[string]any{"query": "Apple Inc", "jurisdiction": "US"}},
		{Golden: "company_registry_none", Tool: "company_registry", In: map[string]any{"query": "Zzyzx", "jurisdiction": "uk"}},
		{Golden: "dns_records_lookup", Tool: "dns_records_lookup", In: map[string]any{"domain": "example.com", "type": "MX"}},
		{Golden: "dns_records_lookup_txt", Tool: "dns_records_lookup", In: map[string]any{"domain": "Example.COM.", "type": "TXT"}},
		{Golden: "dns_records_lookup_a", Tool: "dns_records_lookup", In: map[string]any{"domain": "example.com"}},
	}
	registrytest.RunGolden(t, cases, callNow)
}

func TestCVESearchWantsSomethingToSearchBy(t *testing.T) {
	registrytest.Refused(t, "cve_search", map[string]any{}, registry.FieldError{Name: "keyword", Problem: "give keyword, cve_id or severity"})
}

func TestUpstreamToolErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"cve_search", map[string]any{"keyword": "outage"}, "nvd: upstream answered with an error (HTTP 503)"},
		{"dns_records_lookup", map[string]any{"domain": "no-such-name.example"}, "cloudflare_doh: no-such-name.example does not exist (NXDOMAIN)"},
		{"dns_records_lookup", map[string]any{"domain": "broken.example"}, "cloudflare_doh: resolver answered SERVFAIL"},
	}
	for _, c := range cases {
		_, err := registrytest.Run(t, c.tool, c.in, upstreams.Replay, callNow)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %v: err = %v, want %q", c.tool, c.in, err, c.want)
		}
	}
	_, err := registrytest.Run(t, "dns_records_lookup", map[string]any{"domain": "no-such-name.example"}, upstreams.Replay, callNow)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Errorf("NXDOMAIN kind = %v", err)
	}
}
