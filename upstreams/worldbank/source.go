// Package worldbank is the client of the World Bank Indicators API v2.
package worldbank

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit; indicators update a few times a year.
var Source = upstreams.Register(upstreams.Source{
	Name:        "worldbank",
	Title:       "World Bank Indicators",
	BaseURL:     "https://api.worldbank.org/v2",
	Rate:        2,
	Burst:       4,
	Concurrency: 2,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    12 * time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/country/US/indicator/NY.GDP.MKTP.CD", File: "testdata/us_gdp.json"},
		{Path: "/country/DE/indicator/FP.CPI.TOTL.ZG", File: "testdata/de_inflation.json"},
		{Path: "/country/XX/indicator/NY.GDP.MKTP.CD", File: "testdata/invalid_value.json"},
	},
})
