// Package coops is the client of NOAA CO-OPS Tides and Currents data API.
package coops

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is the CO-OPS data getter, keyless with no published rate limit.
// Observations arrive every six minutes, which bounds the cache.
var Source = upstreams.Register(upstreams.Source{
	Name:        "noaa_coops",
	Title:       "NOAA CO-OPS Tides and Currents",
	BaseURL:     "https://api.tidesandcurrents.noaa.gov/api/prod",
	Rate:        2,
	Burst:       4,
	Concurrency: 4,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    6 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/datagetter", Query: "station=9999999", File: "testdata/no_data.json"},
		{Path: "/datagetter", Query: "product=predictions", File: "testdata/predictions_boston.json"},
		{Path: "/datagetter", Query: "product=water_level", File: "testdata/water_level_boston.json"},
	},
})
