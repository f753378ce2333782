package env

import (
	"context"
	"net/http"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// Regenerate with: go test ./registry/env -update
var goldenCases = []registrytest.Case{
	{Golden: "wildfires", Tool: "wildfires", In: map[string]any{"limit": 10}},
	{Golden: "wildfires_california", Tool: "wildfires", In: map[string]any{"region": "california"}},
	{Golden: "weather_alerts_tx", Tool: "weather_alerts", In: map[string]any{"state": "tx"}},
	{Golden: "weather_alerts_zone", Tool: "weather_alerts", In: map[string]any{"zone": "TXZ338"}},
	{Golden: "weather_alerts_none", Tool: "weather_alerts", In: map[string]any{"state": "WY"}},
	{Golden: "weather_forecast_grid", Tool: "weather_forecast_grid", In: map[string]any{"lat": 40.71283, "lon": -74.00601}},
	{Golden: "weather_current_global", Tool: "weather_current_global", In: map[string]any{"lat": 52.52, "lon": 13.41}},
	{Golden: "marine_conditions", Tool: "marine_conditions", In: map[string]any{"lat": 54.54, "lon": 10.2}},
	{Golden: "tide_data", Tool: "tide_data", In: map[string]any{"date": "20261120"}},
	{Golden: "water_levels_nd", Tool: "water_levels", In: map[string]any{"state": "nd"}},
	{Golden: "water_levels_major", Tool: "water_levels", In: map[string]any{}},
	{Golden: "space_weather_kp_index", Tool: "space_weather", In: map[string]any{}},
	{Golden: "space_weather_solar_wind", Tool: "space_weather", In: map[string]any{"type": "solar_wind"}},
	{Golden: "space_weather_flare", Tool: "space_weather", In: map[string]any{"type": "flare", "days": 3}},
	{Golden: "space_weather_kp", Tool: "space_weather_kp", In: map[string]any{}},
	{Golden: "aurora_forecast", Tool: "aurora_forecast", In: map[string]any{}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
}

// Input the tools cannot serve is refused before payment.
func TestRefusedBeforePayment(t *testing.T) {
	registrytest.Refused(t, "tide_data", map[string]any{"date": "20261340"}, registry.FieldError{Name: "date", Problem: "must be a date written YYYYMMDD"})
	registrytest.Refused(t, "weather_current_global", map[string]any{"lat": 1, "lon": 2, "variables": "temperature_2m,mood"},
		registry.FieldError{Name: "variables", Problem: "mood is not a current weather variable"})
}

// Failures reach the edge as typed upstream errors.
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
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %v: err = %v, want %q", tc.tool, tc.in, err, tc.want)
			continue
		}
		if e, ok := upstreams.AsError(err); !ok || e.Kind != tc.kind {
			t.Errorf("%s %v: kind of %v, want %s", tc.tool, tc.in, err, tc.kind)
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
	_, err := registrytest.Run(t, "marine_conditions", map[string]any{"lat": 47.37, "lon": 8.54}, land, upstreams.RecordedAt)
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
