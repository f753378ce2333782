package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openmeteo"
)

// airVariables are the current variables a buyer may ask for; the first
// eight are the default.
var airVariables = []string{
	"us_aqi", "european_aqi", "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone",
	"uv_index", "uv_index_clear_sky", "dust", "aerosol_optical_depth", "ammonia",
	"alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
}

const defaultAirVariables = "us_aqi,european_aqi,pm10,pm2_5,carbon_monoxide,nitrogen_dioxide,sulphur_dioxide,ozone"

func init() {
	registry.Register(&registry.Tool{
		Name: "air_quality_index", Path: "/paid/health/air-quality", Price: "0.03", Category: "Health",
		Description: "Current air quality anywhere from the CAMS models via Open-Meteo: US and European AQI, particulates, gases, " +
			"and on request UV, dust and (Europe) pollen, with units and the US AQI category.",
		Params: []registry.Param{
			registry.Num("lat").Req().Range(-90, 90).Describe("latitude"),
			registry.Num("lon").Req().Range(-180, 180).Describe("longitude"),
			registry.Str("variables").Len(1, 400).WithDefault(defaultAirVariables).
				Describe("comma-separated; any of us_aqi, european_aqi, pm10, pm2_5, carbon_monoxide, nitrogen_dioxide, sulphur_dioxide, ozone, uv_index, uv_index_clear_sky, dust, aerosol_optical_depth, ammonia, alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen"),
		},
		Example: map[string]any{"lat": 52.52, "lon": 13.41},
		Expected: "Envelope: data is an object {latitude, longitude, timezone, time, us_aqi_category, values {variable: {value, unit}}}; " +
			"meta.source is Open-Meteo Air Quality.",
		Shape:   registry.Envelope,
		Sources: []string{openmeteo.AirQuality.Source.Name},
		Handler: airQualityIndex,
	})
}

type airQuality struct {
	Latitude      float64                      `json:"latitude"`
	Longitude     float64                      `json:"longitude"`
	Timezone      string                       `json:"timezone"`
	Time          string                       `json:"time"`
	USAQICategory *string                      `json:"us_aqi_category"`
	Values        map[string]openmeteo.Reading `json:"values"`
}

func airQualityIndex(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	vars, bad := openmeteo.ParseVariables(c.Args.String("variables"), airVariables)
	switch {
	case bad != "":
		return nil, registry.Invalid("variables", bad+" is not an air quality variable")
	case len(vars) == 0:
		return nil, registry.Invalid("variables", "must name at least one variable")
	}
	up := upstreams.NewSession(c.Upstream)
	q := openmeteo.Query{Latitude: c.Args.Float("lat"), Longitude: c.Args.Float("lon"), Current: vars, Timezone: "auto"}
	r, err := upstreams.Fetch(ctx, up, openmeteo.AirQuality.Request(q), openmeteo.Decode)
	if err != nil {
		return nil, err
	}
	out := airQuality{
		Latitude: r.Latitude, Longitude: r.Longitude, Timezone: r.Timezone, Time: r.CurrentTime(),
		Values: r.Readings(vars),
	}
	if aqi := out.Values["us_aqi"].Value; aqi != nil {
		cat := usAQICategory(*aqi)
		out.USAQICategory = &cat
	}
	return &registry.Result{Data: out, Count: 1, Source: openmeteo.AirQuality.Source.Title, Cached: up.Cached()}, nil
}

// usAQICategory is the EPA's name for a US AQI value.
func usAQICategory(aqi float64) string {
	switch {
	case aqi <= 50:
		return "Good"
	case aqi <= 100:
		return "Moderate"
	case aqi <= 150:
		return "Unhealthy for Sensitive Groups"
	case aqi <= 200:
		return "Unhealthy"
	case aqi <= 300:
		return "Very Unhealthy"
	}
	return "Hazardous"
}
