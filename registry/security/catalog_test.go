package security

import (
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// callNow is a fixed call time.
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

func TestEveryToolRunsItsExample(t *testing.T) {
	for _, name := range []string{"agent_threat_intel", "mcp_supply_chain_iocs", "agent_trifecta_score",
		"agent_security_policies", "cve_search", "company_registry", "dns_records_lookup"} {
		tool, _ := registry.Lookup(name)
		if tool == nil || tool.Handler == nil {
			t.Fatalf("%s: not registered with a handler", name)
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, callNow); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}

// The shipped catalogs pass the load-time checks (the package would not load
// otherwise); these cases prove the checks reject what they must.
func TestCatalogChecksRejectBadEntries(t *testing.T) {
	good := func() ([]threat, []ioc, catalogFile[policy]) {
		ts := append([]threat{}, threats.Entries...)
		is := append([]ioc{}, iocs.Entries...)
		pf := policies
		pf.Entries = append([]policy{}, policies.Entries...)
		return ts, is, pf
	}
	if ts, is, pf := good(); checkCatalogs(ts, is, pf) != nil {
		t.Fatal("shipped catalogs fail their own checks")
	}
	cases := map[string]func(ts []threat, is []ioc, pf *catalogFile[policy]){
		`id "ASI01" is empty or not unique`:            func(ts []threat, _ []ioc, _ *catalogFile[policy]) { ts[1].ID = "ASI01" },
		"ASI03: source needs a YYYY-MM-DD published":   func(ts []threat, _ []ioc, _ *catalogFile[policy]) { ts[2].Source.Published = "" },
		"postmark-mcp-2025-09: needs a disclosed date": func(_ []threat, is []ioc, _ *catalogFile[policy]) { is[0].Disclosed = "Sept 2025" },
		"postmark-mcp-2025-09: source needs a title and an https URL": func(_ []threat, is []ioc, _ *catalogFile[policy]) {
			is[0].Sources = []sourceRef{{Title: "x", URL: "http://example.com"}}
		},
		`ASI01: mapped rule "NOPE-1"`: func(ts []threat, _ []ioc, _ *catalogFile[policy]) {
			ts[0].MappedRules = []string{"NOPE-1"}
		},
		"CODE-01: needs a known profile": func(_ []threat, _ []ioc, pf *catalogFile[policy]) { pf.Entries[0].Action = "shrug" },
	}
	for want, mutate := range cases {
		ts, is, pf := good()
		is[0].Sources = append([]sourceRef{}, is[0].Sources...)
		mutate(ts, is, &pf)
		err := checkCatalogs(ts, is, pf)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to contain %q", err, want)
		}
	}
}

func TestCatalogGolden(t *testing.T) {
	cases := []struct {
		file, tool string
		in         map[string]any
	}{
		{"agent_threat_intel", "agent_threat_intel", map[string]any{"category": "supply chain"}},
		{"agent_threat_intel_critical", "agent_threat_intel", map[string]any{"severity": "critical"}},
		{"agent_threat_intel_id", "agent_threat_intel", map[string]any{"id": "ASI09"}},
		{"agent_threat_intel_none", "agent_threat_intel", map[string]any{"category": "quantum", "severity": "low"}},
		{"mcp_supply_chain_iocs", "mcp_supply_chain_iocs", map[string]any{"package": "postmark-mcp"}},
		{"mcp_supply_chain_iocs_host", "mcp_supply_chain_iocs", map[string]any{"host": "GIFTSHOP"}},
		{"mcp_supply_chain_iocs_scoped", "mcp_supply_chain_iocs", map[string]any{"package": "@nx/"}},
		{"mcp_supply_chain_iocs_all", "mcp_supply_chain_iocs", map[string]any{}},
		{"agent_security_policies", "agent_security_policies", map[string]any{"profile": "payment-agent"}},
		{"agent_security_policies_all", "agent_security_policies", map[string]any{}},
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
