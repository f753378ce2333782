// Package mempool is the client of mempool.space's Bitcoin REST API: fee
// estimates, mempool size and address histories (Esplora schema).
package mempool

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit but throttles heavy callers, so it is asked
// at most once a second; fee estimates move with every block.
var Source = upstreams.Register(upstreams.Source{
	Name:        "mempool",
	Title:       "mempool.space",
	BaseURL:     "https://mempool.space/api",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    30 * time.Second,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/v1/fees/recommended", File: "testdata/fees_recommended.json"},
		{Path: "/mempool", File: "testdata/mempool.json"},
		{Path: "/address/bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h", File: "testdata/address.json"},
		{Path: "/address/bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h/txs", File: "testdata/address_txs.json"},
		{Path: "/address/1BoatSLRHtKNngkdXEeobR76b53LETtpyX", File: "testdata/invalid_address.txt", Status: 400},
		{Path: "/address/1BoatSLRHtKNngkdXEeobR76b53LETtpyX/txs", File: "testdata/invalid_address.txt", Status: 400},
	},
})
