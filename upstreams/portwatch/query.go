package portwatch

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Query reads rows of a layer. Where is an ArcGIS SQL filter: callers must
// only put validated values in it.
type Query struct {
	Layer     string
	Where     string
	OutFields []string
	OrderBy   string // e.g. "date DESC"
	Count     int
}

// Request builds GET /{layer}/FeatureServer/0/query.
func (q Query) Request() *upstreams.Request {
	v := url.Values{"where": {q.Where}, "outFields": {strings.Join(q.OutFields, ",")}, "returnGeometry": {"false"}, "f": {"json"}}
	if q.OrderBy != "" {
		v.Set("orderByFields", q.OrderBy)
	}
	if q.Count > 0 {
		v.Set("resultRecordCount", strconv.Itoa(q.Count))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + layerPath(q.Layer) + "?" + v.Encode()}
}

// Row is one feature's attributes.
type Row map[string]any

// Float reads a numeric attribute.
func (r Row) Float(name string) (float64, bool) {
	switch v := r[name].(type) {
	case float64:
		return v, true
	case string:
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	}
	return 0, false
}

// Date reads the date attribute, sent as epoch milliseconds or as a string.
func (r Row) Date() (time.Time, bool) {
	switch v := r["date"].(type) {
	case float64:
		return time.UnixMilli(int64(v)).UTC(), true
	case string:
		for _, layout := range []string{time.DateOnly, "2006-01-02 15:04:05", time.RFC3339} {
			if t, err := time.Parse(layout, v); err == nil {
				return t.UTC(), true
			}
		}
	}
	return time.Time{}, false
}

// String reads a text attribute.
func (r Row) String(name string) string { s, _ := r[name].(string); return s }

// DecodeRows reads a query answer. ArcGIS reports errors with HTTP 200 and
// an error object.
func DecodeRows(body []byte) ([]Row, error) {
	var r struct {
		Features []struct {
			Attributes Row `json:"attributes,required"`
		} `json:"features,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	out := make([]Row, len(r.Features))
	for i, f := range r.Features {
		out[i] = f.Attributes
	}
	return out, nil
}
