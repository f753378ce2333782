package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/gleif"
)

const companyPageSize = 10

// jurisdictionCode is an ISO 3166-1 country or 3166-2 subdivision code.
// jurisdictionCode is an ISO country code or subdivision, in either case.
const jurisdictionCode = `^\s*([A-Za-z]{2}(-[A-Za-z0-9]{1,3})?)?\s*$`

func init() {
	family.Register(&registry.Tool{
		Name: "company_registry", Path: "/paid/security/company-registry", Price: "0.03",
		Description: "Look up legal entities by name in the GLEIF global LEI register: LEI, legal name, status, " +
			"local registration number and authority, legal and headquarters addresses.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(2, 200).Describe("company legal name"),
			registry.Str("jurisdiction").Len(2, 6).
				Matching(jurisdictionCode, "an ISO country code such as US or a subdivision such as US-DE").
				Describe("ISO country (US, GB; UK accepted) or subdivision (US-DE); EU for no filter"),
		},
		Example:  map[string]any{"query": "Apple Inc", "jurisdiction": "US"},
		Synonyms: []string{"legal entity lookup", "lei", "corporate registration", "business registry", "company lookup", "kyb", "legal name", "legal owner", "entity behind a company"},
		Expected: "Envelope whose data is an array of up to 10 legal entities from the GLEIF LEI registry with their names, status, jurisdiction and addresses.",
		Shape:    registry.Envelope,
		Result:   []gleif.Entity(nil),
		Sources:  []string{gleif.Source.Name},
		Handler:  companyRegistry,
	})
}

func companyRegistry(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	j := strings.ToUpper(strings.TrimSpace(c.Args.String("jurisdiction")))
	switch {
	case j == "UK":
		j = "GB"
	case j == "EU":
		j = "" // the register has no EU-wide jurisdiction
	}
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, gleif.Search(strings.TrimSpace(c.Args.String("query")), j, companyPageSize), gleif.DecodeSearch)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: page.Entities, Count: len(page.Entities), Source: gleif.Source.Title, Cached: up.Cached()}, nil
}
