// Package markets holds the prediction-market tools: scans, feeds and
// analytics over venueA (Polymarket) and venueB (Kalshi).
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
	call          *registry.Call
	answers, hits int
	sources       []string // source titles in first-use order
}

func newSession(c *registry.Call) *session { return &session{call: c} }

// fetch sends req and decodes the answer.
func fetch[T any](ctx context.Context, s *session, req *upstreams.Request, decode func([]byte) (T, error)) (T, error) {
	resp, err := s.call.Upstream.Do(ctx, req)
	if err != nil {
		var zero T
		return zero, err
	}
	s.answers++
	if resp.Cached {
		s.hits++
	}
	title := req.Source
	if src, ok := upstreams.LookupSource(req.Source); ok {
		title = src.Title
	}
	if !slices.Contains(s.sources, title) {
		s.sources = append(s.sources, title)
	}
	return decode(resp.Body)
}

// result wraps data with the sources that produced it.
func (s *session) result(data any, count int) *registry.Result {
	return &registry.Result{Data: data, Count: count, Source: strings.Join(s.sources, ", "),
		Cached: s.answers > 0 && s.hits == s.answers}
}

// notFound turns an upstream 404 into a not_found error with a buyer-facing
// message; other errors pass unchanged.
func notFound(err error, message string) error {
	if e, ok := upstreams.AsError(err); ok && e.Status == 404 {
		return &upstreams.Error{Source: e.Source, Kind: upstreams.NotFound, Status: 404, Message: message}
	}
	return err
}

// marketsUpTo pages through /markets/keyset until limit markets are read or
// the pages end.
func marketsUpTo(ctx context.Context, s *session, q polymarket.MarketQuery, limit int) ([]polymarket.Market, error) {
	var out []polymarket.Market
	for len(out) < limit {
		q.Limit = min(limit-len(out), polymarket.MaxMarketsPage)
		page, err := fetch(ctx, s, polymarket.Markets(q), polymarket.DecodeMarketPage)
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
		books, err := fetch(ctx, s, polymarket.Books(batch), polymarket.DecodeBooks)
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
