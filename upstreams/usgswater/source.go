// Package usgswater is the client of the USGS Water Services instantaneous
// values service (WaterML-JSON). It is a different host from the USGS
// earthquake catalog in upstreams/usgs, so it is its own source.
package usgswater

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is waterservices.usgs.gov. No quota is published and one state is
// hundreds of series, so requests are modest; gauges report every 15 minutes.
var Source = upstreams.Register(upstreams.Source{
	Name:        "usgs_water",
	Title:       "USGS Water Services",
	BaseURL:     "https://waterservices.usgs.gov/nwis",
	Rate:        1,
	Burst:       3,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/iv/", Query: "stateCd=ak", File: "testdata/unavailable.txt", Status: 503},
		{Path: "/iv/", Query: "stateCd=nd", File: "testdata/iv_nd.json"},
		{Path: "/iv/", Query: "sites=", File: "testdata/iv_major_rivers.json"},
	},
})
