// Package regulationsgov is the client of the Regulations.gov API v4 (GSA
// eRulemaking): rulemaking documents and their comment periods.
package regulationsgov

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: an api.data.gov key is required and allows 1,000 requests an hour.
var Source = upstreams.Register(upstreams.Source{
	Name:        "regulationsgov",
	Title:       "Regulations.gov",
	BaseURL:     "https://api.regulations.gov/v4",
	Rate:        1000.0 / 3600,
	Burst:       5,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    30 * time.Minute,
	KeyEnv:      "REGULATIONS_GOV_API_KEY",
	KeyIn:       "header:X-Api-Key",
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/documents", Query: "searchTerm%5D=zzyzx", File: "testdata/documents_empty.json"},
		{Path: "/documents", Query: "withinCommentPeriod%5D=true", File: "testdata/documents_open.json"},
		{Path: "/documents", File: "testdata/documents_emissions.json"},
	},
})
