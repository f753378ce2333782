package web

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

func init() {
	family.Register(&registry.Tool{
		Name: "find_agent_resource", Price: "0.01",
		Description: "Find paid agent resources in the public x402 catalog by what they do: best matches first, with " +
			"price, network, service, tags and 30-day demand; optionally narrowed to a category.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(2, 400).Describe("what the resource should do, e.g. weather forecast"),
			registry.Str("category").Len(2, 60).Describe("keep resources whose tags or description name it, e.g. finance"),
		},
		Example:  map[string]any{"query": "weather"},
		Synonyms: []string{"paid api search", "x402 search", "agent tools marketplace", "service discovery", "api directory"},
		Expected: "Envelope whose data is an array of resources in the CDP x402 Bazaar with price, network and usage, best match first.",
		Shape:    registry.Envelope,
		Result:   []agentResource(nil),
		Sources:  []string{x402catalog.Source.Name},
		Handler:  findAgentResource,
	})
}

// searchLimit is how many catalog matches are read before the category filter.
const searchLimit = x402catalog.MaxSearchLimit

type agentResource struct {
	Resource    string   `json:"resource"`
	Service     string   `json:"service,omitempty"`
	Description string   `json:"description"`
	Type        string   `json:"type"`
	PriceUSD    *float64 `json:"price_usd"`
	Network     string   `json:"network,omitempty"`
	Tags        []string `json:"tags"`
	Calls30d    int64    `json:"calls_30d"`
	Payers30d   int64    `json:"payers_30d"`
	LastUpdated string   `json:"last_updated,omitempty"`
}

func findAgentResource(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	res, cached, err := x402catalog.Find(ctx, c.Upstream, x402catalog.SearchQuery{Query: c.Args.String("query"), Limit: searchLimit})
	if err != nil {
		return nil, err
	}
	category := strings.ToLower(c.Args.String("category"))
	out := []agentResource{}
	for _, r := range res.Resources {
		if category != "" && !mentions(r, category) {
			continue
		}
		a := agentResource{Resource: r.Resource, Service: r.ServiceName, Description: r.Description, Type: r.Type,
			Tags: append([]string{}, r.Tags...), Calls30d: int64(r.Quality.Calls30d), Payers30d: int64(r.Quality.Payers30d),
			LastUpdated: string(r.LastUpdated)}
		if p, ok := r.PriceUSD(); ok {
			a.PriceUSD = &p
		}
		if len(r.Accepts) > 0 {
			a.Network = r.Accepts[0].Network
			if a.Description == "" {
				a.Description = r.Accepts[0].Description
			}
		}
		out = append(out, a)
	}
	return &registry.Result{Data: out, Count: len(out), Source: x402catalog.Source.Title, Cached: cached}, nil
}

func mentions(r x402catalog.Resource, category string) bool {
	for _, t := range r.Tags {
		if strings.Contains(strings.ToLower(t), category) {
			return true
		}
	}
	return strings.Contains(strings.ToLower(r.Description+" "+r.ServiceName), category)
}
