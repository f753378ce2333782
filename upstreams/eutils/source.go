// Package eutils is the client of NCBI's E-utilities for PubMed: ESearch
// finds article ids, ESummary describes them.
package eutils

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: NCBI allows 3 requests a second without a key and 10 with one
// (api_key); a search costs two requests.
var Source = upstreams.Register(upstreams.Source{
	Name:        "ncbi_eutils",
	Title:       "NCBI E-utilities (PubMed)",
	BaseURL:     "https://eutils.ncbi.nlm.nih.gov/entrez/eutils",
	Rate:        3,
	Burst:       3,
	Concurrency: 3,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	KeyEnv:      "NCBI_API_KEY",
	KeyIn:       "query:api_key",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/esearch.fcgi", Query: "term=zzyzx", File: "testdata/esearch_empty.json"},
		{Path: "/esearch.fcgi", File: "testdata/esearch_crispr.json"},
		{Path: "/esummary.fcgi", Query: "id=38661449%2C37144896", File: "testdata/esummary_crispr.json"},
	},
})
