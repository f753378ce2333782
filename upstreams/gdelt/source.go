// Package gdelt is the client of the GDELT DOC 2.0 API: a rolling three
// months of worldwide online news, searchable, updated every 15 minutes.
package gdelt

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: GDELT asks for at most one request every five seconds per IP.
var Source = upstreams.Register(upstreams.Source{
	Name:        "gdelt",
	Title:       "GDELT",
	BaseURL:     "https://api.gdeltproject.org/api/v2",
	Rate:        0.2,
	Burst:       1,
	Concurrency: 1,
	Timeout:     15 * time.Second,
	Retries:     1,
	CacheTTL:    15 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/doc/doc", Query: "mode=ArtList&query=%22x402+payments%22", File: "testdata/artlist_x402.json"},
		{Path: "/doc/doc", Query: "mode=TimelineVolRaw&query=%28Israel", File: "testdata/timeline_middle_east.json"},
		{Path: "/doc/doc", Query: "mode=ArtList&query=%28Israel", File: "testdata/artlist_middle_east.json"},
		{Path: "/doc/doc", Query: "mode=TimelineTone&query=strait+hormuz", File: "testdata/tone_hormuz.json"},
		{Path: "/doc/doc", Query: "mode=TimelineVolRaw&query=strait+hormuz", File: "testdata/volume_hormuz.json"},
	},
})
