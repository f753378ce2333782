package health

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/cpsc"
)

// recentRecallDays is the window searched when no query is given.
const recentRecallDays = 90

func init() {
	family.Register(&registry.Tool{
		Name: "product_recalls", Path: "/paid/health/product-recalls", Price: "0.03",
		Description: "U.S. consumer product recalls from the CPSC, newest first: products and models, units, hazards, remedies, " +
			"injuries, makers and sellers. Search by product name, or leave the query out for the last 90 days of recalls.",
		Params: []registry.Param{
			registry.Str("query").Len(2, 100).Describe("product name words, e.g. power bank"),
			registry.Int("limit").Range(5, 50).WithDefault(20),
		},
		Example:  map[string]any{"query": "power bank", "limit": 5},
		Synonyms: []string{"consumer product recall", "toy recall", "cpsc", "appliance recall", "unsafe products", "stroller recall", "baby gear recall", "crib recall", "children's products", "furniture tip-over", "dresser recall", "electronics recall"},
		Expected: "Envelope whose data is an array of CPSC recalls with products, hazards, remedies and firms, newest first, and no match is an empty array.",
		Shape:    registry.Envelope,
		Result:   []productRecall(nil),
		Sources:  []string{cpsc.Source.Name},
		Handler:  productRecalls,
	})
}

type recalledProduct struct {
	Name  string `json:"name"`
	Model string `json:"model"`
	Units string `json:"units"`
}

type productRecall struct {
	RecallNumber          string            `json:"recall_number"`
	Title                 string            `json:"title"`
	RecallDate            string            `json:"recall_date"`
	Products              []recalledProduct `json:"products"`
	Hazards               []string          `json:"hazards"`
	Remedies              []string          `json:"remedies"`
	Injuries              []string          `json:"injuries"`
	Manufacturers         []string          `json:"manufacturers"`
	Retailers             []string          `json:"retailers"`
	Importers             []string          `json:"importers"`
	ManufacturerCountries []string          `json:"manufacturer_countries"`
	URL                   string            `json:"url"`
	Image                 string            `json:"image"`
}

func productRecalls(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req := cpsc.Since(c.Now.UTC().AddDate(0, 0, -recentRecallDays))
	if q := strings.TrimSpace(c.Args.String("query")); q != "" {
		req = cpsc.ByProduct(q)
	}
	up := upstreams.NewSession(c.Upstream)
	found, err := upstreams.Fetch(ctx, up, req, cpsc.DecodeRecalls)
	if err != nil {
		return nil, err
	}
	// The service has no ordering or paging; its dates sort as text.
	sort.SliceStable(found, func(i, j int) bool { return found[i].RecallDate > found[j].RecallDate })
	if limit := c.Args.Int("limit"); len(found) > limit {
		found = found[:limit]
	}
	out := make([]productRecall, 0, len(found))
	for _, r := range found {
		p := productRecall{
			RecallNumber: r.RecallNumber, Title: r.Title, RecallDate: day(r.RecallDate), Products: []recalledProduct{},
			Hazards: names(r.Hazards), Remedies: names(r.Remedies), Injuries: names(r.Injuries),
			Manufacturers: names(r.Manufacturers), Retailers: names(r.Retailers), Importers: names(r.Importers),
			ManufacturerCountries: []string{}, URL: r.URL,
		}
		for _, pr := range r.Products {
			p.Products = append(p.Products, recalledProduct{Name: pr.Name, Model: pr.Model, Units: pr.NumberOfUnits})
		}
		for _, mc := range r.ManufacturerCountries {
			p.ManufacturerCountries = append(p.ManufacturerCountries, mc.Country)
		}
		if len(r.Images) > 0 {
			p.Image = r.Images[0].URL
		}
		out = append(out, p)
	}
	return &registry.Result{Data: out, Count: len(out), Source: cpsc.Source.Title, Cached: up.Cached()}, nil
}

func names(list []cpsc.Named) []string {
	out := make([]string, 0, len(list))
	for _, n := range list {
		out = append(out, n.Name)
	}
	return out
}

// day keeps the date of a CPSC "2006-01-02T15:04:05" timestamp.
func day(s string) string {
	if t, err := time.Parse("2006-01-02T15:04:05", s); err == nil {
		return t.Format(time.DateOnly)
	}
	return s
}
