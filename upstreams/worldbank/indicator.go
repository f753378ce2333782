package worldbank

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Indicator builds GET /country/{country}/indicator/{code} for the most
// recent years values: country is an ISO 2- or 3-letter code.
func Indicator(country, code string, years int) *upstreams.Request {
	v := url.Values{"format": {"json"}, "mrv": {strconv.Itoa(years)}, "per_page": {strconv.Itoa(years)}}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/country/" + url.PathEscape(country) + "/indicator/" + url.PathEscape(code) + "?" + v.Encode()}
}

// Named is an id with its display name.
type Named struct {
	ID   string `json:"id"`
	Name string `json:"value"`
}

// Observation is one year's value; Value is nil when not yet reported.
type Observation struct {
	Indicator Named    `json:"indicator"`
	Country   Named    `json:"country"`
	ISO3      string   `json:"countryiso3code"`
	Year      string   `json:"date,required"`
	Value     *float64 `json:"value"`
}

// Series is an indicator answer: the source's last update and the rows,
// newest year first.
type Series struct {
	LastUpdated string
	Rows        []Observation
}

// DecodeIndicator reads an indicator answer: a two-element array [page
// info, rows]. Errors come with HTTP 200 as a one-element array holding a
// message; an unknown country or indicator is not found.
func DecodeIndicator(body []byte) (Series, error) {
	var parts []json.RawMessage
	if err := upstreams.DecodeJSON(Source.Name, body, &parts); err != nil {
		return Series{}, err
	}
	if len(parts) == 0 {
		return Series{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer is empty")
	}
	var head struct {
		Message []struct {
			ID  string `json:"id"`
			Key string `json:"key"`
		} `json:"message"`
	}
	if err := upstreams.DecodeJSON(Source.Name, parts[0], &head); err != nil {
		return Series{}, err
	}
	if len(head.Message) > 0 {
		return Series{}, upstreams.Errorf(Source.Name, upstreams.NotFound, "no such country or indicator")
	}
	var page struct {
		LastUpdated string `json:"lastupdated,required"`
		Total       int    `json:"total,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, parts[0], &page); err != nil {
		return Series{}, err
	}
	s := Series{LastUpdated: page.LastUpdated}
	if len(parts) < 2 || isNull(parts[1]) && page.Total == 0 {
		return s, nil
	}
	if err := upstreams.DecodeJSON(Source.Name, parts[1], &s.Rows); err != nil {
		return Series{}, err
	}
	return s, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }
