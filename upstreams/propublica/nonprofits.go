package propublica

import (
	"fmt"
	"net/url"

	"github.com/coinslot/coinslot/upstreams"
)

// Search builds GET /search.json for organizations by name, optionally in
// one state (two letters).
func Search(name, state string) *upstreams.Request {
	v := url.Values{"q": {name}}
	if state != "" {
		v.Set("state[id]", state)
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/search.json?" + v.Encode()}
}

// Organization is one search hit.
type Organization struct {
	EIN        int64  `json:"ein,required"`
	StrEIN     string `json:"strein"`
	Name       string `json:"name"`
	City       string `json:"city"`
	State      string `json:"state"`
	NTEECode   string `json:"ntee_code"`
	Subsection int    `json:"subseccd"`
}

// Results is one search page.
type Results struct {
	Total         int
	Organizations []Organization
}

// DecodeSearch reads a search answer.
func DecodeSearch(body []byte) (Results, error) {
	var r struct {
		Total         int            `json:"total_results,required"`
		Organizations []Organization `json:"organizations,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Results{}, err
	}
	return Results{Total: r.Total, Organizations: r.Organizations}, nil
}

// Details builds GET /organizations/{ein}.json.
func Details(ein int64) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: fmt.Sprintf("%s/organizations/%d.json", Source.BaseURL, ein)}
}

// Filing is one Form 990 with extracted financials; FormType is 0 for a
// 990, 1 for a 990-EZ and 2 for a 990-PF.
type Filing struct {
	TaxPeriod   int64         `json:"tax_prd"`
	Year        int           `json:"tax_prd_yr"`
	FormType    int           `json:"formtype"`
	PDFURL      string        `json:"pdf_url"`
	Revenue     upstreams.Num `json:"totrevenue"`
	Expenses    upstreams.Num `json:"totfuncexpns"`
	Assets      upstreams.Num `json:"totassetsend"`
	Liabilities upstreams.Num `json:"totliabend"`
	OfficerComp upstreams.Num `json:"pct_compnsatncurrofcrs"`
}

// Profile is an organization's record and its filings, newest first.
type Profile struct {
	Address    string `json:"address"`
	ZipCode    string `json:"zipcode"`
	RulingDate string `json:"ruling_date"`
	Filings    []Filing
}

// DecodeDetails reads an organization answer.
func DecodeDetails(body []byte) (Profile, error) {
	var r struct {
		Organization Profile  `json:"organization,required"`
		Filings      []Filing `json:"filings_with_data"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return Profile{}, err
	}
	p := r.Organization
	p.Filings = r.Filings
	return p, nil
}
