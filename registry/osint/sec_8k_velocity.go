package osint

import (
	"context"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

func init() {
	family.Register(&registry.Tool{
		Name: "sec_8k_velocity", Path: "/paid/osint/sec-8k-velocity", Price: "0.03",
		Description: "Velocity of SEC 8-K filings: hourly counts over the window, spikes above 3x the mean of the preceding 24 hours, and the filings scored by their reported items. EDGAR is read within SEC's fair-access budget of 9 requests per second across its hosts, with a declared User-Agent.",
		Params: []registry.Param{
			registry.Int("hours").Range(1, 72).WithDefault(6),
			registry.Num("min_score").Range(0, 1).Describe("minimum filing score; items weigh from 0.1 for exhibits to 1.0 for bankruptcy or non-reliance"),
			registry.Int("limit").Range(10, 200).WithDefault(100),
		},
		Example:  map[string]any{"hours": 6},
		Synonyms: []string{"material events", "8k surge", "corporate announcements", "filing spikes", "current reports"},
		Expected: "Envelope whose data counts SEC EDGAR 8-K filings per hour against their baseline and flags spikes, with the filings in the window.",
		Shape:    registry.Envelope,
		Result:   velocityReport{},
		Sources:  []string{sec.EDGAR.Name},
		Handler:  sec8kVelocity,
	})
}

const (
	// spikeFactor flags an hour whose count exceeds this multiple of the
	// mean hourly count of the 24 hours before the window.
	spikeFactor = 3.0
	// maxFeedPages bounds paging of the latest-filings feed (1,000 filings).
	maxFeedPages = 10
)

// itemWeights scores an 8-K by its most market-moving item (Form 8-K item
// numbers): bankruptcy and non-reliance on past statements rank highest,
// exhibits-only filings lowest. Items not listed weigh 0.2.
var itemWeights = map[string]float64{
	"1.03": 1.0, "4.02": 1.0, "3.01": 0.9, "5.01": 0.9, "2.01": 0.8, "4.01": 0.8,
	"2.04": 0.7, "2.06": 0.7, "1.01": 0.6, "1.02": 0.6, "2.05": 0.6, "5.02": 0.6,
	"2.02": 0.5, "2.03": 0.5, "3.02": 0.4, "3.03": 0.4, "5.03": 0.3, "7.01": 0.3,
	"8.01": 0.3, "5.07": 0.2, "9.01": 0.1,
}

func filingScore(items []string) float64 {
	score := 0.1
	for _, it := range items {
		w, ok := itemWeights[it]
		if !ok {
			w = 0.2
		}
		score = max(score, w)
	}
	return score
}

type velocityHour struct {
	Hour  string `json:"hour"`
	Count int    `json:"count"`
	Spike bool   `json:"spike"`
}

type scoredFiling struct {
	Company   string   `json:"company"`
	CIK       string   `json:"cik"`
	Accession string   `json:"accession"`
	Filed     string   `json:"filed"`
	Items     []string `json:"items"`
	Score     float64  `json:"score"`
	URL       string   `json:"url"`
}

type velocityReport struct {
	WindowHours        int            `json:"window_hours"`
	FilingsInWindow    int            `json:"filings_in_window"`
	BaselineFilings    int            `json:"baseline_filings"`
	BaselineHourlyMean float64        `json:"baseline_hourly_mean"`
	SpikeThreshold     float64        `json:"spike_threshold"`
	Spike              bool           `json:"spike"`
	Hourly             []velocityHour `json:"hourly"`
	Filings            []scoredFiling `json:"filings"`
}

func sec8kVelocity(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	hours := c.Args.Int("hours")
	windowStart := c.Now.Add(-time.Duration(hours) * time.Hour)
	baselineStart := windowStart.Add(-24 * time.Hour)
	up := upstreams.NewSession(c.Upstream)
	var filings []sec.Filing
	for page := range maxFeedPages {
		got, err := upstreams.Fetch(ctx, up, sec.CurrentFilings("8-K", page*sec.CurrentPageSize), sec.DecodeCurrentFilings)
		if err != nil {
			return nil, err
		}
		filings = append(filings, got...)
		if len(got) < sec.CurrentPageSize || got[len(got)-1].Updated.Before(baselineStart) {
			break
		}
	}

	r := velocityReport{WindowHours: hours, Hourly: make([]velocityHour, hours), Filings: []scoredFiling{}}
	for i := range r.Hourly {
		r.Hourly[i].Hour = windowStart.Add(time.Duration(i) * time.Hour).UTC().Format(time.RFC3339)
	}
	seen := map[string]bool{}
	minScore := c.Args.Float("min_score")
	for _, fl := range filings {
		// The feed matches form types by prefix (8-K/A too), and lists a
		// filing once per co-registrant.
		if fl.Form != "8-K" || seen[fl.Accession] || fl.Updated.After(c.Now) || fl.Updated.Before(baselineStart) {
			continue
		}
		seen[fl.Accession] = true
		if fl.Updated.Before(windowStart) {
			r.BaselineFilings++
			continue
		}
		r.FilingsInWindow++
		r.Hourly[min(int(fl.Updated.Sub(windowStart)/time.Hour), hours-1)].Count++
		if s := filingScore(fl.Items); s >= minScore {
			items := fl.Items
			if items == nil {
				items = []string{}
			}
			r.Filings = append(r.Filings, scoredFiling{
				Company: fl.Company, CIK: fl.CIK, Accession: fl.Accession, Filed: fl.Updated.UTC().Format(time.RFC3339),
				Items: items, Score: s, URL: fl.URL,
			})
		}
	}
	r.BaselineHourlyMean = tidy.Round(float64(r.BaselineFilings)/24, 3)
	r.SpikeThreshold = tidy.Round(spikeFactor*float64(r.BaselineFilings)/24, 3)
	for i := range r.Hourly {
		// An empty baseline (e.g. after a weekend) has no mean to exceed.
		r.Hourly[i].Spike = r.BaselineFilings > 0 && float64(r.Hourly[i].Count)*24 > spikeFactor*float64(r.BaselineFilings)
		r.Spike = r.Spike || r.Hourly[i].Spike
	}
	sort.SliceStable(r.Filings, func(i, j int) bool { return r.Filings[i].Score > r.Filings[j].Score })
	r.Filings = r.Filings[:min(len(r.Filings), c.Args.Int("limit"))]
	return &registry.Result{Data: r, Count: len(r.Filings), Source: sec.EDGAR.Title, Cached: up.Cached()}, nil
}
