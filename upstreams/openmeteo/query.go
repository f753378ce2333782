package openmeteo

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Query is what every Open-Meteo API takes. Empty fields are left out, so the
// API's defaults apply (Celsius, km/h, mm, GMT).
type Query struct {
	Latitude, Longitude float64
	Current             []string // variables, e.g. temperature_2m
	Hourly              []string
	Daily               []string
	Start, End          time.Time // start_date and end_date
	PastDays            int
	ForecastDays        int
	Timezone            string // IANA name or "auto"; daily values need one
	TemperatureUnit     string // fahrenheit
	WindSpeedUnit       string // ms, mph, kn
	PrecipitationUnit   string // inch
	Models              []string
	Domains             string // air quality: auto, cams_europe, cams_global
}

// Request builds the GET for this API.
func (a API) Request(q Query) *upstreams.Request {
	v := url.Values{
		"latitude":  {strconv.FormatFloat(q.Latitude, 'f', -1, 64)},
		"longitude": {strconv.FormatFloat(q.Longitude, 'f', -1, 64)},
	}
	set := func(key, val string) {
		if val != "" {
			v.Set(key, val)
		}
	}
	set("current", strings.Join(q.Current, ","))
	set("hourly", strings.Join(q.Hourly, ","))
	set("daily", strings.Join(q.Daily, ","))
	set("models", strings.Join(q.Models, ","))
	if !q.Start.IsZero() {
		v.Set("start_date", q.Start.Format(time.DateOnly))
	}
	if !q.End.IsZero() {
		v.Set("end_date", q.End.Format(time.DateOnly))
	}
	if q.PastDays > 0 {
		v.Set("past_days", strconv.Itoa(q.PastDays))
	}
	if q.ForecastDays > 0 {
		v.Set("forecast_days", strconv.Itoa(q.ForecastDays))
	}
	set("timezone", q.Timezone)
	set("temperature_unit", q.TemperatureUnit)
	set("wind_speed_unit", q.WindSpeedUnit)
	set("precipitation_unit", q.PrecipitationUnit)
	set("domains", q.Domains)
	return &upstreams.Request{Source: a.Source.Name, URL: a.Source.BaseURL + a.Path + "?" + v.Encode()}
}

// Series is a block of time-indexed values: Values[variable][i] belongs to
// Time[i]; nil marks a missing value. Variables whose values are not numbers
// (e.g. sunrise times) are left out.
type Series struct {
	Time   []string
	Values map[string][]*float64
	Units  map[string]string
}

// Response is any Open-Meteo answer.
type Response struct {
	Latitude         float64
	Longitude        float64
	Elevation        float64
	Timezone         string
	UTCOffsetSeconds int
	Current          map[string]any // time, interval and the asked-for variables
	CurrentUnits     map[string]string
	Hourly           Series
	Daily            Series
}

// Decode reads any Open-Meteo answer. The hosts share one API, so its
// errors name the forecast source.
func Decode(body []byte) (Response, error) {
	var r struct {
		Latitude         *float64                   `json:"latitude,required"`
		Longitude        float64                    `json:"longitude,required"`
		Elevation        float64                    `json:"elevation"`
		Timezone         string                     `json:"timezone"`
		UTCOffsetSeconds int                        `json:"utc_offset_seconds"`
		Current          map[string]any             `json:"current"`
		CurrentUnits     map[string]string          `json:"current_units"`
		Hourly           map[string]json.RawMessage `json:"hourly"`
		HourlyUnits      map[string]string          `json:"hourly_units"`
		Daily            map[string]json.RawMessage `json:"daily"`
		DailyUnits       map[string]string          `json:"daily_units"`
	}
	if err := upstreams.DecodeJSON(Forecast.Source.Name, body, &r); err != nil {
		return Response{}, err
	}
	hourly, err := series(r.Hourly, r.HourlyUnits)
	if err != nil {
		return Response{}, err
	}
	daily, err := series(r.Daily, r.DailyUnits)
	if err != nil {
		return Response{}, err
	}
	return Response{
		Latitude: *r.Latitude, Longitude: r.Longitude, Elevation: r.Elevation, Timezone: r.Timezone,
		UTCOffsetSeconds: r.UTCOffsetSeconds, Current: r.Current, CurrentUnits: r.CurrentUnits,
		Hourly: hourly, Daily: daily,
	}, nil
}

func series(raw map[string]json.RawMessage, units map[string]string) (Series, error) {
	s := Series{Values: map[string][]*float64{}, Units: units}
	if raw == nil {
		return s, nil
	}
	if err := json.Unmarshal(raw["time"], &s.Time); err != nil {
		return s, upstreams.Errorf(Forecast.Source.Name, upstreams.BadAnswer, "a series has no time axis")
	}
	for name, vals := range raw {
		if name == "time" {
			continue
		}
		var nums []*float64
		if json.Unmarshal(vals, &nums) != nil {
			continue
		}
		if len(nums) != len(s.Time) {
			return s, upstreams.Errorf(Forecast.Source.Name, upstreams.BadAnswer, "series %s has %d values for %d times", name, len(nums), len(s.Time))
		}
		s.Values[name] = nums
	}
	return s, nil
}
