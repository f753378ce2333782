// Package openrouter is the client of the OpenRouter model catalog.
package openrouter

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no limit for the catalog, which is edge-cached; one
// answer an hour is all the catalog needs.
var Source = upstreams.Register(upstreams.Source{
	Name:        "openrouter",
	Title:       "OpenRouter",
	BaseURL:     "https://openrouter.ai/api/v1",
	Rate:        1,
	Burst:       2,
	Concurrency: 1,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures:    []upstreams.Fixture{{Path: "/models", File: "testdata/models.json"}},
})
