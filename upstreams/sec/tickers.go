package sec

import (
	"fmt"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// CompanyTickers builds GET /files/company_tickers.json, the ticker to CIK
// map of every listed filer. It changes daily at most, so it is cached a day.
func CompanyTickers() *upstreams.Request {
	return &upstreams.Request{Source: EDGAR.Name, URL: EDGAR.BaseURL + "/files/company_tickers.json", TTL: 24 * time.Hour}
}

// Listed is a ticker's company.
type Listed struct {
	CIK    string // ten digits
	Ticker string
	Title  string
}

// Tickers maps upper-case tickers to their companies.
type Tickers map[string]Listed

// Lookup finds a ticker, ignoring case.
func (t Tickers) Lookup(ticker string) (Listed, bool) {
	l, ok := t[strings.ToUpper(strings.TrimSpace(ticker))]
	return l, ok
}

// DecodeTickers reads company_tickers.json: an object of rows keyed "0", "1", ...
func DecodeTickers(body []byte) (Tickers, error) {
	var rows map[string]struct {
		CIK    int64  `json:"cik_str,required"`
		Ticker string `json:"ticker,required"`
		Title  string `json:"title"`
	}
	if err := upstreams.DecodeJSON(EDGAR.Name, body, &rows); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, upstreams.Errorf(EDGAR.Name, upstreams.BadAnswer, "ticker list is empty")
	}
	out := make(Tickers, len(rows))
	for _, r := range rows {
		t := strings.ToUpper(r.Ticker)
		out[t] = Listed{CIK: fmt.Sprintf("%010d", r.CIK), Ticker: t, Title: r.Title}
	}
	return out, nil
}
