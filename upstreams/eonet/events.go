package eonet

import (
	"encoding/json"
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// Box is an area in EONET's own order: upper-left corner, then lower-right.
type Box struct{ West, North, East, South float64 }

// OpenEvents builds GET /events?category=<category>&status=open&limit=<n>,
// optionally limited to box.
func OpenEvents(category string, limit int, box *Box) *upstreams.Request {
	v := url.Values{"category": {category}, "status": {"open"}, "limit": {strconv.Itoa(limit)}}
	if box != nil {
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
		v.Set("bbox", f(box.West)+","+f(box.North)+","+f(box.East)+","+f(box.South))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/events?" + v.Encode()}
}

// Event is one natural event with its observations, oldest first.
type Event struct {
	ID      string  `json:"id"`
	Title   string  `json:"title"`
	Link    string  `json:"link"`
	Closed  *string `json:"closed"`
	Sources []struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	} `json:"sources"`
	Geometry []Observation `json:"geometry"`
}

// Observation is one dated position; Point coordinates are [lon, lat].
type Observation struct {
	MagnitudeValue *float64        `json:"magnitudeValue"`
	MagnitudeUnit  *string         `json:"magnitudeUnit"`
	Date           string          `json:"date"`
	Type           string          `json:"type"`
	Coordinates    json.RawMessage `json:"coordinates"`
}

// Point returns the position of a Point observation.
func (o Observation) Point() (lon, lat float64, ok bool) {
	var c []float64
	if o.Type != "Point" || json.Unmarshal(o.Coordinates, &c) != nil || len(c) < 2 {
		return 0, 0, false
	}
	return c[0], c[1], true
}

// DecodeEvents reads an /events answer.
func DecodeEvents(body []byte) ([]Event, error) {
	var r struct {
		Events []Event `json:"events,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Events, nil
}
