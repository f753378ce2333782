// Package arxiv is the client of the arXiv API (export.arxiv.org), which
// answers searches with Atom feeds.
package arxiv

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: arXiv's terms allow one request every three seconds over a single
// connection, and arXiv itself caches answers for up to a day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "arxiv",
	Title:       "arXiv API",
	BaseURL:     "https://export.arxiv.org/api",
	Rate:        1.0 / 3,
	Burst:       1,
	Concurrency: 1,
	Timeout:     30 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/query", Query: "zzyzx", File: "testdata/query_empty.xml"},
		{Path: "/query", File: "testdata/query_mixture_of_experts.xml"},
	},
})
