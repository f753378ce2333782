package gov

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/propublica"
)

func init() {
	family.Register(&registry.Tool{
		Name: "nonprofit_filings", Path: "/paid/gov/nonprofits", Price: "0.03",
		Description: "U.S. tax-exempt organizations by name, and for the best match its latest Form 990 financials: " +
			"revenue, expenses, assets, liabilities and the filing PDF.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(2, 200).Describe("organization name"),
			registry.Str("state").Len(2, 2).Matching(`^[A-Za-z]{2}$`, "a two-letter state code such as WA").Describe("two-letter U.S. state code, e.g. WA"),
		},
		Example:  map[string]any{"query": "Gates Foundation"},
		Synonyms: []string{"charity", "form 990", "tax exempt organization", "charity finances", "foundation revenue", "501c3", "charity revenue", "nonprofit tax return"},
		Expected: "Envelope whose data is an array of organizations from ProPublica Nonprofit Explorer, best match first, the first with its latest three filings' finances.",
		Shape:    registry.Envelope,
		Result:   []nonprofit(nil),
		Sources:  []string{propublica.Source.Name},
		Handler:  nonprofitFilings,
	})
}

// latestFilings is how many of the best match's filings are shown.
const latestFilings = 3

// formNames are the Explorer's form type codes.
var formNames = map[int]string{0: "990", 1: "990-EZ", 2: "990-PF"}

type filing990 struct {
	Year           int     `json:"year"`
	TaxPeriod      int64   `json:"tax_period"`
	Form           string  `json:"form"`
	Revenue        float64 `json:"revenue"`
	Expenses       float64 `json:"expenses"`
	Assets         float64 `json:"assets"`
	Liabilities    float64 `json:"liabilities"`
	OfficerCompPct float64 `json:"officer_comp_pct"`
	PDFURL         string  `json:"pdf_url"`
}

type nonprofit struct {
	EIN        string      `json:"ein"`
	Name       string      `json:"name"`
	City       string      `json:"city"`
	State      string      `json:"state"`
	NTEECode   string      `json:"ntee_code"`
	Subsection string      `json:"subsection"` // e.g. 501(c)(3)
	URL        string      `json:"url"`
	Address    string      `json:"address,omitempty"`
	RulingDate string      `json:"ruling_date,omitempty"`
	Filings    []filing990 `json:"filings,omitempty"`
}

func nonprofitFilings(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	state := strings.ToUpper(c.Args.String("state"))
	up := upstreams.NewSession(c.Upstream)
	res, err := upstreams.Fetch(ctx, up, propublica.Search(strings.TrimSpace(c.Args.String("query")), state), propublica.DecodeSearch)
	if err != nil {
		return nil, err
	}
	out := make([]nonprofit, 0, len(res.Organizations))
	for _, o := range res.Organizations {
		out = append(out, nonprofit{
			EIN: o.StrEIN, Name: o.Name, City: o.City, State: o.State, NTEECode: o.NTEECode,
			Subsection: fmt.Sprintf("501(c)(%d)", o.Subsection), URL: fmt.Sprintf("https://projects.propublica.org/nonprofits/organizations/%d", o.EIN),
		})
	}
	if len(out) > 0 {
		p, err := upstreams.Fetch(ctx, up, propublica.Details(res.Organizations[0].EIN), propublica.DecodeDetails)
		if err != nil {
			return nil, err
		}
		best := &out[0]
		best.Address, best.RulingDate, best.Filings = p.Address, p.RulingDate, []filing990{}
		sort.SliceStable(p.Filings, func(i, j int) bool { return p.Filings[i].TaxPeriod > p.Filings[j].TaxPeriod })
		for _, fl := range p.Filings[:min(len(p.Filings), latestFilings)] {
			best.Filings = append(best.Filings, filing990{
				Year: fl.Year, TaxPeriod: fl.TaxPeriod, Form: formNames[fl.FormType], Revenue: float64(fl.Revenue), Expenses: float64(fl.Expenses),
				Assets: float64(fl.Assets), Liabilities: float64(fl.Liabilities), OfficerCompPct: float64(fl.OfficerComp), PDFURL: fl.PDFURL,
			})
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: propublica.Source.Title, Cached: up.Cached()}, nil
}
