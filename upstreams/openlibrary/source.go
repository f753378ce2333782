// Package openlibrary is the client of Open Library (Internet Archive): book
// editions by ISBN.
package openlibrary

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no hard limit and asks identified clients to stay near a
// few requests a second; edition records rarely change.
var Source = upstreams.Register(upstreams.Source{
	Name:        "openlibrary",
	Title:       "Open Library",
	BaseURL:     "https://openlibrary.org",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    24 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/api/books", Query: "bibkeys=ISBN%3A9780140328721", File: "testdata/books_fantastic_mr_fox.json"},
		{Path: "/api/books", Query: "bibkeys=ISBN%3A9780000000002", File: "testdata/books_none.json"},
	},
})
