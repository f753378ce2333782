// Package faa is the client of the FAA's National Airspace System status
// feed: ground stops, ground delay programs, delays and closures at US
// airports, in one XML document.
package faa

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no limit; the whole feed is one document, polled at most
// once a minute.
var Source = upstreams.Register(upstreams.Source{
	Name:        "faa",
	Title:       "FAA NAS Status",
	BaseURL:     "https://nasstatus.faa.gov",
	Rate:        1.0 / 60,
	Burst:       1,
	Concurrency: 1,
	Timeout:     10 * time.Second,
	Retries:     1,
	CacheTTL:    time.Minute,
	Recorded:    testdata,
	Fixtures:    []upstreams.Fixture{{Path: "/api/airport-status-information", File: "testdata/airport_status_information.xml"}},
})
