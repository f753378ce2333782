// Package propublica is the client of ProPublica's Nonprofit Explorer API v2:
// IRS-registered tax-exempt organizations and their Form 990 filings.
package propublica

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; filings arrive a few times a year.
var Source = upstreams.Register(upstreams.Source{
	Name:        "propublica",
	Title:       "ProPublica Nonprofit Explorer",
	BaseURL:     "https://projects.propublica.org/nonprofits/api/v2",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    12 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/search.json", Query: "q=Gates+Foundation", File: "testdata/search_gates.json"},
		{Path: "/search.json", Query: "q=Zzyzx", File: "testdata/search_empty.json"},
		{Path: "/organizations/562618866.json", File: "testdata/organization_562618866.json"},
	},
})
