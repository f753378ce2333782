package sec

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// renderedPrefix is the XSL rendering folder EDGAR puts before a Form 3/4/5
// document name; the raw XML is the same name without it.
var renderedPrefix = regexp.MustCompile(`^xslF345X\d+/`)

// RawOwnershipFile turns a listed Form 3/4/5 document name into its raw XML.
func RawOwnershipFile(name string) string { return renderedPrefix.ReplaceAllString(name, "") }

// ArchiveDocument builds GET /Archives/edgar/data/{cik}/{accession}/{file}.
// Filings are filed under every CIK they name, so any of them will do.
func ArchiveDocument(cik, accession, file string) (*upstreams.Request, error) {
	n, err := strconv.ParseUint(strings.TrimLeft(cik, "0"), 10, 64)
	if err != nil || n == 0 {
		return nil, fmt.Errorf("CIK %q is not a number", cik)
	}
	acc := strings.ReplaceAll(accession, "-", "")
	if len(acc) != 18 || strings.Trim(acc, "0123456789") != "" {
		return nil, fmt.Errorf("accession %q is not 18 digits", accession)
	}
	url := fmt.Sprintf("%s/Archives/edgar/data/%d/%s/%s", EDGAR.BaseURL, n, acc, file)
	return &upstreams.Request{Source: EDGAR.Name, URL: url, TTL: 24 * time.Hour}, nil
}

// Owner is a reporting insider.
type Owner struct {
	CIK          string
	Name         string
	Director     bool
	Officer      bool
	TenPercent   bool
	OfficerTitle string
}

// Trade is one non-derivative transaction. Code P is an open-market
// purchase, S an open-market sale, A a grant, M an option exercise, F tax
// withholding, G a gift.
type Trade struct {
	Security    string
	Date        string
	Code        string
	Shares      float64
	Price       float64
	Acquired    bool // A rather than D
	SharesAfter float64
	Direct      bool
}

// Ownership is a Form 3/4/5 ownership document.
type Ownership struct {
	Form         string
	Period       string
	IssuerCIK    string
	IssuerName   string
	IssuerTicker string
	Owners       []Owner
	Plan10b51    bool // the filer ticked the Rule 10b5-1 trading-plan box
	Trades       []Trade
}

// xmlValue is the <value> wrapper Form 4 puts around most fields.
type xmlValue struct {
	Value string `xml:"value"`
}

// DecodeOwnership reads a Form 3/4/5 XML document. Flags come as 1/0 or
// true/false, numbers may carry thousands separators.
func DecodeOwnership(body []byte) (Ownership, error) {
	var d struct {
		XMLName xml.Name `xml:"ownershipDocument"`
		Type    string   `xml:"documentType"`
		Period  string   `xml:"periodOfReport"`
		Issuer  struct {
			CIK    string `xml:"issuerCik"`
			Name   string `xml:"issuerName"`
			Symbol string `xml:"issuerTradingSymbol"`
		} `xml:"issuer"`
		Owners []struct {
			CIK  string `xml:"reportingOwnerId>rptOwnerCik"`
			Name string `xml:"reportingOwnerId>rptOwnerName"`
			Rel  struct {
				Director   string `xml:"isDirector"`
				Officer    string `xml:"isOfficer"`
				TenPercent string `xml:"isTenPercentOwner"`
				Title      string `xml:"officerTitle"`
			} `xml:"reportingOwnerRelationship"`
		} `xml:"reportingOwner"`
		Plan   string `xml:"aff10b5One"`
		Trades []struct {
			Security xmlValue `xml:"securityTitle"`
			Date     xmlValue `xml:"transactionDate"`
			Code     string   `xml:"transactionCoding>transactionCode"`
			Shares   xmlValue `xml:"transactionAmounts>transactionShares"`
			Price    xmlValue `xml:"transactionAmounts>transactionPricePerShare"`
			AD       xmlValue `xml:"transactionAmounts>transactionAcquiredDisposedCode"`
			After    xmlValue `xml:"postTransactionAmounts>sharesOwnedFollowingTransaction"`
			Direct   xmlValue `xml:"ownershipNature>directOrIndirectOwnership"`
		} `xml:"nonDerivativeTable>nonDerivativeTransaction"`
	}
	if err := xml.Unmarshal(body, &d); err != nil {
		return Ownership{}, upstreams.Errorf(EDGAR.Name, upstreams.BadAnswer, "the answer is not an ownership document")
	}
	o := Ownership{
		Form: strings.TrimSpace(d.Type), Period: strings.TrimSpace(d.Period), IssuerCIK: strings.TrimSpace(d.Issuer.CIK),
		IssuerName: strings.TrimSpace(d.Issuer.Name), IssuerTicker: strings.ToUpper(strings.TrimSpace(d.Issuer.Symbol)), Plan10b51: flag(d.Plan),
	}
	for _, w := range d.Owners {
		o.Owners = append(o.Owners, Owner{
			CIK: strings.TrimSpace(w.CIK), Name: strings.TrimSpace(w.Name), Director: flag(w.Rel.Director), Officer: flag(w.Rel.Officer),
			TenPercent: flag(w.Rel.TenPercent), OfficerTitle: strings.TrimSpace(w.Rel.Title),
		})
	}
	for _, t := range d.Trades {
		o.Trades = append(o.Trades, Trade{
			Security: strings.TrimSpace(t.Security.Value), Date: day(t.Date.Value),
			Code: strings.TrimSpace(t.Code), Shares: number(t.Shares.Value), Price: number(t.Price.Value),
			Acquired: strings.TrimSpace(t.AD.Value) == "A", SharesAfter: number(t.After.Value), Direct: strings.TrimSpace(t.Direct.Value) == "D",
		})
	}
	return o, nil
}

// day keeps YYYY-MM-DD of a date that may carry a zone, e.g. 2026-11-12-05:00.
func day(s string) string {
	s = strings.TrimSpace(s)
	return s[:min(len(s), len("2006-01-02"))]
}

func flag(s string) bool {
	s = strings.TrimSpace(s)
	return s == "1" || strings.EqualFold(s, "true")
}

// number reads a Form 4 amount; an absent or unreadable one is 0.
func number(s string) float64 {
	f, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), 64)
	return f
}
