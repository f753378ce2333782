// Package cpsc is the client of the U.S. Consumer Product Safety
// Commission's recalls web service on saferproducts.gov.
package cpsc

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is the CPSC recalls service. It publishes no rate limit and has no
// paging (it answers every match), so requests are few, filtered and cached.
var Source = upstreams.Register(upstreams.Source{
	Name:        "cpsc",
	Title:       "CPSC Recalls",
	BaseURL:     "https://www.saferproducts.gov/RestWebServices",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/Recall", Query: "ProductName=zzzz", File: "testdata/recalls_none.json"},
		{Path: "/Recall", Query: "ProductName=", File: "testdata/recalls_power_bank.json"},
		{Path: "/Recall", Query: "RecallDateStart=", File: "testdata/recalls_recent.json"},
	},
})
