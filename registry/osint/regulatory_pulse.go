package osint

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/federalregister"
)

func init() {
	family.Register(&registry.Tool{
		Name: "regulatory_pulse", Path: "/paid/osint/regulatory-pulse", Price: "0.03",
		Description: "Recent Federal Register activity of the SEC, FDA, USPTO, FCC and FAA: counts by agency and document type, significant actions, and the documents themselves.",
		Params: []registry.Param{
			registry.Str("org").OneOf("all", "sec", "fda", "uspto", "fcc", "faa").WithDefault("all"),
			registry.Int("hours_back").Range(1, 720).WithDefault(24),
		},
		Example:  map[string]any{"org": "all", "hours_back": 72},
		Synonyms: []string{"sec rulemaking", "fda rules", "agency activity", "regulators", "faa rules"},
		Expected: "Envelope whose data counts recent Federal Register documents by organization and type and lists them, significant ones flagged.",
		Shape:    registry.Envelope,
		Result:   pulseReport{},
		Sources:  []string{federalregister.Source.Name},
		Handler:  regulatoryPulse,
	})
}

// pulseOrgs are the agencies the pulse follows, in the order it reports them.
var pulseOrgs = []string{"sec", "fda", "uspto", "fcc", "faa"}

type pulseDocument struct {
	Org         string `json:"org"`
	Agency      string `json:"agency"`
	Type        string `json:"type"`
	Title       string `json:"title"`
	Published   string `json:"published"`
	Significant bool   `json:"significant"`
	Number      string `json:"document_number"`
	URL         string `json:"url"`
}

type pulseReport struct {
	Since       string          `json:"since"`
	ByOrg       map[string]int  `json:"by_org"`
	ByType      map[string]int  `json:"by_type"`
	Significant int             `json:"significant"`
	Documents   []pulseDocument `json:"documents"`
}

// The register is published by day, so the window starts on the date
// hours_back ago and includes that whole day.
func regulatoryPulse(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	orgs := pulseOrgs
	if org := c.Args.String("org"); org != "all" {
		orgs = []string{org}
	}
	orgOfSlug := map[string]string{}
	slugs := make([]string, len(orgs))
	for i, o := range orgs {
		slugs[i] = federalregister.AgencySlug(o)
		orgOfSlug[slugs[i]] = o
	}
	since := c.Now.Add(-time.Duration(c.Args.Int("hours_back")) * time.Hour)
	up := upstreams.NewSession(c.Upstream)
	res, err := upstreams.Fetch(ctx, up, federalregister.Search{Agencies: slugs, Since: since, Order: "newest", PerPage: 1000}.Request(), federalregister.DecodeResults)
	if err != nil {
		return nil, err
	}
	r := pulseReport{Since: since.Format(time.DateOnly), ByOrg: map[string]int{}, ByType: map[string]int{}, Documents: []pulseDocument{}}
	for _, o := range orgs {
		r.ByOrg[o] = 0
	}
	for _, d := range res.Documents {
		if d.PublicationDate < r.Since {
			continue
		}
		org, agency := "", ""
		for _, a := range d.Agencies {
			if o, ok := orgOfSlug[a.Slug]; ok {
				org, agency = o, a.Name
				break
			}
		}
		if org == "" {
			continue
		}
		sig := d.Significant != nil && *d.Significant
		r.ByOrg[org]++
		r.ByType[d.Type]++
		if sig {
			r.Significant++
		}
		r.Documents = append(r.Documents, pulseDocument{
			Org: org, Agency: agency, Type: d.Type, Title: strings.TrimSpace(d.Title), Published: d.PublicationDate,
			Significant: sig, Number: d.DocumentNumber, URL: d.HTMLURL,
		})
	}
	return &registry.Result{Data: r, Count: len(r.Documents), Source: federalregister.Source.Title, Cached: up.Cached()}, nil
}
