// Package trademarks is the client of the USPTO Trademark API on RapidAPI
// (uspto-trademark.p.rapidapi.com), a keyword search over the USPTO
// trademark register: the USPTO itself offers lookups by serial number only.
package trademarks

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source needs a RapidAPI key; the register is refreshed daily.
var Source = upstreams.Register(upstreams.Source{
	Name:        "uspto_trademark",
	Title:       "USPTO Trademark API (RapidAPI)",
	BaseURL:     "https://uspto-trademark.p.rapidapi.com/v1",
	Rate:        1,
	Burst:       2,
	Concurrency: 2,
	Timeout:     20 * time.Second,
	Retries:     2,
	CacheTTL:    6 * time.Hour,
	KeyEnv:      "TRADEMARK_RAPIDAPI_KEY",
	KeyIn:       "header:X-RapidAPI-Key",
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/trademarkSearch/chatgpt/all", File: "testdata/search_chatgpt.json"},
		{Path: "/trademarkSearch/zzyzx/all", File: "testdata/search_empty.json"},
	},
})
