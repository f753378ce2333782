// Package lda is the client of the Lobbying Disclosure Act API (lda.gov,
// formerly lda.senate.gov): registrations and quarterly lobbying reports.
package lda

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: anonymous callers get 15 requests a minute, keyed callers 120.
// The key is sent as "Authorization: Token <key>", so LDA_API_KEY holds the
// whole header value, e.g. "Token 0123abcd".
var Source = upstreams.Register(upstreams.Source{
	Name:        "lda",
	Title:       "Senate LDA lobbying disclosures",
	BaseURL:     "https://lda.gov/api/v1",
	Rate:        0.2,
	Burst:       2,
	Concurrency: 1,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	KeyEnv:      "LDA_API_KEY",
	KeyIn:       "header:Authorization",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/filings/", Query: "client_name=Zzyzx", File: "testdata/filings_empty.json"},
		{Path: "/filings/", File: "testdata/filings_google_2026.json"},
	},
})
