// Package nws is the client of the U.S. National Weather Service API
// (api.weather.gov): active alerts, and forecasts through the points → grid
// lookup. The runtime's User-Agent, which NWS requires, identifies us.
package nws

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is api.weather.gov. Its limit is unpublished but generous; alerts
// change by the minute, so the default TTL is short and the points lookup,
// which rarely changes, is cached longer per request.
var Source = upstreams.Register(upstreams.Source{
	Name:        "nws",
	Title:       "National Weather Service API",
	BaseURL:     "https://api.weather.gov",
	Rate:        2,
	Burst:       5,
	Concurrency: 4,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    2 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/alerts/active", Query: "area=WY", File: "testdata/alerts_none.json"},
		{Path: "/alerts/active", Query: "zone=", File: "testdata/alerts_zone.json"},
		{Path: "/alerts/active", File: "testdata/alerts_tx.json"},
		{Path: "/points/40.7128,-74.006", File: "testdata/points_nyc.json"},
		{Path: "/points/51.5074,-0.1278", File: "testdata/points_outside.json", Status: 404},
		{Path: "/gridpoints/OKX/33,35/forecast", File: "testdata/forecast_okx.json"},
	},
})
