// Package nvd is the client of the NIST National Vulnerability Database CVE
// API 2.0: one request builder and its typed decoder.
package nvd

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is NVD. Without a key NVD allows 5 requests per rolling 30 seconds
// (50 with one, sent in the apiKey header) and answers slowly, so the timeout
// is long and the cache keeps answers for hours: CVE records change rarely.
var Source = upstreams.Register(upstreams.Source{
	Name:        "nvd",
	Title:       "NVD CVE API 2.0 (NIST)",
	BaseURL:     "https://services.nvd.nist.gov/rest/json",
	Rate:        5.0 / 30,
	Burst:       5,
	Concurrency: 1,
	Timeout:     30 * time.Second,
	Retries:     2,
	CacheTTL:    2 * time.Hour,
	KeyEnv:      "NVD_API_KEY",
	KeyIn:       "header:apiKey",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/cves/2.0", Query: "cveId=CVE-2021-44228", File: "testdata/cve_log4shell.json"},
		{Path: "/cves/2.0", Query: "cveId=CVE-1999-0000", File: "testdata/cve_none.json"},
		{Path: "/cves/2.0", Query: "keywordSearch=outage", File: "testdata/error_503.json", Status: 503},
		{Path: "/cves/2.0", Query: "keywordSearch=log4j", File: "testdata/cves_log4j.json"},
	},
})
