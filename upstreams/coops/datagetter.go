package coops

import (
	"net/url"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Application names us to NOAA, as the API asks.
const Application = "coinslot"

// Datum and units every request uses: heights in feet above mean lower low water.
const (
	Datum = "MLLW"
	Units = "english"
)

// HighLows builds the day's predicted high and low tides at station, in
// local standard/daylight time.
func HighLows(station string, day time.Time) *upstreams.Request {
	d := day.Format("20060102")
	return get(url.Values{"product": {"predictions"}, "interval": {"hilo"}, "station": {station}, "begin_date": {d}, "end_date": {d}})
}

// LatestLevel builds the most recent observed water level at station.
func LatestLevel(station string) *upstreams.Request {
	return get(url.Values{"product": {"water_level"}, "station": {station}, "date": {"latest"}})
}

func get(v url.Values) *upstreams.Request {
	v.Set("datum", Datum)
	v.Set("units", Units)
	v.Set("time_zone", "lst_ldt")
	v.Set("format", "json")
	v.Set("application", Application)
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/datagetter?" + v.Encode()}
}

// Value is one reading or prediction; heights come as strings. Type is H or
// L for high/low predictions.
type Value struct {
	T    string        `json:"t,required"`
	V    upstreams.Num `json:"v"`
	Type string        `json:"type"`
	Q    string        `json:"q"` // p preliminary, v verified
}

// Station is the metadata the observation products carry.
type Station struct {
	ID   string        `json:"id"`
	Name string        `json:"name"`
	Lat  upstreams.Num `json:"lat"`
	Lon  upstreams.Num `json:"lon"`
}

// Answer is a datagetter answer: predictions, or observations with metadata.
type Answer struct {
	Metadata    *Station `json:"metadata"`
	Data        []Value  `json:"data"`
	Predictions []Value  `json:"predictions"`
}

// DecodeAnswer reads a datagetter answer. CO-OPS reports a station or
// product without data as HTTP 200 with an error object; that is NotFound.
func DecodeAnswer(body []byte) (Answer, error) {
	var r struct {
		Answer
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Answer{}, err
	}
	switch {
	case r.Error != nil:
		return Answer{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no data for this station and date")
	case r.Data == nil && r.Predictions == nil:
		return Answer{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer has neither data nor predictions")
	}
	return r.Answer, nil
}
