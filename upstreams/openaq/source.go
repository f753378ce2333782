// Package openaq is the client of the OpenAQ v3 API: air-quality monitoring
// locations and their measurements.
package openaq

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: a key is required; it allows 60 requests a minute and 2,000 an hour.
var Source = upstreams.Register(upstreams.Source{
	Name:        "openaq",
	Title:       "OpenAQ",
	BaseURL:     "https://api.openaq.org/v3",
	Rate:        0.5,
	Burst:       3,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	KeyEnv:      "OPENAQ_API_KEY",
	KeyIn:       "header:X-API-Key",
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/locations", Query: "iso=US", File: "testdata/locations_us.json"},
		{Path: "/locations", Query: "iso=ZZ", File: "testdata/locations_empty.json"},
	},
})
