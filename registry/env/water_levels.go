package env

import (
	"context"
	"html"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/usgswater"
)

// maxGauges caps the sites returned for a state, largest values first.
const maxGauges = 50

// majorRiverGauges are answered when no state is given: the main stems of
// the largest U.S. rivers (Mississippi at St. Louis and Vicksburg, Ohio at
// Metropolis, Missouri at Hermann, Columbia at The Dalles, Delaware at
// Trenton, Potomac at Little Falls, Colorado at Lees Ferry, Sacramento at
// Freeport).
var majorRiverGauges = []string{"07010000", "07289000", "03611500", "06934500", "14105700", "01463500", "01646500", "09380000", "11447650"}

func init() {
	family.Register(&registry.Tool{
		Name: "water_levels", Path: "/paid/env/water-levels", Price: "0.03",
		Description: "Latest USGS river and stream gauge readings in a U.S. state (up to 50 sites, highest first) or, without a state, " +
			"at the major river gauges: discharge by default, or gage height (00065), water temperature (00010) and other USGS parameter codes.",
		Params: []registry.Param{
			registry.Str("state").Len(2, 2).Matching(stateCode, "a two-letter code such as ND").
				Describe("two-letter state code, e.g. ND; major U.S. rivers when absent"),
			registry.Str("parameter_code").Len(5, 5).Matching(`^[0-9]{5}$`, "a five-digit USGS parameter code such as 00060").
				WithDefault("00060").Describe("USGS parameter: 00060 discharge ft³/s, 00065 gage height ft, 00010 water temperature °C"),
		},
		Example:  map[string]any{"state": "ND"},
		Synonyms: []string{"river levels", "flooding", "stream flow", "river gauge", "flood stage"},
		Expected: "Envelope whose data is an array of USGS gauges with their current value, highest first, sites without a current value left out.",
		Shape:    registry.Envelope,
		Result:   []gauge(nil),
		Sources:  []string{usgswater.Source.Name},
		Handler:  waterLevels,
	})
}

type gauge struct {
	SiteID     string   `json:"site_id"`
	Name       string   `json:"name"`
	Latitude   float64  `json:"latitude"`
	Longitude  float64  `json:"longitude"`
	Parameter  string   `json:"parameter"`
	Variable   string   `json:"variable"`
	Unit       string   `json:"unit"`
	Value      float64  `json:"value"`
	Time       string   `json:"time"`
	Qualifiers []string `json:"qualifiers"`
}

func waterLevels(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	param := c.Args.String("parameter_code")
	req := usgswater.BySites(majorRiverGauges, param)
	if c.Args.Has("state") {
		req = usgswater.ByState(strings.ToUpper(c.Args.String("state")), param)
	}
	up := upstreams.NewSession(c.Upstream)
	series, err := upstreams.Fetch(ctx, up, req, usgswater.DecodeSeries)
	if err != nil {
		return nil, err
	}
	out := []gauge{}
	for _, s := range series {
		r, ok := s.Latest()
		if !ok || len(s.SourceInfo.SiteCode) == 0 {
			continue
		}
		g := gauge{
			SiteID: s.SourceInfo.SiteCode[0].Value, Name: s.SourceInfo.SiteName,
			Latitude: s.SourceInfo.GeoLocation.GeogLocation.Latitude, Longitude: s.SourceInfo.GeoLocation.GeogLocation.Longitude,
			Parameter: param, Variable: html.UnescapeString(s.Variable.VariableName), Unit: s.Variable.Unit.UnitCode,
			Value: float64(r.Value), Time: r.DateTime, Qualifiers: r.Qualifiers,
		}
		if g.Qualifiers == nil {
			g.Qualifiers = []string{}
		}
		out = append(out, g)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Value > out[j].Value })
	if len(out) > maxGauges {
		out = out[:maxGauges]
	}
	return &registry.Result{Data: out, Count: len(out), Source: usgswater.Source.Title, Cached: up.Cached()}, nil
}
