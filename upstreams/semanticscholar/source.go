// Package semanticscholar is the client of the Semantic Scholar Academic
// Graph API (AI2): paper search, paper records, citations and references.
package semanticscholar

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: keyless callers share one global pool and see frequent 429s; a
// key (x-api-key) gives a dedicated 1 request a second.
var Source = upstreams.Register(upstreams.Source{
	Name:        "semanticscholar",
	Title:       "Semantic Scholar Academic Graph",
	BaseURL:     "https://api.semanticscholar.org/graph/v1",
	Rate:        1,
	Burst:       1,
	Concurrency: 1,
	Timeout:     20 * time.Second,
	Retries:     3,
	CacheTTL:    time.Hour,
	KeyEnv:      "SEMANTIC_SCHOLAR_API_KEY",
	KeyIn:       "header:x-api-key",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/paper/search", Query: "query=zzyzx", File: "testdata/search_empty.json"},
		{Path: "/paper/search", Query: "query=outage", File: "testdata/error_429.json", Status: 429},
		{Path: "/paper/search", File: "testdata/search_attention.json"},
		{Path: "/paper/DOI:10.1145/3442188.3445922/citations", File: "testdata/citations_parrots.json"},
		{Path: "/paper/DOI:10.1145/3442188.3445922/references", File: "testdata/references_parrots.json"},
		{Path: "/paper/DOI:10.1145/3442188.3445922", File: "testdata/paper_parrots.json"},
		{Path: "/paper/DOI:10.1000/missing", File: "testdata/paper_not_found.json", Status: 404},
	},
})
