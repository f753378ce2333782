// Package frankfurter is the client of the Frankfurter API, which serves the
// European Central Bank's daily euro foreign-exchange reference rates.
package frankfurter

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no quota; the ECB updates its rates once per working day
// around 16:00 CET, so an hour of cache loses nothing and keeps us polite.
var Source = upstreams.Register(upstreams.Source{
	Name:        "frankfurter",
	Title:       "ECB via Frankfurter",
	BaseURL:     "https://api.frankfurter.dev/v1",
	Rate:        2,
	Burst:       4,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/currencies", File: "testdata/currencies.json"},
		{Path: "/latest", Query: "base=CHF", File: "testdata/server_error.json", Status: 500},
		{Path: "/latest", Query: "base=USD&symbols=EUR%2CJPY", File: "testdata/latest_usd_eur_jpy.json"},
		{Path: "/latest", Query: "base=USD&symbols=EUR", File: "testdata/latest_usd_eur.json"},
		{Path: "/latest", Query: "base=USD", File: "testdata/latest_usd.json"},
	},
})
