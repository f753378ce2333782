// Package openfda is the client of openFDA (api.fda.gov): enforcement reports
// (drug and food recalls), drug adverse event reports and drug labels.
package openfda

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source is openFDA. Without a key it allows 240 requests a minute and 1,000
// a day per IP (120,000 a day with one, sent as api_key); one a second stays
// well inside both. Enforcement reports are published weekly.
var Source = upstreams.Register(upstreams.Source{
	Name:        "openfda",
	Title:       "openFDA",
	BaseURL:     "https://api.fda.gov",
	Rate:        1,
	Burst:       4,
	Concurrency: 4,
	Timeout:     15 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	KeyEnv:      "OPENFDA_API_KEY",
	KeyIn:       "query:api_key",
	KeyOptional: true,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/drug/enforcement.json", Query: "zzzz", File: "testdata/not_found.json", Status: 404},
		{Path: "/drug/enforcement.json", Query: "outage", File: "testdata/error_500.json", Status: 500},
		{Path: "/drug/enforcement.json", File: "testdata/drug_enforcement.json"},
		{Path: "/food/enforcement.json", Query: "recalling_firm", File: "testdata/food_enforcement_firm.json"},
		{Path: "/food/enforcement.json", File: "testdata/food_enforcement.json"},
		{Path: "/drug/event.json", Query: "zzzz", File: "testdata/not_found.json", Status: 404},
		{Path: "/drug/event.json", File: "testdata/drug_event.json"},
		{Path: "/drug/label.json", File: "testdata/drug_label.json"},
	},
})
