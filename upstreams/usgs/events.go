package usgs

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Query selects events from the FDSN event service, newest first. MinMag is
// omitted from the request when nil; without a start time the service looks
// back 30 days.
type Query struct {
	Limit  int
	MinMag *float64
}

// Events builds GET /fdsnws/event/1/query?format=geojson&orderby=time.
func Events(q Query) *upstreams.Request {
	v := url.Values{"format": {"geojson"}, "orderby": {"time"}, "limit": {strconv.Itoa(q.Limit)}}
	if q.MinMag != nil {
		v.Set("minmagnitude", strconv.FormatFloat(*q.MinMag, 'f', -1, 64))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/fdsnws/event/1/query?" + v.Encode()}
}

// Event is one GeoJSON feature.
type Event struct {
	ID         string `json:"id,required"`
	Properties struct {
		Mag     *float64 `json:"mag"`
		MagType string   `json:"magType"`
		Place   string   `json:"place"`
		Time    int64    `json:"time"` // epoch milliseconds
		Updated int64    `json:"updated"`
		URL     string   `json:"url"`
		Felt    *int     `json:"felt"`
		Alert   *string  `json:"alert"` // PAGER level: green, yellow, orange, red
		Status  string   `json:"status"`
		Tsunami int      `json:"tsunami"`
		Sig     int      `json:"sig"`
		Type    string   `json:"type"`
		Title   string   `json:"title"`
	} `json:"properties,required"`
	Geometry struct {
		Coordinates []float64 `json:"coordinates"` // lon, lat, depth km
	} `json:"geometry,required"`
}

// DecodeEvents reads a GeoJSON FeatureCollection.
func DecodeEvents(body []byte) ([]Event, error) {
	var fc struct {
		Type     string  `json:"type,required"`
		Features []Event `json:"features,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &fc); err != nil {
		return nil, err
	}
	if fc.Type != "FeatureCollection" {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer is not a GeoJSON feature collection")
	}
	return fc.Features, nil
}
