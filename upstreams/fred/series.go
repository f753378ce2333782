package fred

import (
	"net/url"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Observations asks for a series' values between Start and End (either may be
// zero), oldest first unless Newest; Limit 0 means FRED's default.
type Observations struct {
	SeriesID   string
	Start, End time.Time
	Newest     bool
	Limit      int
}

// Request builds GET /series/observations.
func (o Observations) Request() *upstreams.Request {
	v := url.Values{"series_id": {o.SeriesID}, "file_type": {"json"}}
	if !o.Start.IsZero() {
		v.Set("observation_start", o.Start.Format(time.DateOnly))
	}
	if !o.End.IsZero() {
		v.Set("observation_end", o.End.Format(time.DateOnly))
	}
	if o.Newest {
		v.Set("sort_order", "desc")
	}
	if o.Limit > 0 {
		v.Set("limit", strconv.Itoa(o.Limit))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/series/observations?" + v.Encode()}
}

// Observation is one dated value; FRED marks a missing value (a holiday) with
// "." and it decodes as Missing.
type Observation struct {
	Date    string
	Value   float64
	Missing bool
}

// DecodeObservations reads an observations answer.
func DecodeObservations(body []byte) ([]Observation, error) {
	var r struct {
		Observations []struct {
			Date  string `json:"date,required"`
			Value string `json:"value,required"`
		} `json:"observations,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	out := make([]Observation, 0, len(r.Observations))
	for _, o := range r.Observations {
		v, err := strconv.ParseFloat(o.Value, 64)
		out = append(out, Observation{Date: o.Date, Value: v, Missing: err != nil})
	}
	return out, nil
}

// SeriesInfo builds GET /series: a series' title, units and frequency.
func SeriesInfo(id string) *upstreams.Request {
	v := url.Values{"series_id": {id}, "file_type": {"json"}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/series?" + v.Encode()}
}

// Series is a series' metadata.
type Series struct {
	ID                  string `json:"id"`
	Title               string `json:"title"`
	Frequency           string `json:"frequency"`
	Units               string `json:"units"`
	SeasonalAdjustment  string `json:"seasonal_adjustment"`
	LastUpdated         string `json:"last_updated"`
	ObservationStart    string `json:"observation_start"`
	ObservationEnd      string `json:"observation_end"`
	Notes               string `json:"notes"`
	FrequencyShort      string `json:"frequency_short"`
	UnitsShort          string `json:"units_short"`
	SeasonalAdjustShort string `json:"seasonal_adjustment_short"`
}

// DecodeSeries reads a /series answer.
func DecodeSeries(body []byte) (Series, error) {
	var r struct {
		Seriess []Series `json:"seriess,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Series{}, err
	}
	if len(r.Seriess) == 0 {
		return Series{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no such series")
	}
	return r.Seriess[0], nil
}
