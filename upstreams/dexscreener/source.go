// Package dexscreener is the client of the DEX Screener API: pools of
// on-chain tokens, including tokenized stocks, with prices and liquidity.
package dexscreener

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: search allows 300 requests a minute; pool prices move by the
// second, so answers are cached briefly.
var Source = upstreams.Register(upstreams.Source{
	Name:        "dexscreener",
	Title:       "DEX Screener",
	BaseURL:     "https://api.dexscreener.com",
	Rate:        2.5,
	Burst:       5,
	Concurrency: 3,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    30 * time.Second,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/latest/dex/search", Query: "q=AAPLx", File: "testdata/search_aaplx.json"},
		{Path: "/latest/dex/search", Query: "q=ZZZNOPE", File: "testdata/search_none.json"},
	},
})
