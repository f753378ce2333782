// Package github is the client of the GitHub REST API.
package github

import (
	"embed"
	"net/http"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: the search API allows 10 requests a minute without a token and 30
// with one (core calls 60 an hour and 5,000 an hour); the default rate stays
// under the keyless search limit, and config raises it when a token is set.
var Source = upstreams.Register(upstreams.Source{
	Name:        "github",
	Title:       "GitHub",
	BaseURL:     "https://api.github.com",
	Rate:        0.15,
	Burst:       3,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     1,
	CacheTTL:    10 * time.Minute,
	KeyEnv:      "GITHUB_TOKEN",
	KeyIn:       "bearer",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/search/repositories", Query: "language%3Acobol", File: "testdata/rate_limited.json", Status: 403},
		{Path: "/search/repositories", Query: "x402", File: "testdata/search_x402.json"},
		{Path: "/search/repositories", File: "testdata/search_created.json"},
		{Path: "/repos/coinbase/x402", File: "testdata/repo_x402.json"},
		{Path: "/repos/coinbase/x402/languages", File: "testdata/repo_x402_languages.json"},
		{Path: "/repos/coinbase/x402/contributors", File: "testdata/repo_x402_contributors.json"},
		{Path: "/repos/coinbase/x402/releases", File: "testdata/repo_x402_releases.json"},
		{Path: "/repos/octocat/no-such-repo", File: "testdata/repo_not_found.json", Status: 404},
	},
})

// header is what GitHub asks every client to send.
func header() http.Header {
	return http.Header{"Accept": {"application/vnd.github+json"}, "X-Github-Api-Version": {"2022-11-28"}}
}
