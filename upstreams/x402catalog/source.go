// Package x402catalog is the typed client of the public x402 discovery
// catalog: the Coinbase CDP facilitator's Bazaar (/discovery/resources and
// /discovery/search), where x402 sellers are listed once a facilitator has
// settled a payment for them.
package x402catalog

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: no published rate limit and answers cached upstream for up to
// 10 minutes, so we ask at most twice a second and cache as long.
var Source = upstreams.Register(upstreams.Source{
	Name: "x402_catalog", Title: "CDP x402 Bazaar", BaseURL: "https://api.cdp.coinbase.com/platform/v2/x402",
	Rate: 2, Burst: 4, Concurrency: 2, Timeout: 10 * time.Second, Retries: 2, CacheTTL: 10 * time.Minute,
	Recorded: testdata, Fixtures: fixtures,
})

// ProxySource is the same catalog for the free search proxy
// (/api/x402/catalog/search), with a budget and cache entries of its own, so
// a flood of free searches never spends the paid tools' rate, workers or
// breaker: at most one search a second, one at a time, no retries.
var ProxySource = upstreams.Register(upstreams.Source{
	Name: "x402_catalog_search", Title: Source.Title, BaseURL: Source.BaseURL,
	Rate: 1, Burst: 2, Concurrency: 1, Timeout: 10 * time.Second, CacheTTL: 10 * time.Minute,
	Recorded: testdata, Fixtures: fixtures,
})

// fixtures answer both sources: they are one catalog.
var fixtures = []upstreams.Fixture{
	{Path: "/discovery/resources", File: "testdata/resources.json"},
	{Path: "/discovery/search", Query: "query=prediction+markets", File: "testdata/search_prediction_markets.json"},
	{Path: "/discovery/search", Query: "query=polymarket", File: "testdata/search_polymarket.json"},
	{Path: "/discovery/search", Query: "query=arbitrage", File: "testdata/search_arbitrage.json"},
	{Path: "/discovery/search", Query: "query=weather", File: "testdata/search_weather.json"},
	{Path: "/discovery/search", File: "testdata/search_no_results.json"},
}
