package finance

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

// codeMeanings name the Form 4 transaction codes buyers meet most.
var codeMeanings = map[string]string{
	"P": "open-market purchase", "S": "open-market sale", "A": "grant or award", "M": "option exercise",
	"F": "tax withholding", "G": "gift", "C": "conversion", "X": "option exercise (in the money)", "D": "disposition to issuer",
}

// insiderTrade is one Form 4 transaction with who made it.
type insiderTrade struct {
	Date        string  `json:"date"`
	Issuer      string  `json:"issuer"`
	Ticker      string  `json:"ticker"`
	IssuerCIK   string  `json:"issuer_cik"`
	Insider     string  `json:"insider"`
	InsiderCIK  string  `json:"insider_cik"`
	Role        string  `json:"role"`
	Code        string  `json:"code"`
	Meaning     string  `json:"meaning"`
	Shares      float64 `json:"shares"`
	Price       float64 `json:"price"`
	ValueUSD    float64 `json:"value_usd"`
	SharesAfter float64 `json:"shares_after"`
	Plan10b51   bool    `json:"plan_10b5_1"`
	Filed       string  `json:"filed"`
	Accession   string  `json:"accession"`
	URL         string  `json:"url"`

	officer, director, tenPercent, chief bool
}

// form4Ref locates one Form 4's raw XML in the archives.
type form4Ref struct {
	CIK, Accession, File, Filed string
}

// recentForm4s lists the newest Form 4 filings of the last days through
// full-text search, one per accession, at most max.
func recentForm4s(ctx context.Context, up *upstreams.Session, now time.Time, days int, ciks []string, max int) ([]form4Ref, error) {
	q := sec.FullText{Forms: []string{"4"}, CIKs: ciks, Start: now.AddDate(0, 0, -days), End: now}
	hits, err := upstreams.Fetch(ctx, up, q.Request(), sec.DecodeFullText)
	if err != nil {
		return nil, err
	}
	var refs []form4Ref
	seen := map[string]bool{}
	for _, d := range hits.Documents {
		if d.Form != "4" || !strings.HasSuffix(strings.ToLower(d.FileName), ".xml") || seen[d.Accession] || len(d.CIKs) == 0 {
			continue
		}
		seen[d.Accession] = true
		refs = append(refs, form4Ref{CIK: d.CIKs[0], Accession: d.Accession, File: sec.RawOwnershipFile(d.FileName), Filed: d.FiledOn})
		if len(refs) == max {
			break
		}
	}
	return refs, nil
}

// loadTrades fetches the Form 4s and flattens their transactions, newest
// trade first (ties keep filing order).
func loadTrades(ctx context.Context, up *upstreams.Session, refs []form4Ref) ([]insiderTrade, error) {
	reqs := make([]*upstreams.Request, len(refs))
	for i, r := range refs {
		req, err := sec.ArchiveDocument(r.CIK, r.Accession, r.File)
		if err != nil {
			return nil, upstreams.Errorf(sec.EDGAR.Name, upstreams.BadAnswer, "a filing reference could not be read")
		}
		reqs[i] = req
	}
	docs := make([]sec.Ownership, len(refs))
	if err := upstreams.Each(ctx, reqs, func(ctx context.Context, i int, req *upstreams.Request) (err error) {
		docs[i], err = upstreams.Fetch(ctx, up, req, sec.DecodeOwnership)
		return err
	}); err != nil {
		return nil, err
	}
	var out []insiderTrade
	for i, d := range docs {
		if len(d.Owners) == 0 {
			continue
		}
		o := d.Owners[0] // joint filers report the same trades; the first is the filer
		for _, t := range d.Trades {
			value := 0.0
			if t.Price > 0 {
				value = tidy.Round(t.Shares*t.Price, 2)
			}
			out = append(out, insiderTrade{
				Date: t.Date, Issuer: d.IssuerName, Ticker: d.IssuerTicker, IssuerCIK: d.IssuerCIK, Insider: o.Name, InsiderCIK: o.CIK,
				Role: roleOf(o), Code: t.Code, Meaning: codeMeanings[t.Code], Shares: t.Shares, Price: t.Price, ValueUSD: value,
				SharesAfter: t.SharesAfter, Plan10b51: d.Plan10b51, Filed: refs[i].Filed, Accession: refs[i].Accession,
				URL:     filingIndexURL(refs[i].CIK, refs[i].Accession),
				officer: o.Officer, director: o.Director, tenPercent: o.TenPercent, chief: isChief(o.OfficerTitle),
			})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date > out[j].Date })
	return out, nil
}

// roleOf names an insider's relationship, e.g. "Director, Chief Financial Officer".
func roleOf(o sec.Owner) string {
	var parts []string
	if o.Director {
		parts = append(parts, "Director")
	}
	if o.Officer {
		title := o.OfficerTitle
		if title == "" {
			title = "Officer"
		}
		parts = append(parts, title)
	}
	if o.TenPercent {
		parts = append(parts, "10% owner")
	}
	if len(parts) == 0 {
		return "Other"
	}
	return strings.Join(parts, ", ")
}

// isChief spots a CEO, CFO or president by title.
func isChief(title string) bool {
	t := strings.ToLower(title)
	for _, k := range []string{"chief executive", "ceo", "chief financial", "cfo", "president"} {
		if strings.Contains(t, k) {
			return true
		}
	}
	return false
}
