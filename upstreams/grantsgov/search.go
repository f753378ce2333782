package grantsgov

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Search is a search2 query. Statuses are the API's names: forecasted,
// posted, closed, archived.
type Search struct {
	Keyword  string
	Statuses []string
	Rows     int
}

// Request builds POST /search2, newest opportunities first.
func (s Search) Request() *upstreams.Request {
	body, _ := json.Marshal(map[string]any{
		"keyword": s.Keyword, "oppStatuses": strings.Join(s.Statuses, "|"), "rows": s.Rows, "startRecordNum": 0, "sortBy": "openDate|desc",
	})
	return &upstreams.Request{
		Source: Source.Name, Method: http.MethodPost, URL: Source.BaseURL + "/search2",
		Header: http.Header{"Content-Type": {"application/json"}}, Body: body,
	}
}

// Opportunity is one funding opportunity. Dates are YYYY-MM-DD, empty when
// the opportunity has none (e.g. no close date).
type Opportunity struct {
	ID         string
	Number     string
	Title      string
	Agency     string
	AgencyCode string
	Status     string
	DocType    string
	OpenDate   string
	CloseDate  string
	ALN        []string // assistance listing numbers (formerly CFDA)
}

// Results is one search page.
type Results struct {
	Total         int
	Opportunities []Opportunity
}

// DecodeSearch reads a search2 answer; errorcode 0 means success. Clients
// have seen agencyName for agency and alnist for cfdaList, so both are read.
func DecodeSearch(body []byte) (Results, error) {
	var r struct {
		ErrorCode *int `json:"errorcode,required"`
		Data      struct {
			HitCount int `json:"hitCount,required"`
			OppHits  []struct {
				ID         json.Number `json:"id"`
				Number     string      `json:"number"`
				Title      string      `json:"title"`
				Agency     string      `json:"agency"`
				AgencyName string      `json:"agencyName"`
				AgencyCode string      `json:"agencyCode"`
				OpenDate   string      `json:"openDate"`
				CloseDate  string      `json:"closeDate"`
				Status     string      `json:"oppStatus"`
				DocType    string      `json:"docType"`
				CFDAList   []string    `json:"cfdaList"`
				ALNList    []string    `json:"alnist"`
			} `json:"oppHits"`
		} `json:"data"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Results{}, err
	}
	if *r.ErrorCode != 0 {
		return Results{}, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "the search did not succeed")
	}
	out := Results{Total: r.Data.HitCount, Opportunities: make([]Opportunity, 0, len(r.Data.OppHits))}
	for _, h := range r.Data.OppHits {
		o := Opportunity{
			ID: h.ID.String(), Number: h.Number, Title: h.Title, Agency: h.Agency, AgencyCode: h.AgencyCode, Status: h.Status,
			DocType: h.DocType, OpenDate: isoDate(h.OpenDate), CloseDate: isoDate(h.CloseDate), ALN: h.CFDAList,
		}
		if o.Agency == "" {
			o.Agency = h.AgencyName
		}
		if len(o.ALN) == 0 {
			o.ALN = h.ALNList
		}
		out.Opportunities = append(out.Opportunities, o)
	}
	return out, nil
}

// isoDate turns the API's MM/DD/YYYY into YYYY-MM-DD; anything else is dropped.
func isoDate(s string) string {
	t, err := time.Parse("01/02/2006", strings.TrimSpace(s))
	if err != nil {
		return ""
	}
	return t.Format(time.DateOnly)
}
