// Package openalex is the client of OpenAlex (OurResearch), the open index
// of scholarly works.
package openalex

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: since February 2026 OpenAlex needs a free key (api_key) for more
// than a token allowance; everyone is capped at 100 requests a second and a
// free key at about a thousand searches a day, so answers are cached.
var Source = upstreams.Register(upstreams.Source{
	Name:        "openalex",
	Title:       "OpenAlex",
	BaseURL:     "https://api.openalex.org",
	Rate:        5,
	Burst:       5,
	Concurrency: 4,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	KeyEnv:      "OPENALEX_API_KEY",
	KeyIn:       "query:api_key",
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/works", Query: "search=zzyzx", File: "testdata/works_empty.json"},
		{Path: "/works", File: "testdata/works_open_access.json"},
	},
})
