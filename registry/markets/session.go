package markets

import (
	"context"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// session sends one call's upstream requests and remembers which sources
// answered and whether every answer came from cache.
type session struct {
	*upstreams.Session
	sources []string // source titles in first-use order
}

func newSession(c *registry.Call) *session {
	s := &session{}
	s.Session = upstreams.NewSession(upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		resp, err := c.Upstream.Do(ctx, req)
		if err == nil {
			s.answeredBy(req.Source)
		}
		return resp, err
	}))
	return s
}

// answeredBy notes a source's title the first time it answers.
func (s *session) answeredBy(source string) {
	title := source
	if src, ok := upstreams.LookupSource(source); ok {
		title = src.Title
	}
	if !slices.Contains(s.sources, title) {
		s.sources = append(s.sources, title)
	}
}

// result wraps data with the sources that produced it.
func (s *session) result(data any, count int) *registry.Result {
	return &registry.Result{Data: data, Count: count, Source: strings.Join(s.sources, ", "), Cached: s.Cached()}
}

// marketsUpTo pages through /markets/keyset until limit markets are read or
// the pages end.
func marketsUpTo(ctx context.Context, s *session, q polymarket.MarketQuery, limit int) ([]polymarket.Market, error) {
	var out []polymarket.Market
	for len(out) < limit {
		q.Limit = min(limit-len(out), polymarket.MaxMarketsPage)
		page, err := upstreams.Fetch(ctx, s.Session, polymarket.Markets(q), polymarket.DecodeMarketPage)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Markets...)
		// A cursor that does not advance would repeat the same page forever.
		if page.NextCursor == "" || page.NextCursor == q.AfterCursor || len(page.Markets) == 0 {
			break
		}
		q.AfterCursor = page.NextCursor
	}
	return out[:min(len(out), limit)], nil
}

// booksOf reads the order books of the given tokens in batches. Tokens
// without a book are missing from the map.
func booksOf(ctx context.Context, s *session, tokens []string) (map[string]polymarket.Book, error) {
	want := map[string]bool{}
	for _, t := range tokens {
		want[t] = true
	}
	out := map[string]polymarket.Book{}
	for start := 0; start < len(tokens); start += polymarket.MaxBooksBatch {
		batch := tokens[start:min(start+polymarket.MaxBooksBatch, len(tokens))]
		books, err := upstreams.Fetch(ctx, s.Session, polymarket.Books(batch), polymarket.DecodeBooks)
		if err != nil {
			return nil, err
		}
		for _, b := range books {
			if want[b.AssetID] {
				out[b.AssetID] = b
			}
		}
	}
	return out, nil
}
