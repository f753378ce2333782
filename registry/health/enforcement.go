package health

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/openfda"
)

// recall is one FDA enforcement report as the recall tools return it.
type recall struct {
	RecallNumber        string `json:"recall_number"`
	Classification      string `json:"classification"`
	Status              string `json:"status"`
	ProductDescription  string `json:"product_description"`
	ReasonForRecall     string `json:"reason_for_recall"`
	RecallingFirm       string `json:"recalling_firm"`
	DistributionPattern string `json:"distribution_pattern"`
	InitiationDate      string `json:"recall_initiation_date"`
	ReportDate          string `json:"report_date"`
	City                string `json:"city"`
	State               string `json:"state"`
	Country             string `json:"country"`
	ProductQuantity     string `json:"product_quantity"`
	CodeInfo            string `json:"code_info"`
	Voluntary           string `json:"voluntary_mandated"`
}

// enforcementSearch answers the recall tools: the newest enforcement reports
// of endpoint, matching query in any of fields when a query is given. A
// search without matches is an empty list.
func enforcementSearch(ctx context.Context, c *registry.Call, endpoint string, fields []string) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := openfda.Query{Term: c.Args.String("query"), Match: fields, Sort: "report_date", Limit: c.Args.Int("limit")}
	found, err := upstreams.Fetch(ctx, up, openfda.Search(endpoint, q), openfda.DecodeRecalls)
	if err != nil && !openfda.NoMatch(err) {
		return nil, err
	}
	out := make([]recall, 0, len(found))
	for _, r := range found {
		out = append(out, recall{
			RecallNumber: r.RecallNumber, Classification: r.Classification, Status: r.Status,
			ProductDescription: r.ProductDescription, ReasonForRecall: r.ReasonForRecall,
			RecallingFirm: r.RecallingFirm, DistributionPattern: r.DistributionPattern,
			InitiationDate: isoDay(r.RecallInitiationDate), ReportDate: isoDay(r.ReportDate),
			City: r.City, State: r.State, Country: r.Country, ProductQuantity: r.ProductQuantity,
			CodeInfo: r.CodeInfo, Voluntary: r.VoluntaryMandated,
		})
	}
	return &registry.Result{Data: out, Count: len(out), Source: openfda.Source.Title, Cached: up.Cached()}, nil
}
