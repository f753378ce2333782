package env

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openmeteo"
)

// weatherVariables are the current variables a buyer may ask for; the
// first eleven are the default.
var weatherVariables = []string{
	"temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day", "precipitation", "weather_code",
	"cloud_cover", "pressure_msl", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
	"rain", "showers", "snowfall", "surface_pressure", "dew_point_2m", "visibility", "uv_index",
}

const defaultWeatherVariables = "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,precipitation,weather_code," +
	"cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m,wind_gusts_10m"

func init() {
	family.Register(&registry.Tool{
		Name: "weather_current_global", Path: "/paid/env/weather-current", Price: "0.02",
		Description: "Current weather anywhere on Earth from Open-Meteo's models: temperature, humidity, precipitation, cloud, pressure " +
			"and wind, with units and the WMO weather condition in words.",
		Params: []registry.Param{
			registry.Num("lat").Req().Range(-90, 90).Describe("latitude"),
			registry.Num("lon").Req().Range(-180, 180).Describe("longitude"),
			registry.Str("variables").Len(1, 400).WithDefault(defaultWeatherVariables).
				Describe("comma-separated; any of temperature_2m, relative_humidity_2m, apparent_temperature, is_day, precipitation, weather_code, cloud_cover, pressure_msl, wind_speed_10m, wind_direction_10m, wind_gusts_10m, rain, showers, snowfall, surface_pressure, dew_point_2m, visibility, uv_index"),
		},
		Example:  map[string]any{"lat": 52.52, "lon": 13.41},
		Synonyms: []string{"weather now", "current temperature", "rain now", "weather in a city", "current conditions", "snow", "is it raining"},
		Expected: "Envelope whose data holds Open-Meteo's current values at a point with their units, and a condition when weather_code is asked for.",
		Shape:    registry.Envelope,
		Result:   currentWeather{},
		Sources:  []string{openmeteo.Forecast.Source.Name},
		Check:    checkWeatherVariables,
		Handler:  weatherCurrentGlobal,
	})
}

type currentWeather struct {
	Latitude  float64                      `json:"latitude"`
	Longitude float64                      `json:"longitude"`
	Elevation float64                      `json:"elevation"`
	Timezone  string                       `json:"timezone"`
	Time      string                       `json:"time"`
	Condition *string                      `json:"condition"`
	Values    map[string]openmeteo.Reading `json:"values"`
}

// checkWeatherVariables reads variables, comma-separated names, as a list.
func checkWeatherVariables(a registry.Args) []registry.FieldError {
	vars, bad := openmeteo.ParseVariables(a.String("variables"), weatherVariables)
	switch {
	case bad != "":
		return registry.Bad("variables", bad+" is not a current weather variable")
	case len(vars) == 0:
		return registry.Bad("variables", "must name at least one variable")
	}
	a["variables"] = vars
	return nil
}

func weatherCurrentGlobal(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	vars := registry.Parsed[[]string](c.Args, "variables")
	up := upstreams.NewSession(c.Upstream)
	r, err := upstreams.Fetch(ctx, up, openmeteo.Forecast.Current(c.Args.Float("lat"), c.Args.Float("lon"), vars), openmeteo.Decode)
	if err != nil {
		return nil, err
	}
	out := currentWeather{
		Latitude: r.Latitude, Longitude: r.Longitude, Elevation: r.Elevation, Timezone: r.Timezone, Time: r.CurrentTime(),
		Values: r.Readings(vars),
	}
	if code := out.Values["weather_code"].Value; code != nil {
		cond := wmoCondition(int(*code))
		out.Condition = &cond
	}
	return &registry.Result{Data: out, Count: 1, Source: openmeteo.Forecast.Source.Title, Cached: up.Cached()}, nil
}

// wmoCondition names a WMO 4677 present-weather code as Open-Meteo uses them.
func wmoCondition(code int) string {
	switch {
	case code == 0:
		return "clear sky"
	case code == 1:
		return "mainly clear"
	case code == 2:
		return "partly cloudy"
	case code == 3:
		return "overcast"
	case code == 45 || code == 48:
		return "fog"
	case code >= 51 && code <= 55:
		return "drizzle"
	case code == 56 || code == 57:
		return "freezing drizzle"
	case code >= 61 && code <= 65:
		return "rain"
	case code == 66 || code == 67:
		return "freezing rain"
	case code >= 71 && code <= 75, code == 77:
		return "snow"
	case code >= 80 && code <= 82:
		return "rain showers"
	case code == 85 || code == 86:
		return "snow showers"
	case code == 95:
		return "thunderstorm"
	case code == 96 || code == 99:
		return "thunderstorm with hail"
	}
	return "unknown"
}
