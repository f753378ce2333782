package swpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Product paths.
const (
	KpPath         = "/products/noaa-planetary-k-index.json"
	KpForecastPath = "/products/noaa-planetary-k-index-forecast.json"
	FlaresPath     = "/json/goes/primary/xray-flares-7-day.json"
	AuroraPath     = "/json/ovation_aurora_latest.json"
)

// Get builds the GET of a product path.
func Get(path string) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path}
}

// PlasmaPath is the solar wind plasma file covering at least days days
// (files exist for 1, 3 and 7 days).
func PlasmaPath(days int) string {
	span := "7-day"
	switch {
	case days <= 1:
		span = "1-day"
	case days <= 3:
		span = "3-day"
	}
	return "/products/solar-wind/plasma-" + span + ".json"
}

// row is one record of a product, by column name.
type row map[string]json.RawMessage

// rows reads a product in either of SWPC's shapes: an array of objects, or a
// table (array of arrays whose first row names the columns). Products have
// moved from the second shape to the first, so both are read.
func rows(body []byte) ([]row, error) {
	var items []json.RawMessage
	if err := upstreams.DecodeJSON(Source.Name, body, &items); err != nil {
		return nil, err
	}
	if len(items) == 0 || !bytes.HasPrefix(bytes.TrimSpace(items[0]), []byte("[")) {
		out := make([]row, len(items))
		for i, it := range items {
			if err := json.Unmarshal(it, &out[i]); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var header []string
	if err := json.Unmarshal(items[0], &header); err != nil {
		return nil, fmt.Errorf("table header: %w", err)
	}
	out := make([]row, 0, len(items)-1)
	for _, it := range items[1:] {
		var cells []json.RawMessage
		if err := json.Unmarshal(it, &cells); err != nil {
			return nil, err
		}
		if len(cells) != len(header) {
			return nil, fmt.Errorf("table row has %d cells for %d columns", len(cells), len(header))
		}
		r := make(row, len(header))
		for i, name := range header {
			r[name] = cells[i]
		}
		out = append(out, r)
	}
	return out, nil
}

// num reads a cell written as a number or a numeric string; nil when null or empty.
func (r row) num(col string) (*float64, error) {
	s := strings.Trim(strings.TrimSpace(string(r[col])), `"`)
	if s == "" || s == "null" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, fmt.Errorf("%s is not a number: %s", col, r[col])
	}
	return &f, nil
}

func (r row) str(col string) string {
	var s string
	if json.Unmarshal(r[col], &s) != nil {
		return ""
	}
	return s
}

// time reads a UTC timestamp in any of the layouts SWPC files use.
func (r row) time(col string) (time.Time, error) { return ParseTime(r.str(col)) }

// ParseTime reads an SWPC timestamp; all are UTC.
func ParseTime(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05", "2006-01-02 15:04:05.000", "2006-01-02 15:04:05", "2006-01-02T15:04Z"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("not an SWPC time: %q", s)
}

// decodeRows reads a product and converts every row with conv; a product or
// row that does not read is a bad answer.
func decodeRows[T any](body []byte, conv func(row) (T, error)) ([]T, error) {
	rs, err := rows(body)
	if err != nil {
		return nil, badAnswer(err)
	}
	out := make([]T, 0, len(rs))
	for _, r := range rs {
		v, err := conv(r)
		if err != nil {
			return nil, badAnswer(err)
		}
		out = append(out, v)
	}
	return out, nil
}

func badAnswer(err error) error {
	if _, ok := upstreams.AsError(err); ok {
		return err
	}
	return upstreams.Errorf(Source.Name, upstreams.BadAnswer, "%v", err)
}
