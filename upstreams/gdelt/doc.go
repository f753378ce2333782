package gdelt

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Modes of the DOC API used here.
const (
	ArtList        = "ArtList"        // matching articles
	TimelineVolRaw = "TimelineVolRaw" // article counts per time step, with the total monitored
	TimelineTone   = "TimelineTone"   // average tone per time step
)

// Search is one DOC API query. Query uses GDELT's syntax: keywords,
// "phrases", (a OR b), -exclusions, sourcelang:english, domain:...
type Search struct {
	Query      string
	Mode       string
	Timespan   time.Duration // back from now, rounded to whole hours (GDELT's minimum step is 15 minutes)
	MaxRecords int           // ArtList only, at most 250
	Sort       string        // ArtList: DateDesc, DateAsc, ToneDesc, ToneAsc, HybridRel
}

// Request builds GET /doc/doc.
func (s Search) Request() *upstreams.Request {
	v := url.Values{"query": {s.Query}, "mode": {s.Mode}, "format": {"json"}}
	if s.Timespan > 0 {
		v.Set("timespan", strconv.Itoa(max(1, int(s.Timespan.Hours())))+"h")
	}
	if s.MaxRecords > 0 {
		v.Set("maxrecords", strconv.Itoa(s.MaxRecords))
	}
	if s.Sort != "" {
		v.Set("sort", s.Sort)
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/doc/doc?" + v.Encode()}
}

// Article is one ArtList entry.
type Article struct {
	URL           string `json:"url"`
	Title         string `json:"title"`
	SeenDate      string `json:"seendate"` // UTC, 20260601T121500Z
	Domain        string `json:"domain"`
	Language      string `json:"language"`
	SourceCountry string `json:"sourcecountry"`
}

// Seen parses SeenDate.
func (a Article) Seen() (time.Time, bool) {
	t, err := time.Parse("20060102T150405Z", a.SeenDate)
	return t, err == nil
}

// DecodeArticles reads an ArtList answer; no match is an empty object.
func DecodeArticles(body []byte) ([]Article, error) {
	var r struct {
		Articles []Article `json:"articles,required"`
	}
	if err := decode(body, &r); err != nil {
		return nil, err
	}
	if r.Articles == nil {
		r.Articles = []Article{}
	}
	return r.Articles, nil
}

// Point is one timeline step. Value is the count (TimelineVolRaw) or the
// average tone (TimelineTone); Norm is the total articles GDELT monitored in
// the step (TimelineVolRaw only).
type Point struct {
	Date  time.Time
	Value float64
	Norm  float64
}

// DecodeTimeline reads a timeline answer's first series; no match is an
// empty object and an empty timeline.
func DecodeTimeline(body []byte) ([]Point, error) {
	var r struct {
		Timeline []struct {
			Series string `json:"series"`
			Data   []struct {
				Date  string  `json:"date"`
				Value float64 `json:"value"`
				Norm  float64 `json:"norm"`
			} `json:"data"`
		} `json:"timeline,required"`
	}
	if err := decode(body, &r); err != nil {
		return nil, err
	}
	if len(r.Timeline) == 0 {
		return []Point{}, nil
	}
	out := make([]Point, 0, len(r.Timeline[0].Data))
	for _, d := range r.Timeline[0].Data {
		t, err := time.Parse("20060102T150405Z", d.Date)
		if err != nil {
			return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "a timeline step has no readable date")
		}
		out = append(out, Point{Date: t, Value: d.Value, Norm: d.Norm})
	}
	return out, nil
}

// decode refuses the plain-text notices GDELT sends with status 200 for a
// malformed query or a too-short keyword. No match is an empty object and
// leaves v as it is.
func decode(body []byte, v any) error {
	if t := strings.TrimSpace(string(body)); !strings.HasPrefix(t, "{") {
		return upstreams.Errorf(Source.Name, upstreams.BadAnswer, "GDELT rejected the query")
	}
	if upstreams.EmptyObject(body) {
		return nil
	}
	return upstreams.DecodeJSON(Source.Name, body, v)
}
