// Package firms is the client of NASA FIRMS, the Fire Information for
// Resource Management System: satellite thermal anomalies (active fires,
// flares, explosions) within hours of the overpass.
package firms

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// keySegment is the path segment the runtime replaces with the MAP_KEY:
// FIRMS takes its key in the path, never in the query or a header.
const keySegment = "MAP_KEY"

// Source: a free MAP_KEY allows 5,000 transactions per 10 minutes; NRT data
// arrives about three hours after each overpass.
var Source = upstreams.Register(upstreams.Source{
	Name:        "firms",
	Title:       "NASA FIRMS",
	BaseURL:     "https://firms.modaps.eosdis.nasa.gov",
	Rate:        2,
	Burst:       2,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	KeyEnv:      "FIRMS_MAP_KEY",
	KeyIn:       "path:" + keySegment,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/api/area/csv/MAP_KEY/VIIRS_SNPP_NRT/25,12,63,42/1", File: "testdata/area_middle_east_1d.csv"},
	},
})
