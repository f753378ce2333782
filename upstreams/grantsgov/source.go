// Package grantsgov is the client of the Grants.gov search API (search2):
// federal funding opportunities, keyless.
package grantsgov

import (
	"embed"
	"net/http"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; opportunities are posted a few times an hour.
var Source = upstreams.Register(upstreams.Source{
	Name:        "grantsgov",
	Title:       "Grants.gov",
	BaseURL:     "https://api.grants.gov/v1/api",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    15 * time.Minute,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Method: http.MethodPost, Path: "/search2", File: "testdata/search2.json"},
	},
})
