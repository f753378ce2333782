// Package ipapi is the client of ip-api.com, an IP geolocation service.
package ipapi

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: the keyless tier allows 45 requests a minute and serves plain HTTP
// only, for non-commercial use. A commercial deployment sets the base URL to
// https://pro.ip-api.com and IPAPI_KEY.
var Source = upstreams.Register(upstreams.Source{
	Name:        "ipapi",
	Title:       "ip-api",
	BaseURL:     "http://ip-api.com",
	Rate:        0.5,
	Burst:       5,
	Concurrency: 2,
	Timeout:     8 * time.Second,
	Retries:     1,
	CacheTTL:    24 * time.Hour,
	KeyEnv:      "IPAPI_KEY",
	KeyIn:       "query:key",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/json/8.8.8.8", File: "testdata/8.8.8.8.json"},
		{Path: "/json/2a00:1450:4001:81b::200e", File: "testdata/2a00_1450.json"},
		{Path: "/json/198.51.100.7", File: "testdata/reserved.json"},
	},
})
