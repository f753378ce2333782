package env

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/swpc"
)

func init() {
	family.Register(&registry.Tool{
		Name: "space_weather", Path: "/paid/env/space-weather", Price: "0.02",
		Description: "NOAA SWPC space weather for the last 1-7 days: the 3-hour planetary K index with storm level, solar wind plasma " +
			"(hourly means of density, speed and temperature at L1), or GOES X-ray flares with their classes.",
		Params: []registry.Param{
			registry.Str("type").OneOf("planetary_k_index", "solar_wind", "flare").WithDefault("planetary_k_index"),
			registry.Int("days").Range(1, 7).WithDefault(1),
		},
		Example:  map[string]any{"type": "planetary_k_index", "days": 1},
		Synonyms: []string{"solar wind", "solar flares", "geomagnetic storm history", "x-ray flux", "sun activity"},
		Expected: "Envelope whose data is an array, oldest first, of NOAA SWPC planetary K-index readings, solar-wind hours or flares, as asked.",
		Shape:    registry.Envelope,
		Result:   registry.Either{[]kpReading(nil), []windHour(nil), []flare(nil)},
		Sources:  []string{swpc.Source.Name},
		Handler:  spaceWeather,
	})
}

type kpReading struct {
	Time         string   `json:"time"`
	Kp           float64  `json:"kp"`
	GScale       string   `json:"g_scale"`
	ARunning     *float64 `json:"a_running,omitempty"`
	StationCount *float64 `json:"station_count,omitempty"`
}

type windHour struct {
	Hour        string   `json:"hour"`
	Density     *float64 `json:"density"`
	Speed       *float64 `json:"speed"`
	Temperature *float64 `json:"temperature"`
	Samples     int      `json:"samples"`
}

type flare struct {
	Begin      string   `json:"begin"`
	Peak       string   `json:"peak"`
	End        string   `json:"end"`
	BeginClass string   `json:"begin_class"`
	MaxClass   string   `json:"max_class"`
	EndClass   string   `json:"end_class"`
	PeakFlux   *float64 `json:"peak_flux"`
	Satellite  int      `json:"satellite"`
}

func spaceWeather(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	days := c.Args.Int("days")
	since := c.Now.UTC().Add(-time.Duration(days) * 24 * time.Hour)
	up := upstreams.NewSession(c.Upstream)
	var data any
	var count int
	switch c.Args.String("type") {
	case "solar_wind":
		plasma, err := upstreams.Fetch(ctx, up, swpc.Get(swpc.PlasmaPath(days)), swpc.DecodePlasma)
		if err != nil {
			return nil, err
		}
		hours := hourlyWind(plasma, since)
		data, count = hours, len(hours)
	case "flare":
		flares, err := upstreams.Fetch(ctx, up, swpc.Get(swpc.FlaresPath), swpc.DecodeFlares)
		if err != nil {
			return nil, err
		}
		out := []flare{}
		for _, fl := range flares {
			if t, err := swpc.ParseTime(fl.BeginTime); err != nil || t.Before(since) {
				continue
			}
			out = append(out, flare{
				Begin: fl.BeginTime, Peak: fl.MaxTime, End: fl.EndTime, BeginClass: fl.BeginClass, MaxClass: fl.MaxClass,
				EndClass: fl.EndClass, PeakFlux: fl.MaxXrLong, Satellite: fl.Satellite,
			})
		}
		data, count = out, len(out)
	default:
		kps, err := upstreams.Fetch(ctx, up, swpc.Get(swpc.KpPath), swpc.DecodeKp)
		if err != nil {
			return nil, err
		}
		out := []kpReading{}
		for _, k := range kps {
			if !k.Time.Before(since) {
				out = append(out, kpReading{Time: k.Time.Format(time.RFC3339), Kp: k.Kp, GScale: gScale(k.Kp), ARunning: k.ARunning, StationCount: k.StationCount})
			}
		}
		data, count = out, len(out)
	}
	return &registry.Result{Data: data, Count: count, Source: swpc.Source.Title, Cached: up.Cached()}, nil
}

// hourlyWind averages minute plasma readings into UTC hours from since on;
// gaps are skipped, and an hour with no value of a quantity reports null.
func hourlyWind(plasma []swpc.Plasma, since time.Time) []windHour {
	type sums struct {
		n                       int
		density, speed, temp    float64
		nDensity, nSpeed, nTemp int
	}
	var order []time.Time
	byHour := map[time.Time]*sums{}
	for _, p := range plasma {
		if p.Time.Before(since) {
			continue
		}
		h := p.Time.Truncate(time.Hour)
		s, ok := byHour[h]
		if !ok {
			s = &sums{}
			byHour[h] = s
			order = append(order, h)
		}
		s.n++
		if p.Density != nil {
			s.density += *p.Density
			s.nDensity++
		}
		if p.Speed != nil {
			s.speed += *p.Speed
			s.nSpeed++
		}
		if p.Temperature != nil {
			s.temp += *p.Temperature
			s.nTemp++
		}
	}
	mean := func(sum float64, n, decimals int) *float64 {
		if n == 0 {
			return nil
		}
		m := tidy.Round(sum/float64(n), decimals)
		return &m
	}
	out := make([]windHour, 0, len(order))
	for _, h := range order {
		s := byHour[h]
		out = append(out, windHour{
			Hour: h.Format(time.RFC3339), Density: mean(s.density, s.nDensity, 2), Speed: mean(s.speed, s.nSpeed, 1),
			Temperature: mean(s.temp, s.nTemp, 0), Samples: s.n,
		})
	}
	return out
}
