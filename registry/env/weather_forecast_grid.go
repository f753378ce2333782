package env

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/nws"
)

func init() {
	family.Register(&registry.Tool{
		Name: "weather_forecast_grid", Path: "/paid/env/weather-forecast", Price: "0.02",
		Description: "National Weather Service forecast for a U.S. point, about seven days in day and night periods: temperature, wind, " +
			"chance of precipitation and the forecast text. Points outside NWS coverage are not_found.",
		Params: []registry.Param{
			registry.Num("lat").Req().Range(-90, 90).Describe("latitude"),
			registry.Num("lon").Req().Range(-180, 180).Describe("longitude"),
		},
		Example:  map[string]any{"lat": 40.7128, "lon": -74.006},
		Synonyms: []string{"forecast this week", "rain tomorrow", "7 day forecast", "nws forecast", "weekend forecast"},
		Expected: "Envelope whose data holds the National Weather Service forecast periods for a US point with temperature, precipitation chance and wind.",
		Shape:    registry.Envelope,
		Result:   gridForecast{},
		Sources:  []string{nws.Source.Name},
		Handler:  weatherForecastGrid,
	})
}

type gridLocation struct {
	City     string `json:"city"`
	State    string `json:"state"`
	GridID   string `json:"grid_id"`
	GridX    int    `json:"grid_x"`
	GridY    int    `json:"grid_y"`
	TimeZone string `json:"time_zone"`
}

type forecastPeriod struct {
	Name                string   `json:"name"`
	Start               string   `json:"start"`
	End                 string   `json:"end"`
	IsDaytime           bool     `json:"is_daytime"`
	Temperature         *int     `json:"temperature"`
	TemperatureUnit     string   `json:"temperature_unit"`
	PrecipitationChance *float64 `json:"precipitation_chance"`
	WindSpeed           string   `json:"wind_speed"`
	WindDirection       string   `json:"wind_direction"`
	ShortForecast       string   `json:"short_forecast"`
	DetailedForecast    string   `json:"detailed_forecast"`
}

type gridForecast struct {
	Location gridLocation     `json:"location"`
	Updated  string           `json:"updated"`
	Units    string           `json:"units"`
	Periods  []forecastPeriod `json:"periods"`
}

func weatherForecastGrid(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	grid, err := upstreams.Fetch(ctx, up, nws.Point(c.Args.Float("lat"), c.Args.Float("lon")), nws.DecodeGrid)
	if err != nil {
		return nil, err
	}
	req, err := nws.Forecast(grid)
	if err != nil {
		return nil, err
	}
	fc, err := upstreams.Fetch(ctx, up, req, nws.DecodeForecast)
	if err != nil {
		return nil, err
	}
	rel := grid.RelativeLocation.Properties
	out := gridForecast{
		Location: gridLocation{City: rel.City, State: rel.State, GridID: grid.GridID, GridX: grid.GridX, GridY: grid.GridY, TimeZone: grid.TimeZone},
		Updated:  fc.Updated, Units: fc.Units, Periods: make([]forecastPeriod, 0, len(fc.Periods)),
	}
	for _, p := range fc.Periods {
		out.Periods = append(out.Periods, forecastPeriod{
			Name: p.Name, Start: p.StartTime, End: p.EndTime, IsDaytime: p.IsDaytime, Temperature: p.Temperature,
			TemperatureUnit: p.TemperatureUnit, PrecipitationChance: p.ProbabilityOfPrecipitation.Value,
			WindSpeed: p.WindSpeed, WindDirection: p.WindDirection, ShortForecast: p.ShortForecast, DetailedForecast: p.DetailedForecast,
		})
	}
	return &registry.Result{Data: out, Count: len(out.Periods), Source: nws.Source.Title, Cached: up.Cached()}, nil
}
