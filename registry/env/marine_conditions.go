package env

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openmeteo"
)

// marineVariables are the current sea-state variables returned.
var marineVariables = []string{"wave_height", "wave_direction", "wave_period", "swell_wave_height", "sea_surface_temperature"}

func init() {
	family.Register(&registry.Tool{
		Name: "marine_conditions", Path: "/paid/env/marine", Price: "0.03",
		Description: "Current sea state at a point from Open-Meteo's marine models: wave height, direction and period, swell height " +
			"and sea-surface temperature. Points on land have no marine data and are not_found.",
		Params: []registry.Param{
			registry.Num("lat").Req().Range(-90, 90).Describe("latitude"),
			registry.Num("lon").Req().Range(-180, 180).Describe("longitude"),
		},
		Example:  map[string]any{"lat": 54.54, "lon": 10.2},
		Synonyms: []string{"surf report", "wave height", "sea state", "swell", "ocean conditions", "boating weather"},
		Expected: "Envelope whose data holds Open-Meteo Marine's wave, swell and sea-surface values at a point with their units.",
		Shape:    registry.Envelope,
		Result:   seaState{},
		Sources:  []string{openmeteo.Marine.Source.Name},
		Handler:  marineConditions,
	})
}

type seaState struct {
	Latitude  float64                      `json:"latitude"`
	Longitude float64                      `json:"longitude"`
	Timezone  string                       `json:"timezone"`
	Time      string                       `json:"time"`
	Values    map[string]openmeteo.Reading `json:"values"`
}

func marineConditions(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	r, err := upstreams.Fetch(ctx, up, openmeteo.Marine.Current(c.Args.Float("lat"), c.Args.Float("lon"), marineVariables), openmeteo.Decode)
	if err != nil {
		return nil, err
	}
	out := seaState{Latitude: r.Latitude, Longitude: r.Longitude, Timezone: r.Timezone, Time: r.CurrentTime(), Values: r.Readings(marineVariables)}
	for _, rd := range out.Values {
		if rd.Value != nil {
			return &registry.Result{Data: out, Count: 1, Source: openmeteo.Marine.Source.Title, Cached: up.Cached()}, nil
		}
	}
	return nil, upstreams.Errorf(openmeteo.Marine.Source.Name, upstreams.NotFound, "no marine data at this location")
}
