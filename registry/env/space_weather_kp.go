package env

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/swpc"
)

func init() {
	family.Register(&registry.Tool{
		Name: "space_weather_kp", Path: "/paid/env/space-weather-kp", Price: "0.03",
		Description: "Geomagnetic activity now and next: the latest 3-hour planetary K index with its NOAA storm level, the last 24 hours " +
			"of Kp, and the highest Kp SWPC predicts for the next 24 hours.",
		Example:  map[string]any{},
		Synonyms: []string{"kp index", "geomagnetic storm", "storm watch", "g-scale"},
		Expected: "Envelope whose data holds NOAA SWPC's latest Kp index, the last 24 hours and the next 24 hours' forecast by 3-hour period in UTC.",
		Shape:    registry.Envelope,
		Result:   kpBrief{},
		Sources:  []string{swpc.Source.Name},
		Handler:  spaceWeatherKp,
	})
}

type kpPoint struct {
	Time   string  `json:"time"`
	Kp     float64 `json:"kp"`
	GScale string  `json:"g_scale"`
}

type kpOutlook struct {
	MaxKp   *float64  `json:"max_kp"`
	GScale  *string   `json:"g_scale"`
	Periods []kpPoint `json:"periods"`
}

type kpBrief struct {
	Latest  kpPoint   `json:"latest"`
	Last24h []kpPoint `json:"last_24h"`
	Next24h kpOutlook `json:"next_24h"`
}

func point(t time.Time, kp float64) kpPoint {
	return kpPoint{Time: t.Format(time.RFC3339), Kp: kp, GScale: gScale(kp)}
}

func spaceWeatherKp(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	var observed []swpc.Kp
	var forecast []swpc.KpForecast
	if err := upstreams.All(ctx,
		upstreams.Into(up, &observed, swpc.Get(swpc.KpPath), swpc.DecodeKp),
		upstreams.Into(up, &forecast, swpc.Get(swpc.KpForecastPath), swpc.DecodeKpForecast),
	); err != nil {
		return nil, err
	}
	if len(observed) == 0 {
		return nil, upstreams.Errorf(swpc.Source.Name, upstreams.BadAnswer, "the K index has no readings")
	}
	now := c.Now.UTC()
	last := observed[len(observed)-1]
	out := kpBrief{Latest: point(last.Time, last.Kp), Last24h: []kpPoint{}, Next24h: kpOutlook{Periods: []kpPoint{}}}
	for _, k := range observed {
		if !k.Time.Before(now.Add(-24 * time.Hour)) {
			out.Last24h = append(out.Last24h, point(k.Time, k.Kp))
		}
	}
	for _, k := range forecast {
		if k.Observed != "predicted" || k.Time.Before(now.Truncate(3*time.Hour)) || !k.Time.Before(now.Add(24*time.Hour)) {
			continue
		}
		out.Next24h.Periods = append(out.Next24h.Periods, point(k.Time, k.Kp))
		if m := out.Next24h.MaxKp; m == nil || k.Kp > *m {
			kp, scale := k.Kp, gScale(k.Kp)
			out.Next24h.MaxKp, out.Next24h.GScale = &kp, &scale
		}
	}
	return &registry.Result{Data: out, Count: 1, Source: swpc.Source.Title, Cached: up.Cached()}, nil
}
