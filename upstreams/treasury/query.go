package treasury

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Query reads rows of one dataset. Filter uses the API's syntax, e.g.
// "record_date:gte:2026-11-01" (comma = AND); Sort e.g. "-record_date".
type Query struct {
	Dataset  string // path, e.g. OperatingCashBalance
	Fields   []string
	Filter   string
	Sort     string
	PageSize int // at most 10000
	Page     int // 1-based; 0 means the first
}

// Request builds the GET for the dataset.
func (q Query) Request() *upstreams.Request {
	v := url.Values{"format": {"json"}}
	if len(q.Fields) > 0 {
		v.Set("fields", strings.Join(q.Fields, ","))
	}
	if q.Filter != "" {
		v.Set("filter", q.Filter)
	}
	if q.Sort != "" {
		v.Set("sort", q.Sort)
	}
	if q.PageSize > 0 {
		v.Set("page[size]", strconv.Itoa(q.PageSize))
	}
	if q.Page > 1 {
		v.Set("page[number]", strconv.Itoa(q.Page))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + q.Dataset + "?" + v.Encode()}
}

// Row is one record. Fiscal Data sends every value as a string, with the
// literal "null" for a missing one.
type Row map[string]string

// Amount reads a numeric field; ok is false when it is missing or "null".
func (r Row) Amount(field string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.ReplaceAll(r[field], ",", ""), 64)
	return f, err == nil
}

// Page is one page of rows.
type Page struct {
	Rows       []Row
	TotalCount int
	TotalPages int
}

// DecodePage reads a dataset answer.
func DecodePage(body []byte) (Page, error) {
	var r struct {
		Data []map[string]any `json:"data,required"`
		Meta struct {
			TotalCount int `json:"total-count,required"`
			TotalPages int `json:"total-pages"`
		} `json:"meta,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	p := Page{Rows: make([]Row, len(r.Data)), TotalCount: r.Meta.TotalCount, TotalPages: r.Meta.TotalPages}
	for i, rec := range r.Data {
		row := make(Row, len(rec))
		for k, v := range rec {
			switch v := v.(type) {
			case string:
				row[k] = v
			case float64:
				row[k] = strconv.FormatFloat(v, 'f', -1, 64)
			case nil:
				row[k] = "null"
			}
		}
		p.Rows[i] = row
	}
	return p, nil
}
