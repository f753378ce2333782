package x402intel

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

func init() {
	family.Register(&registry.Tool{
		Name: "x402_market_radar", Path: "/paid/x402/market-radar", Price: "0.05",
		Description: "Where this service stands in the public x402 catalog: catalog size, its own rank for the keywords " +
			"of its verticals, keywords with little supply, competition per vertical tag, USDC price samples and next actions.",
		Params: []registry.Param{
			registry.Int("query_limit").Range(3, 20).WithDefault(15).Describe("keywords searched, from the list of this service's verticals"),
		},
		Example:  map[string]any{"query_limit": 3},
		Synonyms: []string{"x402 competitors", "agent marketplace landscape", "market share of paid apis", "seo for x402", "bazaar ranking"},
		Expected: "A JSON object ranking the seller's own listings in the x402 catalog by keyword, with keyword gaps, competition by vertical, price percentiles and next actions, plus response metadata.",
		Shape:    registry.Object,
		Result:   radar{},
		Sources:  []string{x402catalog.Source.Name},
		Handler:  marketRadar,
	})
}

// radarKeywords are the searches buyers of this service's verticals make,
// most important first; query_limit takes a prefix.
var radarKeywords = []string{
	"prediction markets", "polymarket", "arbitrage", "kalshi", "odds", "sec filings", "insider trading",
	"mcp security", "osint", "weather", "earthquakes", "clinical trials", "court opinions", "federal contracts",
	"crypto price", "academic papers", "air quality", "news", "lead enrichment", "x402 seller audit",
}

// A keyword answered by fewer than gapResults resources is thinly supplied.
const gapResults = 5

type radar struct {
	CatalogSize         int           `json:"catalog_size"`
	CatalogRead         int           `json:"catalog_read"`
	Seller              sellerView    `json:"seller"`
	OwnRanks            []keywordRank `json:"own_ranks"`
	KeywordGaps         []keywordGap  `json:"keyword_gaps"`
	VerticalCompetition []vertical    `json:"vertical_competition"`
	PriceSamples        priceSamples  `json:"price_samples"`
	NextActions         []string      `json:"next_actions"`
}

type sellerView struct {
	BaseURL    string   `json:"base_url"`
	PayTo      string   `json:"pay_to"`
	Configured bool     `json:"configured"`
	Listed     []string `json:"listed"` // own resources found in the catalog
}

type keywordRank struct {
	Keyword string   `json:"keyword"`
	Rank    *int     `json:"rank"` // null when not among the results
	Results int      `json:"results"`
	Leader  *listing `json:"leader"`
}

type keywordGap struct {
	Keyword string `json:"keyword"`
	Results int    `json:"results"`
	OwnRank *int   `json:"own_rank"`
}

type vertical struct {
	Tag            string   `json:"tag"`
	Resources      int      `json:"resources"`
	MedianPriceUSD *float64 `json:"median_price_usd"`
	Calls30d       int64    `json:"calls_30d"`
}

type priceSamples struct {
	PricedResources int       `json:"priced_resources"`
	Min             *float64  `json:"min"`
	P25             *float64  `json:"p25"`
	Median          *float64  `json:"median"`
	P75             *float64  `json:"p75"`
	Max             *float64  `json:"max"`
	Own             []float64 `json:"own"`
}

// topVerticals bounds the tag table.
const topVerticals = 10

func marketRadar(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	me := c.Seller
	items, total, err := s.catalog(ctx)
	if err != nil {
		return nil, err
	}
	out := radar{CatalogSize: total, CatalogRead: len(items),
		Seller:   sellerView{BaseURL: me.BaseURL, PayTo: strings.ToLower(me.PayTo), Configured: me.BaseURL != "" || me.PayTo != "", Listed: []string{}},
		OwnRanks: []keywordRank{}, KeywordGaps: []keywordGap{}, NextActions: []string{}}
	var prices, own []float64
	for _, r := range items {
		p, priced := r.PriceUSD()
		if priced {
			prices = append(prices, p)
		}
		if owns(me, r) {
			out.Seller.Listed = append(out.Seller.Listed, r.Resource)
			if priced {
				own = append(own, p)
			}
		}
	}
	out.PriceSamples = samples(prices, own)
	out.VerticalCompetition = verticals(items)
	for _, kw := range radarKeywords[:c.Args.Int("query_limit")] {
		results, err := s.search(ctx, kw, x402catalog.MaxSearchLimit)
		if err != nil {
			return nil, err
		}
		row := keywordRank{Keyword: kw, Results: len(results)}
		if r := rankOf(results, func(r x402catalog.Resource) bool { return owns(me, r) }); r > 0 {
			row.Rank = &r
		}
		if len(results) > 0 {
			l := short(results[0])
			row.Leader = &l
		}
		out.OwnRanks = append(out.OwnRanks, row)
		if len(results) < gapResults {
			out.KeywordGaps = append(out.KeywordGaps, keywordGap{kw, len(results), row.Rank})
		}
	}
	out.NextActions = radarActions(out)
	return s.result(out, len(out.OwnRanks)), nil
}

