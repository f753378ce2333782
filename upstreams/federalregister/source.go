// Package federalregister is the client of the Federal Register API
// (federalregister.gov): rules, proposed rules, notices and presidential
// documents of US federal agencies.
package federalregister

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit and asks for reasonable use; the register is
// published once a business day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "federalregister",
	Title:       "Federal Register",
	BaseURL:     "https://www.federalregister.gov/api/v1",
	Rate:        2,
	Burst:       2,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/documents.json", Query: "conditions%5Bterm%5D=stablecoins", File: "testdata/documents_stablecoins.json"},
		{Path: "/documents.json", Query: "conditions%5Bterm%5D=", File: "testdata/documents_empty.json"},
		{Path: "/documents.json", Query: "conditions%5Bagencies%5D%5B%5D=", File: "testdata/documents_agencies.json"},
	},
})
