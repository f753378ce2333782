package nws

import "testing"

// Only forecast addresses on the NWS grid are followed.
func TestForecastStaysOnHost(t *testing.T) {
	if _, err := Forecast(Grid{Forecast: "https://example.com/gridpoints/OKX/33,35/forecast"}); err == nil {
		t.Error("an off-host forecast address was accepted")
	}
	req, err := Forecast(Grid{Forecast: "https://api.weather.gov/gridpoints/OKX/33,35/forecast"})
	if err != nil || req.URL != "https://api.weather.gov/gridpoints/OKX/33,35/forecast" {
		t.Errorf("%v %v", req, err)
	}
	if got := Point(40.71283, -74.00601).URL; got != "https://api.weather.gov/points/40.7128,-74.006" {
		t.Errorf("Point URL = %s", got)
	}
}
