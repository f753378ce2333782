// Package gleif is the client of the GLEIF LEI API: the global register of
// legal entities, keyless and CC0-licensed.
package gleif

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is GLEIF. Its commonly cited limit is 60 requests a minute per
// client; entity records change slowly, so answers are cached for a day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "gleif",
	Title:       "GLEIF LEI API",
	BaseURL:     "https://api.gleif.org/api/v1",
	Rate:        1,
	Burst:       5,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    24 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/lei-records", Query: "filter%5Bentity.legalName%5D=Apple+Inc", File: "testdata/lei_records_apple.json"},
		{Path: "/lei-records", Query: "filter%5Bentity.legalName%5D=Zzyzx", File: "testdata/lei_records_empty.json"},
	},
})
