// Package patentsview is the client of the PatentsView PatentSearch API
// (search.patentsview.org), the USPTO-funded search over granted US patents.
package patentsview

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source allows 45 requests a minute per key; the key is mandatory and the
// data is refreshed quarterly, so answers keep for hours.
var Source = upstreams.Register(upstreams.Source{
	Name:        "patentsview",
	Title:       "PatentsView PatentSearch (USPTO)",
	BaseURL:     "https://search.patentsview.org/api/v1",
	Rate:        0.75,
	Burst:       3,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    6 * time.Hour,
	KeyEnv:      "PATENTSVIEW_API_KEY",
	KeyIn:       "header:X-Api-Key",
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/patent/", Query: "zzyzx", File: "testdata/patents_empty.json"},
		{Path: "/patent/", Query: "language+model", File: "testdata/patents_language_model.json"},
	},
})
