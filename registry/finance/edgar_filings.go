package finance

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

func init() {
	family.Register(&registry.Tool{
		Name: "edgar_filings", Path: "/paid/finance/edgar", Price: "0.03",
		Description: "Full-text search of SEC EDGAR filings (2001 onwards), optionally one form type and one company by ticker: " +
			"one row per filing with company, dates, 8-K items and document links.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(2, 200).Describe(`words or "quoted phrases" to find in filings`),
			registry.Str("form_type").OneOf("10-K", "10-Q", "8-K", "S-1"),
			registry.Str("ticker").Len(1, 10).Describe("limit to one company, e.g. AAPL"),
		},
		Example:  map[string]any{"query": `"x402 payments"`},
		Synonyms: []string{"10-k", "10-q", "annual report", "sec filings", "company filings", "earnings filings", "prospectus"},
		Expected: "Envelope whose data is an array of up to 100 SEC EDGAR filings with form, company, dates and document links, best match first.",
		Shape:    registry.Envelope,
		Result:   []edgarFiling(nil),
		Sources:  []string{sec.Search.Name, sec.EDGAR.Name},
		Handler:  edgarFilings,
	})
}

type edgarFiling struct {
	Accession    string   `json:"accession"`
	Form         string   `json:"form"`
	Company      string   `json:"company"`
	CIK          string   `json:"cik"`
	Filed        string   `json:"filed"`
	PeriodEnding string   `json:"period_ending,omitempty"`
	Items        []string `json:"items"`
	Document     string   `json:"document"`
	Description  string   `json:"description,omitempty"`
	DocumentURL  string   `json:"document_url"`
	IndexURL     string   `json:"index_url"`
}

// edgarFilings folds full-text hits, which are documents, into filings:
// a filing is shown by its main document when that matched, else by its
// best-scoring one.
func edgarFilings(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := sec.FullText{Query: strings.TrimSpace(c.Args.String("query"))}
	if form := c.Args.String("form_type"); form != "" {
		q.Forms = []string{form}
	}
	if t := c.Args.String("ticker"); t != "" {
		company, err := resolveTicker(ctx, up, t)
		if err != nil {
			return nil, err
		}
		q.CIKs = []string{company.CIK}
	}
	hits, err := upstreams.Fetch(ctx, up, q.Request(), sec.DecodeFullText)
	if err != nil {
		return nil, err
	}
	out := []edgarFiling{}
	at := map[string]int{}      // accession -> row
	isMain := map[string]bool{} // the row shows the filing's main document
	for _, d := range hits.Documents {
		main := d.FileType == d.Form
		i, seen := at[d.Accession]
		if seen && (isMain[d.Accession] || !main) {
			continue
		}
		row := edgarFiling{
			Accession: d.Accession, Form: d.Form, Filed: d.FiledOn, PeriodEnding: d.PeriodEnding, Items: d.Items,
			Document: d.FileName, Description: d.Description, DocumentURL: d.URL(),
		}
		if row.Items == nil {
			row.Items = []string{}
		}
		if len(d.Companies) > 0 {
			row.Company = d.Companies[0]
		}
		if len(d.CIKs) > 0 {
			row.CIK = d.CIKs[0]
			row.IndexURL = filingIndexURL(d.CIKs[0], d.Accession)
		}
		isMain[d.Accession] = main
		if seen {
			out[i] = row
			continue
		}
		at[d.Accession] = len(out)
		out = append(out, row)
	}
	return &registry.Result{Data: out, Count: len(out), Source: sec.Search.Title, Cached: up.Cached()}, nil
}
