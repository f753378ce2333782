// Package usgs is the client of the USGS Earthquake Hazards Program's FDSN
// event service (GeoJSON).
package usgs

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is the USGS earthquake catalog. It publishes no rate limit; feeds
// refresh every minute, so answers are cached for one.
var Source = upstreams.Register(upstreams.Source{
	Name:        "usgs",
	Title:       "USGS Earthquake Hazards",
	BaseURL:     "https://earthquake.usgs.gov",
	Rate:        2,
	Burst:       2,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/fdsnws/event/1/query", Query: "minmagnitude=9.5", File: "testdata/unavailable.txt", Status: 503},
		{Path: "/fdsnws/event/1/query", File: "testdata/query.json"},
	},
})
