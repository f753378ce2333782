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
	family.Register(&registry.Tool{
		Name: "air_quality_index", Path: "/paid/health/air-quality", Price: "0.03",
		Description: "Current air quality anywhere from the CAMS models via Open-Meteo: US and European AQI, particulates, gases, " +
			"and on request UV, dust and (Europe) pollen, with units and the US AQI category.",
		Params: []registry.Param{
			registry.Num("lat").Req().Range(-90, 90).Describe("latitude"),
			registry.Num("lon").Req().Range(-180, 180).Describe("longitude"),
			registry.Str("variables").Len(1, 400).WithDefault(defaultAirVariables).
				Describe("comma-separated; any of us_aqi, european_aqi, pm10, pm2_5, carbon_monoxide, nitrogen_dioxide, sulphur_dioxide, ozone, uv_index, uv_index_clear_sky, dust, aerosol_optical_depth, ammonia, alder_pollen, birch_pollen, grass_pollen, mugwort_pollen, olive_pollen, ragweed_pollen"),
		},
		Example:  map[string]any{"lat": 52.52, "lon": 13.41},
		Synonyms: []string{"aqi", "breathing safety", "smog", "pm2.5", "pollution level", "pollen", "ozone levels"},
		Expected: "Envelope whose data holds the Open-Meteo air-quality values at a point with their units and the US AQI category.",
		Shape:    registry.Envelope,
		Result:   airQuality{},
		Sources:  []string{openmeteo.AirQuality.Source.Name},
		Check:    checkAirVariables,
		Handler:  airQualityIndex,
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

// checkAirVariables reads variables, comma-separated names, as a list.
func checkAirVariables(a registry.Args) []registry.FieldError {
	vars, bad := openmeteo.ParseVariables(a.String("variables"), airVariables)
	switch {
	case bad != "":
		return registry.Bad("variables", bad+" is not an air quality variable")
	case len(vars) == 0:
		return registry.Bad("variables", "must name at least one variable")
	}
	a["variables"] = vars
	return nil
}

func airQualityIndex(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	vars := registry.Parsed[[]string](c.Args, "variables")
	up := upstreams.NewSession(c.Upstream)
	r, err := upstreams.Fetch(ctx, up, openmeteo.AirQuality.Current(c.Args.Float("lat"), c.Args.Float("lon"), vars), openmeteo.Decode)
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
