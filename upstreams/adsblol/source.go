// Package adsblol is the client of adsb.lol, a community ADS-B network with
// a readsb-compatible live aircraft API and an airport lookup.
package adsblol

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no fixed limit (it is adjusted to load); one request a
// second is polite. Positions are live, so answers are cached briefly.
var Source = upstreams.Register(upstreams.Source{
	Name:        "adsblol",
	Title:       "adsb.lol",
	BaseURL:     "https://api.adsb.lol",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     1,
	CacheTTL:    15 * time.Second,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/api/0/airport/KJFK", File: "testdata/airport_KJFK.json"},
		{Path: "/api/0/airport/ZZZZ", File: "testdata/airport_unknown.json"},
		{Path: "/v2/point/40.639751/-73.778925/25", File: "testdata/point_KJFK.json"},
		{Path: "/v2/callsign/DAL401", File: "testdata/callsign_DAL401.json"},
	},
})
