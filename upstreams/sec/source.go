// Package sec is the client of SEC EDGAR. EDGAR's three hosts are three
// sources; SEC's fair-access limit of 10 requests per second is per user
// across all of them, so their rates add up to 9.
//
// SEC requires every request to declare who makes it: the User-Agent is
// configured like a key (SEC_USER_AGENT, e.g. "Acme Data ops@acme.com"), and
// EDGAR's tools are unavailable until it is set.
package sec

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

const (
	userAgentEnv = "SEC_USER_AGENT"
	userAgentIn  = "header:User-Agent"
)

// EDGAR is www.sec.gov: the latest-filings feed and filing archives.
var EDGAR = upstreams.Register(upstreams.Source{
	Name:        "sec",
	Title:       "SEC EDGAR",
	BaseURL:     "https://www.sec.gov",
	Rate:        5,
	Burst:       1,
	Concurrency: 3,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    time.Minute,
	KeyEnv:      userAgentEnv,
	KeyIn:       userAgentIn,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/cgi-bin/browse-edgar", Query: "start=0&type=8-K", File: "testdata/current_8k_0.xml"},
		{Path: "/cgi-bin/browse-edgar", Query: "start=100&type=8-K", File: "testdata/current_8k_100.xml"},
		{Path: "/files/company_tickers.json", File: "testdata/company_tickers.json"},
		{Path: "/Archives/edgar/data/320193/000114036126041122/wk-form4_1760653812.xml", File: "testdata/form4_000114036126041122.xml"},
		{Path: "/Archives/edgar/data/1750123/000175012326000041/wf-form4_176301.xml", File: "testdata/form4_000175012326000041.xml"},
		{Path: "/Archives/edgar/data/1750123/000175012326000043/wf-form4_176302.xml", File: "testdata/form4_000175012326000043.xml"},
		{Path: "/Archives/edgar/data/1750123/000175012326000046/wf-form4_176303.xml", File: "testdata/form4_000175012326000046.xml"},
		{Path: "/Archives/edgar/data/1750123/000175012326000047/wf-form4_176304.xml", File: "testdata/form4_000175012326000047.xml"},
		{Path: "/Archives/edgar/data/1690456/000169045626000112/wf-form4_176305.xml", File: "testdata/form4_000169045626000112.xml"},
		{Path: "/Archives/edgar/data/1690456/000169045626000115/wf-form4_176306.xml", File: "testdata/form4_000169045626000115.xml"},
		{Path: "/Archives/edgar/data/1580789/000158078926000077/wf-form4_176307.xml", File: "testdata/form4_000158078926000077.xml"},
		{Path: "/Archives/edgar/data/1580789/000158078926000074/wf-form4_176308.xml", File: "testdata/form4_000158078926000074.xml"},
	},
})

// Data is data.sec.gov: company submissions as JSON.
var Data = upstreams.Register(upstreams.Source{
	Name:        "sec_data",
	Title:       "SEC EDGAR",
	BaseURL:     "https://data.sec.gov",
	Rate:        2,
	Burst:       1,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    10 * time.Minute,
	KeyEnv:      userAgentEnv,
	KeyIn:       userAgentIn,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/submissions/CIK0000320193.json", File: "testdata/submissions_0000320193.json"},
	},
})

// Search is efts.sec.gov: EDGAR full-text search (2001 onwards).
var Search = upstreams.Register(upstreams.Source{
	Name:        "sec_efts",
	Title:       "SEC EDGAR full-text search",
	BaseURL:     "https://efts.sec.gov/LATEST",
	Rate:        2,
	Burst:       1,
	Concurrency: 2,
	Timeout:     10 * time.Second,
	Retries:     2,
	CacheTTL:    5 * time.Minute,
	KeyEnv:      userAgentEnv,
	KeyIn:       userAgentIn,
	Recorded:    testdata,
	Fixtures: []upstreams.Fixture{
		{Path: "/search-index", Query: "q=%22x402+payments%22", File: "testdata/efts_x402.json"},
		{Path: "/search-index", Query: "forms=4&", File: "testdata/efts_form4.json"},
	},
})
