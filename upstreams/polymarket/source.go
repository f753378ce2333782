// Package polymarket is the typed client of Polymarket's three public read
// APIs (venueA): Gamma for market and event metadata with display prices, the
// CLOB for order books, and the Data API for leaderboards and trades. Each
// host is its own source, with its own polite limits.
package polymarket

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Gamma: market and event metadata (docs.polymarket.com). /markets allows
// 300 requests per 10 s; we use half of that.
var Gamma = upstreams.Register(upstreams.Source{
	Name: "polymarket_gamma", Title: "Polymarket Gamma API", BaseURL: "https://gamma-api.polymarket.com",
	Rate: 15, Burst: 30, Concurrency: 8, Timeout: 10 * time.Second, Retries: 2, CacheTTL: 30 * time.Second,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/events/slug/next-prime-minister-of-ethiopia", File: "testdata/gamma_event_ethiopia.json"},
		{Path: "/events/slug/fed-decision-in-december-2026", File: "testdata/gamma_event_fed.json"},
		{Path: "/events/slug/no-such-event", File: "testdata/gamma_not_found.json", Status: 404},
		{Path: "/events/keyset", File: "testdata/gamma_events_keyset.json"},
		{Path: "/markets/keyset", Query: "after_cursor=MTAw", File: "testdata/gamma_markets_page2.json"},
		{Path: "/markets/keyset", Query: "tag_id=64", File: "testdata/gamma_markets_empty.json"},
		{Path: "/markets/keyset", Query: "tag_id=2", File: "testdata/gamma_markets_politics.json"},
		{Path: "/markets/keyset", Query: "closed=true", File: "testdata/gamma_markets_closed.json"},
		{Path: "/markets/keyset", File: "testdata/gamma_markets_page1.json"},
		{Path: "/tags/slug/politics", File: "testdata/gamma_tag_politics.json"},
		{Path: "/tags/slug/esports", File: "testdata/gamma_tag_esports.json"},
		{Path: "/tags/slug/no-such-tag", File: "testdata/gamma_not_found.json", Status: 404},
		{Path: "/public-search", Query: "q=fed", File: "testdata/gamma_search_fed.json"},
		{Path: "/public-search", File: "testdata/gamma_search_empty.json"},
	},
})

// CLOB: order books. /books (batch) allows 500 requests per 10 s; we use half.
var CLOB = upstreams.Register(upstreams.Source{
	Name: "polymarket_clob", Title: "Polymarket CLOB API", BaseURL: "https://clob.polymarket.com",
	Rate: 25, Burst: 50, Concurrency: 8, Timeout: 10 * time.Second, Retries: 2, CacheTTL: 10 * time.Second,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Method: "POST", Path: "/books", File: "testdata/clob_books.json"},
		{Path: "/markets/0x5f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80", File: "testdata/clob_market_fed_cut.json"},
		{Path: "/markets/0x0000000000000000000000000000000000000000000000000000000000000000", File: "testdata/clob_not_found.json", Status: 404},
	},
})

// Data: leaderboard and trades. /trades allows 200 requests per 10 s; we use half.
var Data = upstreams.Register(upstreams.Source{
	Name: "polymarket_data", Title: "Polymarket Data API", BaseURL: "https://data-api.polymarket.com",
	Rate: 10, Burst: 20, Concurrency: 6, Timeout: 10 * time.Second, Retries: 2, CacheTTL: 60 * time.Second,
	Recorded: testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/v1/leaderboard", Query: "timePeriod=ALL", File: "testdata/data_leaderboard_empty.json"},
		{Path: "/v1/leaderboard", File: "testdata/data_leaderboard.json"},
		{Path: "/trades", Query: "user=0x56687bf447db6ffa42ffe2204a05edaa20f55839", File: "testdata/data_trades_w1.json"},
		{Path: "/trades", Query: "user=0x1f2e3d4c5b6a79880716253443526170819a0b1c", File: "testdata/data_trades_w2.json"},
		{Path: "/trades", Query: "user=0xa3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4", File: "testdata/data_trades_w3.json"},
		{Path: "/trades", Query: "user=0x9f138019d5481fdc5c59b93b0ae4b9b817cce0fd", File: "testdata/data_trades_w4.json"},
		{Path: "/trades", Query: "user=0x7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d", File: "testdata/data_trades_w5.json"},
	},
})
