package openmeteo

import (
	"io/fs"
	"testing"
	"time"
)

func TestRequest(t *testing.T) {
	q := Query{Latitude: 40.7789, Longitude: -73.9692, Daily: []string{"temperature_2m_max", "temperature_2m_min"}, Timezone: "America/New_York",
		TemperatureUnit: "fahrenheit", Models: []string{"gfs_seamless"}, Start: time.Date(2026, 11, 6, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)}
	want := "https://historical-forecast-api.open-meteo.com/v1/forecast?daily=temperature_2m_max%2Ctemperature_2m_min&end_date=2026-11-19&latitude=40.7789&longitude=-73.9692&models=gfs_seamless&start_date=2026-11-06&temperature_unit=fahrenheit&timezone=America%2FNew_York"
	if got := HistoricalForecast.Request(q).URL; got != want {
		t.Errorf("got %s", got)
	}
	cur := Forecast.Current(52.52, 13.41, []string{"temperature_2m", "weather_code"})
	if cur.URL != "https://api.open-meteo.com/v1/forecast?current=temperature_2m%2Cweather_code&latitude=52.52&longitude=13.41&timezone=auto" || cur.Source != "openmeteo" {
		t.Errorf("current: %s %s", cur.URL, cur.Source)
	}
	for _, c := range []struct {
		api  API
		want string
	}{
		{Archive, "https://archive-api.open-meteo.com/v1/archive?latitude=0&longitude=0"},
		{AirQuality, "https://air-quality-api.open-meteo.com/v1/air-quality?latitude=0&longitude=0"},
		{Marine, "https://marine-api.open-meteo.com/v1/marine?latitude=0&longitude=0"},
	} {
		if got := c.api.Request(Query{}).URL; got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

func TestDecode(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/archive_nyc.json")
	r, err := Decode(body)
	if err != nil {
		t.Fatal(err)
	}
	highs := r.Daily.Values["temperature_2m_max"]
	if r.Timezone != "America/New_York" || len(r.Daily.Time) != 14 || *highs[0] != 52.3 || highs[13] != nil || r.Daily.Units["temperature_2m_max"] != "°F" {
		t.Errorf("%+v", r)
	}
	body, _ = fs.ReadFile(testdata, "testdata/forecast_current.json")
	r, err = Decode(body)
	if err != nil || r.Current["temperature_2m"] != 6.4 || r.CurrentUnits["wind_speed_10m"] != "km/h" || len(r.Daily.Time) != 0 {
		t.Errorf("current: %+v %v", r, err)
	}
	for _, bad := range []string{`{"error":true,"reason":"Latitude must be in range of -90 to 90°."}`, `{"latitude":1,"daily":{"time":["2026-11-01"],"x":[1,2]}}`} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
}
