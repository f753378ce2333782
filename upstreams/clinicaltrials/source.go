// Package clinicaltrials is the client of the ClinicalTrials.gov Data API v2
// (NLM): registered clinical studies.
package clinicaltrials

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; its robots.txt asks for one request a
// second, which is the polite default here.
var Source = upstreams.Register(upstreams.Source{
	Name:        "clinicaltrials",
	Title:       "ClinicalTrials.gov",
	BaseURL:     "https://clinicaltrials.gov/api/v2",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/studies", Query: "query.term=zzyzx", File: "testdata/studies_empty.json"},
		{Path: "/studies", File: "testdata/studies_car_t.json"},
	},
})
