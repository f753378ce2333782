// Package eonet is the client of NASA's Earth Observatory Natural Event
// Tracker (EONET) v3.
package eonet

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is EONET, keyless with no published limit; events are curated a few
// times an hour, so answers are cached for fifteen minutes.
var Source = upstreams.Register(upstreams.Source{
	Name:        "eonet",
	Title:       "NASA EONET",
	BaseURL:     "https://eonet.gsfc.nasa.gov/api/v3",
	Rate:        1,
	Burst:       3,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/events", Query: "bbox=-124.5", File: "testdata/wildfires_california.json"},
		{Path: "/events", File: "testdata/wildfires_open.json"},
	},
})
