package security

import (
	"strings"
	"testing"
	"time"
)

// callNow is a fixed call time.
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

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
