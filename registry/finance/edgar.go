package finance

import (
	"context"
	"fmt"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

// resolveTicker finds the company EDGAR lists under a ticker.
func resolveTicker(ctx context.Context, up *upstreams.Session, ticker string) (sec.Listed, error) {
	tickers, err := upstreams.Fetch(ctx, up, sec.CompanyTickers(), sec.DecodeTickers)
	if err != nil {
		return sec.Listed{}, err
	}
	l, ok := tickers.Lookup(ticker)
	if !ok {
		return sec.Listed{}, upstreams.Errorf(sec.EDGAR.Name, upstreams.NotFound, "EDGAR lists no company with ticker %q", strings.ToUpper(ticker))
	}
	return l, nil
}

// filingIndexURL is a filing's index page in the EDGAR archives.
func filingIndexURL(cik, accession string) string {
	return fmt.Sprintf("%s/Archives/edgar/data/%s/%s/%s-index.htm",
		sec.EDGAR.BaseURL, strings.TrimLeft(cik, "0"), strings.ReplaceAll(accession, "-", ""), accession)
}
