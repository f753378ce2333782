package sec

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// FullText is an EDGAR full-text search. Query may hold quoted phrases and
// may be empty when Forms is set; zero Start/End mean no date range.
type FullText struct {
	Query      string
	Forms      []string // e.g. 8-K, 10-K
	CIKs       []string // ten digits
	Start, End time.Time
	From       int // offset: advance by the hits received
}

// Request builds GET /search-index.
func (q FullText) Request() *upstreams.Request {
	v := url.Values{"q": {q.Query}}
	if len(q.Forms) > 0 {
		v.Set("forms", strings.Join(q.Forms, ","))
	}
	if len(q.CIKs) > 0 {
		v.Set("ciks", strings.Join(q.CIKs, ","))
	}
	if !q.Start.IsZero() && !q.End.IsZero() {
		v.Set("dateRange", "custom")
		v.Set("startdt", q.Start.Format(time.DateOnly))
		v.Set("enddt", q.End.Format(time.DateOnly))
	}
	if q.From > 0 {
		v.Set("from", strconv.Itoa(q.From))
	}
	return &upstreams.Request{Source: Search.Name, URL: Search.BaseURL + "/search-index?" + v.Encode()}
}

// Document is one full-text hit: a document of a filing, so one filing can
// appear several times (same Accession).
type Document struct {
	Accession    string
	FileName     string
	Form         string
	FileType     string // e.g. 8-K or EX-99.1
	Description  string
	FiledOn      string // YYYY-MM-DD
	PeriodEnding string
	Companies    []string // display names, with ticker and CIK
	CIKs         []string
	Items        []string
	Score        float64
}

// URL is the document in the EDGAR archives.
func (d Document) URL() string {
	if len(d.CIKs) == 0 {
		return ""
	}
	cik := strings.TrimLeft(d.CIKs[0], "0")
	return fmt.Sprintf("%s/Archives/edgar/data/%s/%s/%s", EDGAR.BaseURL, cik, strings.ReplaceAll(d.Accession, "-", ""), d.FileName)
}

// Hits is one page of a full-text search.
type Hits struct {
	Total     int
	Documents []Document
}

// DecodeFullText reads a full-text search answer.
func DecodeFullText(body []byte) (Hits, error) {
	var r struct {
		Hits struct {
			Total struct {
				Value int `json:"value,required"`
			} `json:"total,required"`
			Hits []struct {
				ID     string  `json:"_id"`
				Score  float64 `json:"_score"`
				Source struct {
					CIKs         []string `json:"ciks"`
					PeriodEnding string   `json:"period_ending"`
					DisplayNames []string `json:"display_names"`
					FileDate     string   `json:"file_date"`
					Form         string   `json:"form"`
					ADSH         string   `json:"adsh"`
					FileType     string   `json:"file_type"`
					FileDesc     string   `json:"file_description"`
					Items        []string `json:"items"`
				} `json:"_source"`
			} `json:"hits,required"`
		} `json:"hits,required"`
	}
	if err := upstreams.DecodeJSON(Search.Name, body, &r); err != nil {
		return Hits{}, err
	}
	out := Hits{Total: r.Hits.Total.Value, Documents: make([]Document, 0, len(r.Hits.Hits))}
	for _, h := range r.Hits.Hits {
		_, file, _ := strings.Cut(h.ID, ":")
		s := h.Source
		out.Documents = append(out.Documents, Document{
			Accession: s.ADSH, FileName: file, Form: s.Form, FileType: s.FileType, Description: s.FileDesc,
			FiledOn: s.FileDate, PeriodEnding: s.PeriodEnding, Companies: s.DisplayNames, CIKs: s.CIKs, Items: s.Items, Score: h.Score,
		})
	}
	return out, nil
}
