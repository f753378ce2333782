// Package openmeteo is the client of Open-Meteo's weather APIs. Each API has
// its own host, so each is a source; all share one query form and one answer
// format.
//
// The keyless hosts are for non-commercial use. A commercial deployment sets
// each base URL to its customer- host and OPEN_METEO_API_KEY.
package openmeteo

import (
	"embed"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

//go:embed testdata
var testdata embed.FS

// The free tier allows 600 calls a minute, 5,000 an hour and 10,000 a day per
// IP, shared by all hosts; each host gets a fifth of a polite 1 per second.
func source(name, title, host string, ttl time.Duration, fixtures ...upstreams.Fixture) upstreams.Source {
	return upstreams.Register(upstreams.Source{
		Name:        name,
		Title:       title,
		BaseURL:     "https://" + host + "/v1",
		Rate:        0.2,
		Burst:       3,
		Concurrency: 2,
		Timeout:     10 * time.Second,
		Retries:     2,
		CacheTTL:    ttl,
		KeyEnv:      "OPEN_METEO_API_KEY",
		KeyIn:       "query:apikey",
		KeyOptional: true,
		Recorded:    testdata,
		Fixtures:    fixtures,
	})
}

// API is one Open-Meteo endpoint.
type API struct {
	Source upstreams.Source
	Path   string
}

var (
	// Forecast: up to 16 days ahead, up to 92 past days, and current conditions.
	Forecast = API{source("openmeteo", "Open-Meteo", "api.open-meteo.com", 15*time.Minute,
		upstreams.Fixture{Path: "/forecast", File: "testdata/forecast_current.json"}), "/forecast"}
	// HistoricalForecast: archived model forecasts since 2021.
	HistoricalForecast = API{source("openmeteo_historical", "Open-Meteo Historical Forecast", "historical-forecast-api.open-meteo.com", time.Hour,
		upstreams.Fixture{Path: "/forecast", Query: "latitude=40.7789", File: "testdata/historical_forecast_nyc.json"}), "/forecast"}
	// Archive: ERA5 reanalysis since 1940, about five days behind.
	Archive = API{source("openmeteo_archive", "Open-Meteo Archive", "archive-api.open-meteo.com", time.Hour,
		upstreams.Fixture{Path: "/archive", Query: "latitude=40.7789", File: "testdata/archive_nyc.json"}), "/archive"}
	// AirQuality: CAMS pollutant and pollen forecasts.
	AirQuality = API{source("openmeteo_air_quality", "Open-Meteo Air Quality", "air-quality-api.open-meteo.com", 30*time.Minute,
		upstreams.Fixture{Path: "/air-quality", File: "testdata/air_quality_current.json"}), "/air-quality"}
	// Marine: wave, swell and sea-surface forecasts.
	Marine = API{source("openmeteo_marine", "Open-Meteo Marine", "marine-api.open-meteo.com", 30*time.Minute,
		upstreams.Fixture{Path: "/marine", File: "testdata/marine_current.json"}), "/marine"}
)
