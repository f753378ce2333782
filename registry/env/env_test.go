package env

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// Regenerate with: go test ./registry/env -update
var goldenCases = []struct {
	tool, golden string
	in           map[string]any
}{
	{"wildfires", "wildfires", map[string]any{"limit": 10}},
	{"wildfires", "wildfires_california", map[string]any{"region": "california"}},
	{"weather_alerts", "weather_alerts_tx", map[string]any{"state": "tx"}},
	{"weather_alerts", "weather_alerts_zone", map[string]any{"zone": "TXZ338"}},
	{"weather_alerts", "weather_alerts_none", map[string]any{"state": "WY"}},
	{"weather_forecast_grid", "weather_forecast_grid", map[string]any{"lat": 40.71283, "lon": -74.00601}},
	{"weather_current_global", "weather_current_global", map[string]any{"lat": 52.52, "lon": 13.41}},
	{"marine_conditions", "marine_conditions", map[string]any{"lat": 54.54, "lon": 10.2}},
	{"tide_data", "tide_data", map[string]any{"date": "20261120"}},
	{"water_levels", "water_levels_nd", map[string]any{"state": "nd"}},
	{"water_levels", "water_levels_major", map[string]any{}},
	{"space_weather", "space_weather_kp_index", map[string]any{}},
	{"space_weather", "space_weather_solar_wind", map[string]any{"type": "solar_wind"}},
	{"space_weather", "space_weather_flare", map[string]any{"type": "flare", "days": 3}},
	{"space_weather_kp", "space_weather_kp", map[string]any{}},
	{"aurora_forecast", "aurora_forecast", map[string]any{}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
}

// Failures reach the edge as typed upstream errors or as input errors.
func TestErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
		kind upstreams.Kind
	}{
		{"weather_forecast_grid", map[string]any{"lat": 51.5074, "lon": -0.1278}, "nws: upstream answered with an error (HTTP 404)", upstreams.BadAnswer},
		{"tide_data", map[string]any{"station": "9999999"}, "noaa_coops: no data for this station and date", upstreams.NotFound},
		{"water_levels", map[string]any{"state": "AK"}, "usgs_water: upstream answered with an error (HTTP 503)", upstreams.BadAnswer},
		{"tide_data", map[string]any{"date": "20261340"}, "date must be a date written YYYYMMDD", ""},
		{"weather_current_global", map[string]any{"lat": 1, "lon": 2, "variables": "temperature_2m,mood"}, "variables mood is not a current weather variable", ""},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %v: err = %v, want %q", tc.tool, tc.in, err, tc.want)
			continue
		}
		if e, ok := upstreams.AsError(err); tc.kind != "" && (!ok || e.Kind != tc.kind) {
			t.Errorf("%s %v: kind of %v, want %s", tc.tool, tc.in, err, tc.kind)
		}
		if _, ok := err.(*registry.InputError); tc.kind == "" && !ok {
			t.Errorf("%s %v: %T, want *registry.InputError", tc.tool, tc.in, err)
		}
	}
}

// On land the marine models answer with nulls: not_found, so nobody pays.
func TestMarineOnLand(t *testing.T) {
	land := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		body := `{"latitude":47.37,"longitude":8.54,"generationtime_ms":0.05,"utc_offset_seconds":3600,"timezone":"Europe/Zurich","timezone_abbreviation":"GMT+1","elevation":408.0,` +
			`"current_units":{"time":"iso8601","interval":"seconds","wave_height":"m","wave_direction":"°","wave_period":"s","swell_wave_height":"m","sea_surface_temperature":"°C"},` +
			`"current":{"time":"2026-11-20T16:00","interval":3600,"wave_height":null,"wave_direction":null,"wave_period":null,"swell_wave_height":null,"sea_surface_temperature":null}}`
		return &upstreams.Response{Status: http.StatusOK, Body: []byte(body)}, nil
	})
	_, err := registrytest.Run(t, "marine_conditions", map[string]any{"lat": 47.37, "lon": 8.54}, land, now)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound || err.Error() != "openmeteo_marine: no marine data at this location" {
		t.Errorf("land point: %v", err)
	}
}

func TestGScale(t *testing.T) {
	for kp, want := range map[float64]string{0: "G0", 4.67: "G0", 5: "G1", 5.67: "G1", 6: "G2", 7.33: "G3", 8: "G4", 9: "G5"} {
		if got := gScale(kp); got != want {
			t.Errorf("gScale(%v) = %s, want %s", kp, got, want)
		}
	}
}

// Every tool of the family is declared with a handler, and its example runs on the fixtures.
func TestFamilyExamples(t *testing.T) {
	names := []string{"wildfires", "weather_alerts", "tide_data", "space_weather", "water_levels", "space_weather_kp",
		"weather_forecast_grid", "weather_current_global", "aurora_forecast", "marine_conditions"}
	for _, name := range names {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil || tool.Category != "Environment" {
			t.Errorf("%s: not registered as an Environment tool with a handler", name)
			continue
		}
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil || res.Count == 0 {
			t.Errorf("%s example: %v (%v)", name, err, res)
		}
	}
}
