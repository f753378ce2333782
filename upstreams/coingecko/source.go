// Package coingecko is the client of CoinGecko's public API (simple/price).
package coingecko

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: the demo plan allows about 30 calls a minute; keyless calls work
// at a lower, variable limit, so the demo key is optional. Prices refresh
// about once a minute.
var Source = upstreams.Register(upstreams.Source{
	Name:        "coingecko",
	Title:       "CoinGecko",
	BaseURL:     "https://api.coingecko.com/api/v3",
	Rate:        0.4,
	Burst:       2,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    time.Minute,
	KeyEnv:      "COINGECKO_DEMO_API_KEY",
	KeyIn:       "header:x-cg-demo-api-key",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/simple/price", Query: "ids=bitcoin&", File: "testdata/price_bitcoin.json"},
		{Path: "/simple/price", Query: "ids=ethereum&", File: "testdata/price_ethereum_eur.json"},
		{Path: "/simple/price", Query: "ids=not-a-coin&", File: "testdata/price_unknown.json"},
	},
})
