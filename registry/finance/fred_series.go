package finance

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/fred"
)

func init() {
	family.Register(&registry.Tool{
		Name: "fred_series", Path: "/paid/finance/fred", Price: "0.02",
		Description: "Latest observations of a FRED economic series with its title, units and change; without a series id, " +
			"a rates dashboard (10Y-2Y spread, 10Y and 2Y Treasury yields, fed funds, VIX).",
		Params: []registry.Param{
			registry.Str("series_id").Len(1, 40).Matching(`^\s*[A-Za-z0-9_.]+\s*$`, "a FRED series id such as UNRATE").
				Describe("FRED series id, e.g. UNRATE, CPIAUCSL, DGS10"),
			registry.Int("limit").Range(5, 100).WithDefault(20).Describe("observations per series, newest first"),
		},
		Example:  map[string]any{"series_id": "T10Y2Y", "limit": 10},
		Synonyms: []string{"interest rates", "federal reserve", "fed funds rate", "inflation", "cpi", "unemployment rate", "treasury yields", "macro data", "economic data", "mortgage rates"},
		Expected: "Envelope whose data is an array of FRED series with their latest value, change and observations newest first, missing values skipped.",
		Shape:    registry.Envelope,
		Result:   []seriesView(nil),
		Sources:  []string{fred.Source.Name},
		Handler:  fredSeries,
	})
}

// dashboardSeries are read when no series is named.
var dashboardSeries = []string{"T10Y2Y", "DGS10", "DGS2", "DFF", "VIXCLS"}

type point struct {
	Date  string  `json:"date"`
	Value float64 `json:"value"`
}

type seriesView struct {
	ID           string   `json:"series_id"`
	Title        string   `json:"title,omitempty"`
	Units        string   `json:"units,omitempty"`
	Frequency    string   `json:"frequency,omitempty"`
	LastUpdated  string   `json:"last_updated,omitempty"`
	Latest       *point   `json:"latest"`
	Change       *float64 `json:"change"`     // latest minus the observation before it
	PctChange    *float64 `json:"pct_change"` // against |earlier value|; nil when it is 0
	Observations []point  `json:"observations"`
}

func fredSeries(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	limit := c.Args.Int("limit")
	ids := dashboardSeries
	single := c.Args.Has("series_id")
	if single {
		ids = []string{strings.ToUpper(strings.TrimSpace(c.Args.String("series_id")))}
	}
	up := upstreams.NewSession(c.Upstream)
	out := make([]seriesView, len(ids))
	var meta fred.Series
	var info upstreams.Job // one series also gets its title and units
	if single {
		info = upstreams.Into(up, &meta, fred.SeriesInfo(ids[0]), fred.DecodeSeries)
	}
	observations := func(ctx context.Context) error {
		return upstreams.Each(ctx, ids, func(ctx context.Context, i int, id string) error {
			obs, err := upstreams.Fetch(ctx, up, fred.Observations{SeriesID: id, Newest: true, Limit: limit}.Request(), fred.DecodeObservations)
			if err != nil {
				return err
			}
			out[i] = summarize(id, obs, limit)
			return nil
		})
	}
	if err := upstreams.All(ctx, observations, info); err != nil {
		return nil, err
	}
	if single {
		out[0].Title, out[0].Units, out[0].Frequency, out[0].LastUpdated = meta.Title, meta.Units, meta.Frequency, meta.LastUpdated
	}
	return &registry.Result{Data: out, Count: len(out), Source: fred.Source.Title, Cached: up.Cached()}, nil
}

// summarize keeps the newest limit reported values, newest first, whatever
// order FRED sent them in.
func summarize(id string, obs []fred.Observation, limit int) seriesView {
	v := seriesView{ID: id, Observations: []point{}}
	for _, o := range obs {
		if !o.Missing {
			v.Observations = append(v.Observations, point{o.Date, o.Value})
		}
	}
	sort.SliceStable(v.Observations, func(i, j int) bool { return v.Observations[i].Date > v.Observations[j].Date })
	v.Observations = v.Observations[:min(len(v.Observations), limit)]
	if len(v.Observations) > 0 {
		v.Latest = &v.Observations[0]
	}
	if len(v.Observations) > 1 {
		latest, prev := v.Observations[0].Value, v.Observations[1].Value
		ch := tidy.Round(latest-prev, 6)
		v.Change = &ch
		if prev != 0 {
			pct := tidy.Round((latest-prev)/math.Abs(prev)*100, 4)
			v.PctChange = &pct
		}
	}
	return v
}
