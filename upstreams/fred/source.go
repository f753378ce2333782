// Package fred is the client of FRED, the Federal Reserve Bank of St. Louis
// economic data API.
package fred

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// Source: FRED allows 120 requests a minute per key and trips on bursts
// above about two a second; daily series update once a day.
var Source = upstreams.Register(upstreams.Source{
	Name:        "fred",
	Title:       "FRED",
	BaseURL:     "https://api.stlouisfed.org/fred",
	Rate:        2,
	Burst:       1,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    time.Hour,
	KeyEnv:      "FRED_API_KEY",
	KeyIn:       "query:api_key",
	Recorded:    testdata,
	Fixtures:    fixtures(),
})

// fixtures answer one recorded observations file per series, plus metadata.
func fixtures() []upstreams.Fixture {
	out := []upstreams.Fixture{{Path: "/series", Query: "series_id=T10Y2Y", File: "testdata/series_T10Y2Y.json"}}
	for _, id := range []string{"T10Y2Y", "T10Y3M", "DGS10", "DGS2", "DFF", "T10YIE", "BAMLH0A0HYM2", "VIXCLS"} {
		out = append(out, upstreams.Fixture{Path: "/series/observations", Query: "series_id=" + id, File: "testdata/observations_" + id + ".json"})
	}
	return out
}
