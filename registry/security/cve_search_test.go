package security

import (
	"slices"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/nvd"
)

// NVD says which versions a CPE is vulnerable in beside the CPE
// (versionStartIncluding, versionEndExcluding, ...): Log4Shell is three
// ranges of the same log4j CPE, which the answer keeps apart.
func TestCVESearchKeepsAffectedVersionRanges(t *testing.T) {
	res, err := registrytest.Run(t, "cve_search", map[string]any{"cve_id": "CVE-2021-44228"}, upstreams.Replay, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	cves := res.Data.([]nvd.CVE)
	if len(cves) != 1 {
		t.Fatalf("cves = %+v", cves)
	}
	cpe := "cpe:2.3:a:apache:log4j:*:*:*:*:*:*:*:*"
	want := []nvd.Affected{
		{CPE: cpe, VersionStartIncluding: "2.0.1", VersionEndExcluding: "2.3.1"},
		{CPE: cpe, VersionStartIncluding: "2.4.0", VersionEndExcluding: "2.12.2"},
		{CPE: cpe, VersionStartIncluding: "2.13.0", VersionEndExcluding: "2.15.0"},
	}
	if !slices.Equal(cves[0].Affected, want) {
		t.Errorf("affected = %+v\nwant %+v", cves[0].Affected, want)
	}
}
