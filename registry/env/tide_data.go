package env

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/coops"
)

// defaultTideStation is Boston, MA.
const defaultTideStation = "8443970"

// yyyymmdd says what the date parameter takes.
const yyyymmdd = "a date written YYYYMMDD"

func init() {
	family.Register(&registry.Tool{
		Name: "tide_data", Path: "/paid/env/tides", Price: "0.03",
		Description: "NOAA tide predictions for a CO-OPS station and day (high and low tides, feet above mean lower low water, station " +
			"local time) with the latest observed water level where the station measures one.",
		Params: []registry.Param{
			registry.Str("station").Len(7, 7).Matching(`^[0-9]{7}$`, "a seven-digit CO-OPS station id such as 8443970").
				WithDefault(defaultTideStation).Describe("CO-OPS station id, e.g. 8443970 (Boston)"),
			registry.Str("date").Len(8, 8).Matching(`^[0-9]{8}$`, yyyymmdd).Describe("YYYYMMDD; today (UTC) when absent"),
		},
		Example:  map[string]any{"station": "8443970", "date": "20261120"},
		Synonyms: []string{"tides", "high tide", "low tide", "tide times", "tide table"},
		Expected: "Envelope whose data holds a NOAA CO-OPS station's tide predictions for a day and its latest observed water level, or null.",
		Shape:    registry.Envelope,
		Result:   tides{},
		Sources:  []string{coops.Source.Name},
		Check:    checkTideDate,
		Handler:  tideData,
	})
}

type tideStationInfo struct {
	ID        string   `json:"id"`
	Name      string   `json:"name,omitempty"`
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

type tide struct {
	Time   string  `json:"time"`
	Height float64 `json:"height"`
	Type   string  `json:"type"`
}

type waterReading struct {
	Time    string  `json:"time"`
	Height  float64 `json:"height"`
	Quality string  `json:"quality"`
}

type tides struct {
	Station        tideStationInfo `json:"station"`
	Date           string          `json:"date"`
	Datum          string          `json:"datum"`
	Units          string          `json:"units"`
	TimeZone       string          `json:"time_zone"`
	Predictions    []tide          `json:"predictions"`
	LatestObserved *waterReading   `json:"latest_observed"`
}

var tideTypes = map[string]string{"H": "high", "L": "low"}
var qualities = map[string]string{"p": "preliminary", "v": "verified"}

// checkTideDate parses date, which the pattern admits as eight digits.
func checkTideDate(a registry.Args) []registry.FieldError {
	if !a.Has("date") {
		return nil
	}
	d, err := time.Parse("20060102", a.String("date"))
	if err != nil {
		return registry.Bad("date", "must be "+yyyymmdd)
	}
	a["date"] = d
	return nil
}

func tideData(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	station := c.Args.String("station")
	day := c.Now.UTC()
	if c.Args.Has("date") {
		day = registry.Parsed[time.Time](c.Args, "date")
	}
	up := upstreams.NewSession(c.Upstream)
	var predicted, observed coops.Answer
	var observedErr error
	if err := upstreams.All(ctx,
		upstreams.Into(up, &predicted, coops.HighLows(station, day), coops.DecodeAnswer),
		func(ctx context.Context) error {
			observed, observedErr = upstreams.Fetch(ctx, up, coops.LatestLevel(station), coops.DecodeAnswer)
			return nil // a station may predict tides without measuring them
		},
	); err != nil {
		return nil, err
	}
	if e, ok := upstreams.AsError(observedErr); observedErr != nil && !(ok && e.Kind == upstreams.NotFound) {
		return nil, observedErr
	}
	out := tides{
		Station: tideStationInfo{ID: station}, Date: day.Format(time.DateOnly), Datum: coops.Datum, Units: "feet",
		TimeZone: "station local time", Predictions: make([]tide, 0, len(predicted.Predictions)),
	}
	for _, p := range predicted.Predictions {
		out.Predictions = append(out.Predictions, tide{Time: p.T, Height: float64(p.V), Type: tideTypes[p.Type]})
	}
	if m := observed.Metadata; m != nil {
		lat, lon := float64(m.Lat), float64(m.Lon)
		out.Station = tideStationInfo{ID: m.ID, Name: m.Name, Latitude: &lat, Longitude: &lon}
	}
	if n := len(observed.Data); n > 0 {
		last := observed.Data[n-1]
		out.LatestObserved = &waterReading{Time: last.T, Height: float64(last.V), Quality: qualities[last.Q]}
	}
	return &registry.Result{Data: out, Count: len(out.Predictions), Source: coops.Source.Title, Cached: up.Cached()}, nil
}
