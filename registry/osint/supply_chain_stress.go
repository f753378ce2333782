package osint

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/portwatch"
)

func init() {
	family.Register(&registry.Tool{
		Name: "supply_chain_stress", Path: "/paid/osint/supply-stress", Price: "0.03",
		Description: "Maritime supply-chain stress index 0-95 from daily vessel transits through chokepoints and port calls (IMF PortWatch), against each location's one-year baseline.",
		Params: []registry.Param{
			registry.List("ports", registry.String).Most(10).Matching(`^port[0-9]{1,6}$`, "a PortWatch port id such as port1114").
				Describe("PortWatch port ids, e.g. port1114"),
			registry.List("chokepoints", registry.String).OneOf("hormuz", "bab-el-mandeb", "suez", "bosphorus", "malacca").Most(5).Describe("hormuz, bab-el-mandeb, suez, bosphorus, malacca; all five when neither list is given"),
		},
		Example:  map[string]any{"chokepoints": []any{"hormuz", "suez"}},
		Synonyms: []string{"shipping disruption", "suez canal", "strait of hormuz", "port congestion", "shipping chokepoints", "freight delays"},
		Expected: "Envelope whose data turns IMF PortWatch port and chokepoint traffic into z-scores against its baseline and one stress index and level.",
		Shape:    registry.Envelope,
		Result:   stressReport{},
		Sources:  []string{portwatch.Source.Name},
		Handler:  supplyChainStress,
	})
}

// chokepointIDs maps the route's chokepoint names to PortWatch ids, in the
// order the index reports them when none are named.
var chokepointIDs = []struct{ name, id string }{
	{"hormuz", "chokepoint6"}, {"bab-el-mandeb", "chokepoint4"}, {"suez", "chokepoint1"},
	{"bosphorus", "chokepoint3"}, {"malacca", "chokepoint5"},
}

const (
	recentDays   = 7
	baselineDays = 365
	stressMax    = 95
)

const stressMethod = "per location: z = (mean of the last 7 days - mean of the 365 days before) / their standard deviation, on daily transits (chokepoints) or port calls (ports); stress = clamp(50 - 15 z, 0, 95), so fewer vessels than usual means more stress; stress_index is the highest location stress"

type stressLocation struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Kind         string  `json:"kind"`
	LatestDate   string  `json:"latest_date"`
	Mean7d       float64 `json:"mean_7d"`
	BaselineMean float64 `json:"baseline_mean"`
	BaselineSD   float64 `json:"baseline_sd"`
	ZScore       float64 `json:"z_score"`
	Stress       float64 `json:"stress"`
}

type stressReport struct {
	StressIndex float64          `json:"stress_index"`
	Level       string           `json:"level"`
	Method      string           `json:"method"`
	Locations   []stressLocation `json:"locations"`
}

type stressTarget struct{ kind, id, layer, field string }

func supplyChainStress(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	wanted, ports := c.Args.Strings("chokepoints"), c.Args.Strings("ports")
	var targets []stressTarget
	for _, cp := range chokepointIDs {
		if wanted == nil && ports == nil || slices.Contains(wanted, cp.name) {
			targets = append(targets, stressTarget{"chokepoint", cp.id, portwatch.Chokepoints, "n_total"})
		}
	}
	for _, p := range ports {
		targets = append(targets, stressTarget{"port", p, portwatch.Ports, "portcalls"})
	}
	up := upstreams.NewSession(c.Upstream)
	locs := make([]stressLocation, len(targets))
	if err := upstreams.Each(ctx, targets, func(ctx context.Context, i int, t stressTarget) error {
		q := portwatch.Query{
			Layer: t.layer, Where: fmt.Sprintf("portid='%s'", t.id), OutFields: []string{"date", "portid", "portname", t.field},
			OrderBy: "date DESC", Count: recentDays + baselineDays + 8,
		}
		rows, err := upstreams.Fetch(ctx, up, q.Request(), portwatch.DecodeRows)
		if err != nil {
			return err
		}
		locs[i], err = stressOf(t, rows)
		return err
	}); err != nil {
		return nil, err
	}
	r := stressReport{Method: stressMethod, Locations: locs}
	for _, l := range locs {
		r.StressIndex = max(r.StressIndex, l.Stress)
	}
	r.Level = stressLevel(r.StressIndex)
	return &registry.Result{Data: r, Count: len(locs), Source: portwatch.Source.Title, Cached: up.Cached()}, nil
}

func stressOf(t stressTarget, rows []portwatch.Row) (stressLocation, error) {
	type day struct {
		date time.Time
		n    float64
	}
	var days []day
	name := ""
	for _, r := range rows {
		d, okd := r.Date()
		n, okn := r.Float(t.field)
		if okd && okn {
			days = append(days, day{d, n})
			name = r.String("portname")
		}
	}
	if len(days) == 0 {
		return stressLocation{}, upstreams.Errorf(portwatch.Source.Name, upstreams.NotFound, "PortWatch has no data for %s", t.id)
	}
	if len(days) < recentDays+30 {
		return stressLocation{}, upstreams.Errorf(portwatch.Source.Name, upstreams.BadAnswer, "too little history for a baseline at %s", t.id)
	}
	sort.Slice(days, func(i, j int) bool { return days[i].date.After(days[j].date) })
	vals := func(ds []day) []float64 {
		out := make([]float64, len(ds))
		for i, d := range ds {
			out[i] = d.n
		}
		return out
	}
	recent, _ := meanSD(vals(days[:recentDays]))
	baseline := days[recentDays:min(len(days), recentDays+baselineDays)]
	mean, sd := meanSD(vals(baseline))
	z := 0.0
	if sd > 0 {
		z = (recent - mean) / sd
	}
	return stressLocation{
		ID: t.id, Name: name, Kind: t.kind, LatestDate: days[0].date.Format(time.DateOnly),
		Mean7d: tidy.Round(recent, 2), BaselineMean: tidy.Round(mean, 2), BaselineSD: tidy.Round(sd, 2), ZScore: tidy.Round(z, 3),
		Stress: tidy.Round(tidy.Clamp(50-15*z, 0, stressMax), 1),
	}, nil
}

func stressLevel(index float64) string {
	switch {
	case index >= 80:
		return "severe"
	case index >= 65:
		return "elevated"
	case index >= 35:
		return "normal"
	}
	return "below normal"
}
