// Package zippopotam is the client of Zippopotam.us: places and coordinates
// for postal codes in about sixty countries.
package zippopotam

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; postal codes rarely change, so answers
// are cached for a day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "zippopotam",
	Title:       "Zippopotam.us",
	BaseURL:     "https://api.zippopotam.us",
	Rate:        2,
	Burst:       4,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    24 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/us/90210", File: "testdata/us_90210.json"},
		{Path: "/de/10115", File: "testdata/de_10115.json"},
		{Path: "/us/00000", File: "testdata/not_found.json", Status: 404},
	},
})
