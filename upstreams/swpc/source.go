// Package swpc is the client of NOAA Space Weather Prediction Center's JSON
// products: the planetary K index and its forecast, solar wind plasma, GOES
// X-ray flares and the OVATION aurora model.
package swpc

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is services.swpc.noaa.gov: static files regenerated every one to
// sixty minutes, keyless, with no published limit.
var Source = upstreams.Register(upstreams.Source{
	Name:        "noaa_swpc",
	Title:       "NOAA Space Weather Prediction Center",
	BaseURL:     "https://services.swpc.noaa.gov",
	Rate:        2,
	Burst:       5,
	Concurrency: 4,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    5 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: KpPath, File: "testdata/planetary_k_index.json"},
		{Path: KpForecastPath, File: "testdata/planetary_k_index_forecast.json"},
		{Path: "/products/solar-wind/plasma-1-day.json", File: "testdata/plasma.json"},
		{Path: "/products/solar-wind/plasma-3-day.json", File: "testdata/plasma.json"},
		{Path: "/products/solar-wind/plasma-7-day.json", File: "testdata/plasma.json"},
		{Path: FlaresPath, File: "testdata/xray_flares_7_day.json"},
		{Path: AuroraPath, File: "testdata/ovation_aurora_latest.json"},
	},
})
