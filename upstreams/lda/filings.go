package lda

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// PageSize is the largest page the API serves.
const PageSize = 25

// Filings is a filings query; name filters are case-insensitive "contains"
// matches and Year 0 means any year.
type Filings struct {
	Client, Registrant, Lobbyist string
	Year                         int
}

// Request builds GET /filings/, newest postings first.
func (f Filings) Request() *upstreams.Request {
	v := url.Values{"ordering": {"-dt_posted"}, "page_size": {strconv.Itoa(PageSize)}}
	for k, s := range map[string]string{"client_name": f.Client, "registrant_name": f.Registrant, "lobbyist_name": f.Lobbyist} {
		if s != "" {
			v.Set(k, s)
		}
	}
	if f.Year > 0 {
		v.Set("filing_year", strconv.Itoa(f.Year))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/filings/?" + v.Encode()}
}

// Filing is one registration or report.
type Filing struct {
	UUID          string         `json:"filing_uuid"`
	Type          string         `json:"filing_type"`
	TypeDisplay   string         `json:"filing_type_display"`
	Year          int            `json:"filing_year"`
	PeriodDisplay string         `json:"filing_period_display"`
	DocumentURL   string         `json:"filing_document_url"`
	Income        *upstreams.Num `json:"income"`
	Expenses      *upstreams.Num `json:"expenses"`
	Posted        string         `json:"dt_posted"`
	Registrant    struct {
		Name string `json:"name"`
	} `json:"registrant"`
	Client struct {
		Name        string `json:"name"`
		Description string `json:"general_description"`
		State       string `json:"state"`
	} `json:"client"`
	Activities []Activity `json:"lobbying_activities"`
}

// Activity is one issue lobbied on in a filing.
type Activity struct {
	IssueCode   string `json:"general_issue_code"`
	Issue       string `json:"general_issue_code_display"`
	Description string `json:"description"`
	Entities    []struct {
		Name string `json:"name"`
	} `json:"government_entities"`
	Lobbyists []struct {
		Lobbyist struct {
			FirstName string `json:"first_name"`
			LastName  string `json:"last_name"`
		} `json:"lobbyist"`
		CoveredPosition string `json:"covered_position"`
	} `json:"lobbyists"`
}

// Page is one page of filings; Count is the total across pages.
type Page struct {
	Count   int
	Filings []Filing
}

// DecodeFilings reads a filings answer.
func DecodeFilings(body []byte) (Page, error) {
	var r struct {
		Count   int      `json:"count,required"`
		Results []Filing `json:"results,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Page{}, err
	}
	return Page{Count: r.Count, Filings: r.Results}, nil
}
