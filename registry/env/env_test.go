package env

import (
	"context"
	"net/http"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

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
