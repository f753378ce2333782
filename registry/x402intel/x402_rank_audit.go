package x402intel

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

func init() {
	family.Register(&registry.Tool{
		Name: "x402_rank_audit", Path: "/paid/x402/rank-audit", Price: "0.10",
		Description: "Audits one x402 resource's standing in the public catalog: its rank per keyword, the competitors " +
			"ranked above it, defects in its catalog metadata and the fix for each.",
		Params: []registry.Param{
			registry.Str("resource").Req().Len(8, 2048).Describe("resource URL as listed, e.g. https://api.example.com/paid/x"),
			registry.List("keywords", registry.String).Most(8).Describe("searches to rank for; default: the listing's tags and service name"),
			registry.Int("limit").Range(5, 25).WithDefault(20).Describe("results read per keyword (the catalog returns at most 20)"),
		},
		Example:  map[string]any{"resource": "https://coinslot.example/paid/venueA/trending", "keywords": []any{"polymarket", "arbitrage"}, "limit": 10},
		Synonyms: []string{"listing rank", "discoverability", "catalog listing fix", "bazaar seo audit", "search ranking"},
		Expected: "A JSON object giving one resource's catalog listing, its rank for each keyword with the competitors above it, and the listing defects to fix, plus response metadata.",
		Shape:    registry.Object,
		Result:   audit{},
		Sources:  []string{x402catalog.Source.Name},
		Handler:  rankAudit,
	})
}

type audit struct {
	Resource  string         `json:"resource"`
	InCatalog bool           `json:"in_catalog"`
	Listing   *listingDetail `json:"listing"`
	Keywords  []keywordAudit `json:"keywords"`
	BestRank  *int           `json:"best_rank"`
	Defects   []defect       `json:"defects"`
	Fixes     []string       `json:"fixes"`
}

