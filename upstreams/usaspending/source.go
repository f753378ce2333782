// Package usaspending is the client of the USAspending.gov API v2: federal
// awards (contracts, grants, ...) and their totals by recipient and agency.
package usaspending

import (
	"embed"
	"net/http"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source publishes no rate limit and some searches are slow, so calls are
// few, patient and cached; award data loads nightly.
var Source = upstreams.Register(upstreams.Source{
	Name:        "usaspending",
	Title:       "USAspending.gov",
	BaseURL:     "https://api.usaspending.gov/api/v2",
	Rate:        1,
	Burst:       3,
	Concurrency: 3,
	Timeout:     30 * time.Second,
	Retries:     1,
	CacheTTL:    time.Hour,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/references/toptier_agencies/", File: "testdata/toptier_agencies.json"},
		{Method: http.MethodPost, Path: "/search/spending_by_award/", File: "testdata/spending_by_award.json"},
		{Method: http.MethodPost, Path: "/search/spending_by_category/recipient/", File: "testdata/category_recipient.json"},
		{Method: http.MethodPost, Path: "/search/spending_by_category/awarding_agency/", File: "testdata/category_awarding_agency.json"},
	},
})
