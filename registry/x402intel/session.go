package x402intel

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

// session sends one call's catalog requests and tracks whether every
// answer came from cache.
type session struct{ *upstreams.Session }

func newSession(c *registry.Call) session { return session{upstreams.NewSession(c.Upstream)} }

func (s session) search(ctx context.Context, keyword string, limit int) ([]x402catalog.Resource, error) {
	// The session itself tracks caching, so Find's cached flag is not needed.
	res, _, err := x402catalog.Find(ctx, s.Session, x402catalog.SearchQuery{Query: keyword, Limit: limit})
	if err != nil {
		return nil, err
	}
	return res.Resources, nil
}

// maxCatalogPages bounds how much of the catalog one call reads.
const maxCatalogPages = 5

// catalog reads the catalog pages and returns its items and its total size.
func (s session) catalog(ctx context.Context) ([]x402catalog.Resource, int, error) {
	var items []x402catalog.Resource
	total := 0
	for page := 0; page < maxCatalogPages; page++ {
		p, err := upstreams.Fetch(ctx, s.Session, x402catalog.Resources(x402catalog.MaxPage, len(items)), x402catalog.DecodeResources)
		if err != nil {
			return nil, 0, err
		}
		items = append(items, p.Items...)
		total = p.Pagination.Total
		if len(p.Items) == 0 || len(items) >= total {
			break
		}
	}
	return items, total, nil
}

func (s session) result(data any, count int) *registry.Result {
	return &registry.Result{Data: data, Count: count, Source: x402catalog.Source.Title, Cached: s.Cached()}
}

// rankOf is the 1-based position of the first entry matching, or 0.
func rankOf(results []x402catalog.Resource, match func(x402catalog.Resource) bool) int {
	for i, r := range results {
		if match(r) {
			return i + 1
		}
	}
	return 0
}

// listing is the short form of a catalog entry shown to buyers.
type listing struct {
	Resource    string   `json:"resource"`
	ServiceName string   `json:"service_name"`
	PriceUSD    *float64 `json:"price_usd"` // null unless priced in USDC
	Calls30d    int64    `json:"calls_30d"`
	Payers30d   int64    `json:"payers_30d"`
}

func short(r x402catalog.Resource) listing {
	l := listing{Resource: r.Resource, ServiceName: r.ServiceName, Calls30d: int64(r.Quality.Calls30d), Payers30d: int64(r.Quality.Payers30d)}
	if p, ok := r.PriceUSD(); ok {
		l.PriceUSD = &p
	}
	return l
}
