// Package hackernews is the client of the Hacker News search API hosted by
// Algolia.
package hackernews

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source allows 10,000 requests per hour per IP; we keep well under half.
var Source = upstreams.Register(upstreams.Source{
	Name:        "hackernews",
	Title:       "Hacker News",
	BaseURL:     "https://hn.algolia.com/api/v1",
	Rate:        1,
	Burst:       3,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    2 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/search", Query: "tags=front_page", File: "testdata/front_page.json"},
		{Path: "/search_by_date", Query: "tags=story", File: "testdata/stories_by_date.json"},
		{Path: "/search", Query: "tags=story", File: "testdata/stories_search.json"},
	},
})
