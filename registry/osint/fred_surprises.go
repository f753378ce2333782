package osint

import (
	"context"
	"math"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/fred"
)

func init() {
	family.Register(&registry.Tool{
		Name: "fred_surprises", Path: "/paid/osint/fred-surprises", Price: "0.02",
		Description: "Daily rates and risk series from FRED whose latest move is unusual against the trailing window, with the 10Y-2Y spread and its inversion flag. FRED is read at its polite limit of 2 requests per second.",
		Params: []registry.Param{
			registry.Int("days").Range(5, 90).WithDefault(14),
			registry.Num("min_score").Range(0, 1).Describe("minimum surprise score, |z|/3 capped at 1"),
		},
		Example:  map[string]any{"days": 14},
		Synonyms: []string{"unusual rate moves", "yield curve inversion", "market stress signals", "rates anomalies", "macro surprises"},
		Expected: "Envelope whose data is an array of FRED rate and risk series scored by how far their latest move departs from the trailing window (|z|/3, capped at 1), largest surprise first, with the 10Y-2Y inversion flag.",
		Shape:    registry.Envelope,
		Result:   []surprise(nil),
		Sources:  []string{fred.Source.Name},
		Handler:  fredSurprises,
	})
}

// spreadSeries is the 10-year minus 2-year Treasury spread; below zero the
// curve is inverted.
const spreadSeries = "T10Y2Y"

// surpriseBasket is the daily rates, inflation-expectation, credit and
// volatility series watched for surprises.
var surpriseBasket = []struct{ id, title string }{
	{spreadSeries, "10-Year Treasury Constant Maturity Minus 2-Year Treasury Constant Maturity"},
	{"T10Y3M", "10-Year Treasury Constant Maturity Minus 3-Month Treasury Constant Maturity"},
	{"DGS10", "Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity"},
	{"DGS2", "Market Yield on U.S. Treasury Securities at 2-Year Constant Maturity"},
	{"DFF", "Federal Funds Effective Rate"},
	{"T10YIE", "10-Year Breakeven Inflation Rate"},
	{"BAMLH0A0HYM2", "ICE BofA US High Yield Index Option-Adjusted Spread"},
	{"VIXCLS", "CBOE Volatility Index: VIX"},
}

type surprise struct {
	SeriesID string   `json:"series_id"`
	Title    string   `json:"title"`
	Date     string   `json:"date"`
	Value    float64  `json:"value"`
	Change   float64  `json:"change"`
	ZScore   *float64 `json:"z_score"`
	Score    float64  `json:"score"`
	Inverted *bool    `json:"inverted,omitempty"`
}

// fredSurprises scores each series' latest daily change against the other
// changes in the window: z = (latest - mean) / sd, score = min(|z|/3, 1).
// Fewer than two earlier changes, or none that vary, give no z and score 0.
func fredSurprises(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	start := c.Now.AddDate(0, 0, -c.Args.Int("days"))
	up := upstreams.NewSession(c.Upstream)
	rows := make([]*surprise, len(surpriseBasket))
	if err := upstreams.Each(ctx, surpriseBasket, func(ctx context.Context, i int, s struct{ id, title string }) error {
		obs, err := upstreams.Fetch(ctx, up, fred.Observations{SeriesID: s.id, Start: start}.Request(), fred.DecodeObservations)
		if err != nil {
			return err
		}
		rows[i] = surpriseOf(s.id, s.title, obs, start.Format(time.DateOnly))
		return nil
	}); err != nil {
		return nil, err
	}
	minScore := c.Args.Float("min_score")
	out := make([]surprise, 0, len(rows))
	for _, r := range rows {
		if r != nil && r.Score >= minScore {
			out = append(out, *r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return absZ(out[i]) > absZ(out[j])
	})
	return &registry.Result{Data: out, Count: len(out), Source: fred.Source.Title, Cached: up.Cached()}, nil
}

// surpriseOf is nil when the window, from the date since, holds fewer than two values.
func surpriseOf(id, title string, obs []fred.Observation, since string) *surprise {
	var vals []fred.Observation
	for _, o := range obs {
		if !o.Missing && o.Date >= since {
			vals = append(vals, o)
		}
	}
	if len(vals) < 2 {
		return nil
	}
	changes := make([]float64, len(vals)-1)
	for i := range changes {
		changes[i] = vals[i+1].Value - vals[i].Value
	}
	last := vals[len(vals)-1]
	latest := changes[len(changes)-1]
	s := &surprise{SeriesID: id, Title: title, Date: last.Date, Value: last.Value, Change: tidy.Round(latest, 4)}
	if earlier := changes[:len(changes)-1]; len(earlier) >= 2 {
		mean, sd := meanSD(earlier)
		if sd > 0 {
			z := (latest - mean) / sd
			s.ZScore, s.Score = ptr(tidy.Round(z, 3)), tidy.Round(math.Min(math.Abs(z)/3, 1), 3)
		}
	}
	if id == spreadSeries {
		s.Inverted = ptr(last.Value < 0)
	}
	return s
}

func absZ(s surprise) float64 {
	if s.ZScore == nil {
		return 0
	}
	return math.Abs(*s.ZScore)
}

// meanSD is the mean and sample standard deviation.
func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(xs)-1))
}
