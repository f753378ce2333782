package gov

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/grantsgov"
)

func init() {
	family.Register(&registry.Tool{
		Name: "federal_grants", Path: "/paid/gov/federal-grants", Price: "0.03",
		Description: "Open and forecasted U.S. federal funding opportunities from Grants.gov: agency, dates and assistance listings, newest first.",
		Params: []registry.Param{
			registry.Str("query").Len(2, 200).Describe("keywords, e.g. artificial intelligence"),
			registry.Str("status").OneOf("open", "forecasted").Describe("open means posted; both when omitted"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "artificial intelligence"},
		Synonyms: []string{"grant funding", "funding opportunities", "nsf grants", "nih grants", "apply for a grant"},
		Expected: "Envelope whose data is an array of Grants.gov opportunities with agency, status and open and close dates, newest first.",
		Shape:    registry.Envelope,
		Result:   []grant(nil),
		Sources:  []string{grantsgov.Source.Name},
		Handler:  federalGrants,
	})
}

// grantStatuses maps the tool's statuses to Grants.gov's.
var grantStatuses = map[string][]string{"open": {"posted"}, "forecasted": {"forecasted"}, "": {"forecasted", "posted"}}

type grant struct {
	ID         string   `json:"id"`
	Number     string   `json:"number"`
	Title      string   `json:"title"`
	Agency     string   `json:"agency"`
	AgencyCode string   `json:"agency_code"`
	Status     string   `json:"status"`
	DocType    string   `json:"doc_type"`
	OpenDate   string   `json:"open_date"`
	CloseDate  string   `json:"close_date"`
	ALN        []string `json:"aln"`
	URL        string   `json:"url"`
}

func federalGrants(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	limit := c.Args.Int("limit")
	up := upstreams.NewSession(c.Upstream)
	q := grantsgov.Search{Keyword: strings.TrimSpace(c.Args.String("query")), Statuses: grantStatuses[c.Args.String("status")], Rows: limit}
	res, err := upstreams.Fetch(ctx, up, q.Request(), grantsgov.DecodeSearch)
	if err != nil {
		return nil, err
	}
	out := make([]grant, 0, len(res.Opportunities))
	for _, o := range res.Opportunities[:min(len(res.Opportunities), limit)] {
		aln := o.ALN
		if aln == nil {
			aln = []string{}
		}
		out = append(out, grant{
			ID: o.ID, Number: o.Number, Title: o.Title, Agency: o.Agency, AgencyCode: o.AgencyCode, Status: o.Status, DocType: o.DocType,
			OpenDate: o.OpenDate, CloseDate: o.CloseDate, ALN: aln, URL: "https://www.grants.gov/search-results-detail/" + o.ID,
		})
	}
	return &registry.Result{Data: out, Count: len(out), Source: grantsgov.Source.Title, Cached: up.Cached()}, nil
}
