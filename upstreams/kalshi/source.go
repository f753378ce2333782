// Package kalshi is the typed client of Kalshi's public Trade API v2 market
// data (venueB). Prices are "*_dollars" strings and counts "*_fp" strings
// since the fixed-point migration; older integer-cent fields still decode.
package kalshi

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: public reads need no key. Anonymous limits are undocumented; the
// basic tier allows 20 reads/s, so we stay at 10.
var Source = upstreams.Register(upstreams.Source{
	Name: "kalshi", Title: "Kalshi Trade API", BaseURL: "https://api.elections.kalshi.com/trade-api/v2",
	Rate: 10, Burst: 10, Concurrency: 4, Timeout: 10 * time.Second, Retries: 2, CacheTTL: 30 * time.Second,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/markets", Query: "event_ticker=KXFEDDECISION-26DEC", File: "testdata/markets_fed.json"},
		{Path: "/markets", Query: "event_ticker=", File: "testdata/markets_empty.json"},
		{Path: "/markets", File: "testdata/markets_open.json"},
		{Path: "/events", Query: "cursor=CgwIxLbGtgYQ", File: "testdata/events_page2.json"},
		{Path: "/events", File: "testdata/events_page1.json"},
	},
})