// samples summarizes USDC prices with nearest-rank percentiles.
func samples(prices, own []float64) priceSamples {
	sort.Float64s(prices)
	sort.Float64s(own)
	out := priceSamples{PricedResources: len(prices), Own: own}
	if out.Own == nil {
		out.Own = []float64{}
	}
	if len(prices) > 0 {
		at := func(q float64) *float64 { v := tidy.NearestRank(prices, q); return &v }
		out.Min, out.P25, out.Median, out.P75, out.Max = at(0), at(0.25), at(0.5), at(0.75), at(1)
	}
	return out
}

func median(xs []float64) *float64 {
	if len(xs) == 0 {
		return nil
	}
	sort.Float64s(xs)
	m := tidy.Median(xs)
	return &m
}

// verticals counts catalog resources per tag, busiest first.
func verticals(items []x402catalog.Resource) []vertical {
	type acc struct {
		n      int
		calls  int64
		prices []float64
	}
	byTag := map[string]*acc{}
	for _, r := range items {
		for _, tag := range r.Tags {
			tag = strings.ToLower(tag)
			a := byTag[tag]
			if a == nil {
				a = &acc{}
				byTag[tag] = a
			}
			a.n++
			a.calls += int64(r.Quality.Calls30d)
			if p, ok := r.PriceUSD(); ok {
				a.prices = append(a.prices, p)
			}
		}
	}
	out := []vertical{}
	for tag, a := range byTag {
		out = append(out, vertical{Tag: tag, Resources: a.n, MedianPriceUSD: median(a.prices), Calls30d: a.calls})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Resources != out[j].Resources {
			return out[i].Resources > out[j].Resources
		}
		return out[i].Tag < out[j].Tag
	})
	return out[:min(len(out), topVerticals)]
}

// radarActions turns the findings into next steps, most urgent first.
func radarActions(r radar) []string {
	var out []string
	switch {
	case !r.Seller.Configured:
		out = append(out, "configure base_url and pay_to so own listings can be recognized in the catalog")
	case len(r.Seller.Listed) == 0:
		out = append(out, "no resource of this seller is in the catalog: settle one payment per route through the "+
			"facilitator with the bazaar extension echoed, then check again after 10 minutes")
	}
	for _, k := range r.OwnRanks {
		switch {
		case k.Rank == nil && k.Results > 0:
			out = append(out, fmt.Sprintf("not ranked for %q (%s, led by %s): put the keyword in a route's description and tags",
				k.Keyword, tidy.Plural(k.Results, "result"), k.Leader.Resource))
		case k.Rank != nil && *k.Rank > 1:
			out = append(out, fmt.Sprintf("ranked %d for %q behind %s (%d payers in 30 days): distinct payers and complete metadata raise rank",
				*k.Rank, k.Keyword, k.Leader.Resource, k.Leader.Payers30d))
		}
	}
	for _, g := range r.KeywordGaps {
		if g.OwnRank == nil {
			out = append(out, fmt.Sprintf("%q has %s: a route for it would face little competition", g.Keyword, tidy.Plural(g.Results, "listed resource")))
		}
	}
	if m := r.PriceSamples.Median; m != nil && len(r.PriceSamples.Own) > 0 {
		if own := tidy.NearestRank(r.PriceSamples.Own, 0.5); own > *m {
			out = append(out, fmt.Sprintf("own median price $%.2f is above the catalog median $%.2f: state in descriptions what the extra price buys", own, *m))
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}
