package osint

import (
	"context"
	"math"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openmeteo"
)

func init() {
	family.Register(&registry.Tool{
		Name: "weather_bias_score", Path: "/paid/osint/weather-bias", Price: "0.03",
		Description: "How far a weather model's forecasts of the daily high ran from the reanalysis of what happened at a city's settlement station, over recent days, with the matching daily-high market series.",
		Params: []registry.Param{
			registry.Str("city").Req().OneOf("NYC", "CHI", "MIA", "LAX", "AUS", "DEN", "PHL").Describe("city code"),
			registry.Str("model").OneOf("best_match", "gfs_seamless", "ecmwf_ifs025", "icon_seamless").WithDefault("best_match").Describe("forecast model"),
			registry.Int("days_back").Range(2, 30).WithDefault(7),
		},
		Example:  map[string]any{"city": "NYC", "days_back": 14},
		Synonyms: []string{"forecast accuracy", "weather model error", "temperature markets", "forecast bias", "weather betting", "gfs", "ecmwf", "model skill at daily highs"},
		Expected: "Envelope whose data compares a model's past daily high forecasts for a city with the observed highs from the Open-Meteo archives, with bias, mean absolute error and a verdict.",
		Shape:    registry.Envelope,
		Result:   biasReport{},
		Sources:  []string{openmeteo.HistoricalForecast.Source.Name, openmeteo.Archive.Source.Name},
		Handler:  weatherBiasScore,
	})
}

// biasCity is a city code's settlement station and its venueB daily-high
// series (which settle on the NWS climate report of that station).
type biasCity struct {
	station, timezone, series string
	lat, lon                  float64
}

var biasCities = map[string]biasCity{
	"NYC": {"KNYC Central Park", "America/New_York", "KXHIGHNY", 40.7789, -73.9692},
	"CHI": {"KMDW Chicago Midway", "America/Chicago", "KXHIGHCHI", 41.7868, -87.7522},
	"MIA": {"KMIA Miami International", "America/New_York", "KXHIGHMIA", 25.7906, -80.3164},
	"LAX": {"KLAX Los Angeles International", "America/Los_Angeles", "KXHIGHLAX", 33.9382, -118.3865},
	"AUS": {"KAUS Austin-Bergstrom", "America/Chicago", "KXHIGHAUS", 30.1831, -97.6799},
	"DEN": {"KDEN Denver International", "America/Denver", "KXHIGHDEN", 39.8466, -104.6562},
	"PHL": {"KPHL Philadelphia International", "America/New_York", "KXHIGHPHIL", 39.8733, -75.2268},
}

// biasDeadband is how far (in °F) the mean error may stray from zero before
// the forecast is called hot or cold.
const biasDeadband = 0.5

const dailyHigh = "temperature_2m_max"

type biasDay struct {
	Date     string   `json:"date"`
	Forecast *float64 `json:"forecast_high_f"`
	Observed *float64 `json:"observed_high_f"`
	ErrorF   *float64 `json:"error_f"`
}

type biasReport struct {
	City         string    `json:"city"`
	Station      string    `json:"station"`
	Model        string    `json:"model"`
	DaysBack     int       `json:"days_back"`
	DaysCompared int       `json:"days_compared"`
	BiasF        *float64  `json:"bias_f"`
	MAEF         *float64  `json:"mae_f"`
	Verdict      string    `json:"verdict"`
	MarketSeries string    `json:"market_series"`
	Daily        []biasDay `json:"daily"`
}

// weatherBiasScore compares the model's archived forecast of each day's high
// with the ERA5 reanalysis of that day: bias = mean(forecast - observed),
// MAE = mean |forecast - observed|, over days that have both.
func weatherBiasScore(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	code, model, days := c.Args.String("city"), c.Args.String("model"), c.Args.Int("days_back")
	city := biasCities[code]
	q := openmeteo.Query{
		Latitude: city.lat, Longitude: city.lon, Daily: []string{dailyHigh}, Timezone: city.timezone, TemperatureUnit: "fahrenheit",
		Start: c.Now.AddDate(0, 0, -days), End: c.Now.AddDate(0, 0, -1),
	}
	up := upstreams.NewSession(c.Upstream)
	var forecast, observed openmeteo.Response
	fq := q
	fq.Models = []string{model}
	if err := upstreams.All(ctx,
		upstreams.Into(up, &forecast, openmeteo.HistoricalForecast.Request(fq), openmeteo.Decode),
		upstreams.Into(up, &observed, openmeteo.Archive.Request(q), openmeteo.Decode),
	); err != nil {
		return nil, err
	}
	seen := map[string]*float64{}
	for i, d := range observed.Daily.Time {
		seen[d] = observed.Daily.Values[dailyHigh][i]
	}
	r := biasReport{City: code, Station: city.station, Model: model, DaysBack: days, MarketSeries: city.series, Daily: []biasDay{}}
	var sum, abs float64
	for i, d := range forecast.Daily.Time {
		day := biasDay{Date: d, Forecast: forecast.Daily.Values[dailyHigh][i], Observed: seen[d]}
		if day.Forecast != nil && day.Observed != nil {
			e := *day.Forecast - *day.Observed
			day.ErrorF = ptr(tidy.Round(e, 2))
			sum += e
			abs += math.Abs(e)
			r.DaysCompared++
		}
		r.Daily = append(r.Daily, day)
	}
	switch {
	case r.DaysCompared == 0:
		r.Verdict = "no observed days yet"
	default:
		n := float64(r.DaysCompared)
		r.BiasF, r.MAEF = ptr(tidy.Round(sum/n, 2)), ptr(tidy.Round(abs/n, 2))
		switch {
		case *r.BiasF > biasDeadband:
			r.Verdict = "forecast runs hot"
		case *r.BiasF < -biasDeadband:
			r.Verdict = "forecast runs cold"
		default:
			r.Verdict = "no material bias"
		}
	}
	return &registry.Result{Data: r, Count: len(r.Daily), Source: openmeteo.HistoricalForecast.Source.Title + ", " + openmeteo.Archive.Source.Title, Cached: up.Cached()}, nil
}
