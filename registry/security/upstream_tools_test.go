package security

import (
	"testing"

	"github.com/coinslot/coinslot/upstreams"

	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestUpstreamToolsGolden(t *testing.T) {
	cases := []struct {
		file, tool string
		in         map[string]any
	}{
		{"cve_search", "cve_search", map[string]any{"keyword": "log4j", "severity": "CRITICAL"}},
		{"cve_search_id", "cve_search", map[string]any{"cve_id": "cve-2021-44228"}},
		{"cve_search_none", "cve_search", map[string]any{"cve_id": "CVE-1999-0000"}},
		{"company_registry", "company_registry", map[string]any{"query": "Apple Inc", "jurisdiction": "US"}},
		{"company_registry_none", "company_registry", map[string]any{"query": "Zzyzx", "jurisdiction": "uk"}},
		{"dns_records_lookup", "dns_records_lookup", map[string]any{"domain": "example.com", "type": "MX"}},
		{"dns_records_lookup_txt", "dns_records_lookup", map[string]any{"domain": "Example.COM.", "type": "TXT"}},
		{"dns_records_lookup_a", "dns_records_lookup", map[string]any{"domain": "example.com"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			res, err := registrytest.Run(t, c.tool, c.in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+c.file+".golden.json", res)
		})
	}
}

func TestUpstreamToolErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"cve_search", map[string]any{"keyword": "outage"}, "nvd: upstream answered with an error (HTTP 503)"},
		{"cve_search", map[string]any{}, "keyword give keyword, cve_id or severity"},
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
