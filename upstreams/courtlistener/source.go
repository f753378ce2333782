// Package courtlistener is the client of the CourtListener REST API v4 (Free
// Law Project): case-law search, judge search and dockets.
package courtlistener

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: anonymous callers get 100 requests a day, token holders 5,000 an
// hour. The token is sent as "Authorization: Token <token>", so
// COURTLISTENER_API_TOKEN holds the whole header value, e.g. "Token 0123abcd".
// Search answers are cached upstream for ten minutes.
var Source = upstreams.Register(upstreams.Source{
	Name:        "courtlistener",
	Title:       "CourtListener (Free Law Project)",
	BaseURL:     "https://www.courtlistener.com/api/rest/v4",
	Rate:        1,
	Burst:       3,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	KeyEnv:      "COURTLISTENER_API_TOKEN",
	KeyIn:       "header:Authorization",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/search/", Query: "q=outage", File: "testdata/error_503.html", Status: 503},
		{Path: "/search/", Query: "q=zzyzx", File: "testdata/search_empty.json"},
		{Path: "/search/", Query: "type=o", File: "testdata/search_opinions_fair_use.json"},
		{Path: "/search/", Query: "type=p", File: "testdata/search_people_gorsuch.json"},
		{Path: "/dockets/4214664/", File: "testdata/docket_4214664.json"},
		{Path: "/dockets/1/", File: "testdata/not_found.json", Status: 404},
	},
})
