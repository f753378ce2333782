package web

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/doh"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "score_lead", Price: "0.03",
		Description: "A 0-100 lead score for a company domain from its https home page (answers, HSTS, contacts, social " +
			"profiles, marketing and commerce technologies, structured data) and its DNS (MX, SPF, DMARC policy), with " +
			"every signal's weight, verdict and evidence.",
		Params: []registry.Param{
			registry.Str("domain").Req().Len(3, 253).Describe("company domain, e.g. example.com"),
		},
		Example:  map[string]any{"domain": "example.com"},
		Synonyms: []string{"lead scoring", "qualify a lead", "sales prospect score", "b2b lead quality"},
		Expected: "Envelope whose data scores a company domain from its public website and DNS, with a grade and the signals met.",
		Shape:    registry.Envelope,
		Result:   leadScoreReport{},
		Sources:  []string{web.Source.Name, doh.Source.Name},
		Check:    checkLeadDomain,
		Handler:  scoreLead,
	})
}

type leadScoreReport struct {
	Domain string `json:"domain"`
	leadScore
}

func scoreLead(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	domain := c.Args.String("domain")
	f := newFetcher(c)
	lf, err := gatherLead(ctx, f, domain)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: leadScoreReport{domain, lf.score()}, Count: 1, Source: leadSources, Cached: f.up.Cached()}, nil
}