type listingDetail struct {
	ServiceName string   `json:"service_name"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	PriceUSD    *float64 `json:"price_usd"`
	Calls30d    int64    `json:"calls_30d"`
	Payers30d   int64    `json:"payers_30d"`
	X402Version int      `json:"x402_version"`
	Networks    []string `json:"networks"`
}

type keywordAudit struct {
	Keyword          string    `json:"keyword"`
	Rank             *int      `json:"rank"`
	Results          int       `json:"results"`
	CompetitorsAbove []listing `json:"competitors_above"`
}

type defect struct {
	Field   string `json:"field"`
	Problem string `json:"problem"`
	Fix     string `json:"fix"`
}

// A description shorter than this rarely carries the words buyers search for.
const shortDescription = 60

func rankAudit(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	target := c.Args.String("resource")
	items, _, err := s.catalog(ctx)
	if err != nil {
		return nil, err
	}
	out := audit{Resource: target, Keywords: []keywordAudit{}, Defects: []defect{}, Fixes: []string{}}
	var record *x402catalog.Resource
	for i := range items {
		if items[i].Resource == target {
			record = &items[i]
			break
		}
	}
	keywords := c.Args.Strings("keywords")
	if len(keywords) == 0 {
		keywords = defaultKeywords(target, record)
	}
	isTarget := func(r x402catalog.Resource) bool { return r.Resource == target }
	for _, kw := range keywords {
		results, err := s.search(ctx, kw, c.Args.Int("limit"))
		if err != nil {
			return nil, err
		}
		results = results[:min(len(results), c.Args.Int("limit"))]
		row := keywordAudit{Keyword: kw, Results: len(results), CompetitorsAbove: []listing{}}
		above := results
		if r := rankOf(results, isTarget); r > 0 {
			row.Rank, above = &r, results[:r-1]
			if record == nil {
				record = &results[r-1]
			}
			if out.BestRank == nil || r < *out.BestRank {
				out.BestRank = &r
			}
		}
		for _, a := range above {
			row.CompetitorsAbove = append(row.CompetitorsAbove, short(a))
		}
		out.Keywords = append(out.Keywords, row)
	}
	if record == nil {
		out.Defects = append(out.Defects, defect{"resource", "not in the catalog",
			"settle one payment for it through the facilitator with the bazaar extension echoed; listings appear within 10 minutes"})
	} else {
		out.InCatalog = true
		out.Listing = detail(*record)
		out.Defects = defects(*record)
	}
	for _, d := range out.Defects {
		out.Fixes = append(out.Fixes, d.Fix)
	}
	if record != nil {
		out.Fixes = append(out.Fixes, keywordFixes(out.Keywords, *record)...)
	}
	return s.result(out, len(out.Keywords)), nil
}

// defaultKeywords are the listing's tags and service name, or else the words
// of the resource path.
func defaultKeywords(resource string, r *x402catalog.Resource) []string {
	var out []string
	if r != nil {
		for _, t := range r.Tags {
			out = append(out, strings.NewReplacer("-", " ", "_", " ").Replace(t))
		}
		if r.ServiceName != "" {
			out = append(out, r.ServiceName)
		}
	}
	if len(out) == 0 {
		if u, err := url.Parse(resource); err == nil {
			for _, seg := range strings.Split(u.Path, "/") {
				if seg != "" && seg != "paid" {
					out = append(out, strings.NewReplacer("-", " ", "_", " ").Replace(seg))
				}
			}
		}
	}
	return out[:min(len(out), 8)]
}

func detail(r x402catalog.Resource) *listingDetail {
	d := &listingDetail{ServiceName: r.ServiceName, Description: description(r), Tags: r.Tags,
		Calls30d: int64(r.Quality.Calls30d), Payers30d: int64(r.Quality.Payers30d), X402Version: r.X402Version, Networks: []string{}}
	if d.Tags == nil {
		d.Tags = []string{}
	}
	if p, ok := r.PriceUSD(); ok {
		d.PriceUSD = &p
	}
	for _, a := range r.Accepts {
		d.Networks = append(d.Networks, a.Network)
	}
	return d
}

// description is the listing's description; v1 entries keep it in the terms.
func description(r x402catalog.Resource) string {
	if r.Description != "" {
		return r.Description
	}
	for _, a := range r.Accepts {
		if a.Description != "" {
			return a.Description
		}
	}
	return ""
}

// defects lists what weakens a listing in search and in buyers' eyes.
func defects(r x402catalog.Resource) []defect {
	out := []defect{}
	add := func(field, problem, fix string) { out = append(out, defect{field, problem, fix}) }
	switch desc := description(r); {
	case desc == "":
		add("description", "missing", "describe what the route returns, using the words buyers search for")
	case len([]rune(desc)) < shortDescription:
		add("description", fmt.Sprintf("%d characters", len([]rune(desc))),
			fmt.Sprintf("write at least %d characters naming the data, its sources and its freshness", shortDescription))
	}
	if r.ServiceName == "" {
		add("serviceName", "missing", "set serviceName so listings group under one seller name")
	}
	if len(r.Tags) == 0 {
		add("tags", "none", "add tags for the vertical (e.g. prediction-markets) and the sources covered")
	}
	v1Schema := false
	for _, a := range r.Accepts {
		v1Schema = v1Schema || len(a.OutputSchema) > 0
	}
	switch b := r.Extensions.Bazaar; {
	case b == nil && !v1Schema:
		add("extensions.bazaar", "missing", "declare extensions.bazaar with info.input (method, body example) and a JSON Schema")
	case b != nil && (b.Info.Output == nil || len(b.Info.Output.Example) == 0):
		add("extensions.bazaar.info.output", "no output example", "add an output example so agents can see what they buy")
	}
	if b := r.Extensions.Bazaar; b != nil && len(b.Schema) == 0 {
		add("extensions.bazaar.schema", "missing", "add the JSON Schema that validates info; facilitators reject listings without it")
	}
	if r.X402Version < 2 {
		add("x402Version", fmt.Sprintf("v%d only", r.X402Version), "serve x402 v2 terms so the bazaar extension and its metadata are read")
	}
	usdc, base := false, false
	for _, a := range r.Accepts {
		usdc = usdc || x402catalog.IsUSDC(a.Asset)
		base = base || a.Network == "eip155:8453" || a.Network == "base"
	}
	if !usdc {
		add("accepts.asset", "not priced in a known USDC contract", "offer USDC terms; buyers and price filters compare USDC prices")
	}
	if !base {
		add("accepts.network", "no Base mainnet terms", "offer terms on eip155:8453, where most catalog buyers pay")
	}
	if r.Quality.Calls30d == 0 {
		add("quality", "no settled calls in 30 days", "resources idle for 30 days drop out of search: get paid calls through the facilitator")
	}
	return out
}

// keywordFixes suggests adding unranked keywords the listing does not mention.
func keywordFixes(rows []keywordAudit, r x402catalog.Resource) []string {
	text := strings.ToLower(description(r) + " " + strings.Join(r.Tags, " ") + " " + r.ServiceName)
	var out []string
	for _, k := range rows {
		if k.Rank == nil && !strings.Contains(text, strings.ToLower(k.Keyword)) {
			out = append(out, fmt.Sprintf("not ranked for %q and the listing never mentions it: add it to the description or tags", k.Keyword))
		}
	}
	return out
}
