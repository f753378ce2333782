package sec

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Submissions builds GET /submissions/CIK##########.json: a company's profile
// and its most recent filings (up to 1,000 or one year).
func Submissions(cik string) (*upstreams.Request, error) {
	n, err := strconv.ParseUint(strings.TrimLeft(cik, "0"), 10, 64)
	if err != nil || n == 0 || n > 9_999_999_999 {
		return nil, fmt.Errorf("CIK %q is not a number of at most ten digits", cik)
	}
	return &upstreams.Request{Source: Data.Name, URL: fmt.Sprintf("%s/submissions/CIK%010d.json", Data.BaseURL, n)}, nil
}

// Company is a submissions document with its recent filings as rows.
type Company struct {
	CIK            string
	Name           string
	Tickers        []string
	SIC            string
	SICDescription string
	Filings        []RecentFiling
}

// RecentFiling is one row of filings.recent.
type RecentFiling struct {
	Accession       string
	Form            string
	FilingDate      string
	ReportDate      string
	Items           string // 8-K items, comma separated
	PrimaryDocument string
}

// DecodeSubmissions reads a submissions document; its recent filings come as
// index-aligned columns.
func DecodeSubmissions(body []byte) (Company, error) {
	var r struct {
		CIK            json.RawMessage `json:"cik,required"` // a string, sometimes unpadded
		Name           string          `json:"name,required"`
		Tickers        []string        `json:"tickers"`
		SIC            string          `json:"sic"`
		SICDescription string          `json:"sicDescription"`
		Filings        struct {
			Recent struct {
				Accession       []string `json:"accessionNumber,required"`
				FilingDate      []string `json:"filingDate,required"`
				ReportDate      []string `json:"reportDate"`
				Form            []string `json:"form,required"`
				Items           []string `json:"items"`
				PrimaryDocument []string `json:"primaryDocument"`
			} `json:"recent,required"`
		} `json:"filings,required"`
	}
	if err := upstreams.DecodeJSON(Data.Name, body, &r); err != nil {
		return Company{}, err
	}
	rec := r.Filings.Recent
	n := len(rec.Accession)
	if len(rec.Form) != n || len(rec.FilingDate) != n {
		return Company{}, upstreams.Errorf(Data.Name, upstreams.BadAnswer, "recent filings columns differ in length")
	}
	c := Company{CIK: strings.Trim(string(r.CIK), `"`), Name: r.Name, Tickers: r.Tickers, SIC: r.SIC, SICDescription: r.SICDescription}
	at := func(col []string, i int) string {
		if i < len(col) {
			return col[i]
		}
		return ""
	}
	for i := range n {
		c.Filings = append(c.Filings, RecentFiling{
			Accession: rec.Accession[i], Form: rec.Form[i], FilingDate: rec.FilingDate[i],
			ReportDate: at(rec.ReportDate, i), Items: at(rec.Items, i), PrimaryDocument: at(rec.PrimaryDocument, i),
		})
	}
	return c, nil
}
