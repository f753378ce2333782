package web

import (
	"cmp"
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/doh"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "enrich_lead", Price: "0.05",
		Description: "A company profile from its domain in one object: name (JSON-LD Organization, og:site_name or " +
			"title), description, address, website, e-mail provider and sending services, MX/SPF/DMARC, technologies, " +
			"contacts and social profiles, and the score_lead score with its signals.",
		Params: []registry.Param{
			registry.Str("domain").Req().Len(3, 253).Describe("company domain, e.g. example.com"),
		},
		Example:  map[string]any{"domain": "example.com"},
		Synonyms: []string{"company profile", "enrichment", "company info from domain", "firmographics", "crm enrichment"},
		Expected: "Envelope whose data profiles a company domain from its public website and DNS (email provider, SPF, DMARC), with technologies, contacts and a lead score.",
		Shape:    registry.Envelope,
		Result:   (*leadProfile)(nil),
		Sources:  []string{web.Source.Name, doh.Source.Name},
		Check:    checkLeadDomain,
		Handler:  enrichLead,
	})
}

type leadProfile struct {
	Domain        string       `json:"domain"`
	Name          string       `json:"name"`
	NameSource    string       `json:"name_source"`
	Description   string       `json:"description"`
	Address       string       `json:"address,omitempty"`
	Website       website      `json:"website"`
	EmailProvider string       `json:"email_provider"`
	DNS           *mailDNS     `json:"dns"`
	Technologies  []technology `json:"technologies"`
	Contacts      *contacts    `json:"contacts"`
	Score         leadScore    `json:"score"`
}

func enrichLead(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	domain := c.Args.String("domain")
	f := newFetcher(c)
	lf, err := gatherLead(ctx, f, domain)
	if err != nil {
		return nil, err
	}
	out := &leadProfile{Domain: domain, Website: lf.Website, EmailProvider: lf.Mail.Provider, DNS: lf.Mail,
		Technologies: lf.Stack, Contacts: lf.Contacts, Score: lf.score()}
	out.Name, out.NameSource = lf.name()
	if lf.Home != nil && lf.Home.Page != nil {
		p := lf.Home.Page
		out.Description = cmp.Or(p.Meta["description"], p.Meta["og:description"])
		if o := organizationOf(p); o != nil {
			out.Address = o.Address
		}
	}
	return &registry.Result{Data: out, Count: 1, Source: leadSources, Cached: f.up.Cached()}, nil
}
