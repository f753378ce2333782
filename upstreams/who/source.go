// Package who is the client of the World Health Organization's Disease
// Outbreak News feed (the OData API behind who.int).
package who

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is WHO DON. No limit is published; a few items are published a
// week, so one cached page serves everyone for an hour.
var Source = upstreams.Register(upstreams.Source{
	Name:        "who_don",
	Title:       "WHO Disease Outbreak News",
	BaseURL:     "https://www.who.int/api/news",
	Rate:        0.5,
	Burst:       2,
	Concurrency: 1,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/diseaseoutbreaknews", File: "testdata/don_latest.json"},
	},
})
