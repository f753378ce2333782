package firms

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Box is an area as west, south, east, north in degrees; the zero Box is the
// whole world.
type Box struct{ West, South, East, North float64 }

func (b Box) String() string {
	if b == (Box{}) {
		return "world"
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return f(b.West) + "," + f(b.South) + "," + f(b.East) + "," + f(b.North)
}

// VIIRSSNPP is the near-real-time 375 m VIIRS product of Suomi NPP.
const VIIRSSNPP = "VIIRS_SNPP_NRT"

// Area builds GET /api/area/csv/{key}/{product}/{area}/{days}: detections of
// the last days (1-5) up to now.
func Area(product string, area Box, days int) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: fmt.Sprintf("%s/api/area/csv/%s/%s/%s/%d", Source.BaseURL, keySegment, product, area, days)}
}

// Hotspot is one detection.
type Hotspot struct {
	Latitude, Longitude float64
	Acquired            time.Time
	Confidence          float64 // 0-1: VIIRS l/n/h read as 0.3/0.6/0.9, MODIS percent / 100
	FRP                 float64 // fire radiative power, MW
	Satellite           string
	DayNight            string
}

var viirsConfidence = map[string]float64{"l": 0.3, "n": 0.6, "h": 0.9}

// DecodeArea reads the CSV. FIRMS answers a bad key or request with a plain
// text line instead of the header.
func DecodeArea(body []byte) ([]Hotspot, error) {
	r := csv.NewReader(bytes.NewReader(body))
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the answer is not CSV")
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[strings.TrimSpace(name)] = i
	}
	for _, need := range []string{"latitude", "longitude", "acq_date", "acq_time", "confidence", "frp"} {
		if _, ok := col[need]; !ok {
			return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "FIRMS did not answer with detections")
		}
	}
	get := func(row []string, name string) string {
		if i, ok := col[name]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	out := make([]Hotspot, 0, len(rows)-1)
	for _, row := range rows[1:] {
		lat, err1 := strconv.ParseFloat(get(row, "latitude"), 64)
		lon, err2 := strconv.ParseFloat(get(row, "longitude"), 64)
		frp, err3 := strconv.ParseFloat(get(row, "frp"), 64)
		hhmm, err4 := strconv.Atoi(get(row, "acq_time")) // HHMM UTC without leading zeros
		day, err5 := time.Parse(time.DateOnly, get(row, "acq_date"))
		if err := firstErr(err1, err2, err3, err4, err5); err != nil {
			return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "a detection row does not read: %v", err)
		}
		conf := get(row, "confidence")
		c, ok := viirsConfidence[conf]
		if !ok {
			pct, err := strconv.ParseFloat(conf, 64)
			if err != nil {
				return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "a detection has confidence %q", conf)
			}
			c = pct / 100
		}
		out = append(out, Hotspot{
			Latitude: lat, Longitude: lon, FRP: frp, Confidence: c,
			Acquired:  day.Add(time.Duration(hhmm/100)*time.Hour + time.Duration(hhmm%100)*time.Minute),
			Satellite: get(row, "satellite"), DayNight: get(row, "daynight"),
		})
	}
	return out, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
