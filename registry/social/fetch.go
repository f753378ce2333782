package social

import (
	"context"
	"sync/atomic"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// fetcher sends one call's upstream requests and remembers whether every
// answer came from cache, which is what Result.Cached reports. It is safe for
// concurrent requests.
type fetcher struct {
	up    upstreams.Doer
	fresh atomic.Bool
	any   atomic.Bool
}

func newFetcher(c *registry.Call) *fetcher { return &fetcher{up: c.Upstream} }

// cached is true only when at least one answer arrived and all came from cache.
func (f *fetcher) cached() bool { return f.any.Load() && !f.fresh.Load() }

// fetch sends req and decodes its body. An upstream failure is returned
// unchanged; a body that does not decode is the source's bad answer.
func fetch[T any](ctx context.Context, f *fetcher, req *upstreams.Request, decode func([]byte) (T, error)) (T, error) {
	var zero T
	resp, err := f.up.Do(ctx, req)
	if err != nil {
		return zero, err
	}
	f.any.Store(true)
	if !resp.Cached {
		f.fresh.Store(true)
	}
	v, err := decode(resp.Body)
	if err != nil {
		if ue, ok := upstreams.AsError(err); ok {
			return zero, ue
		}
		return zero, upstreams.Errorf(req.Source, upstreams.BadAnswer, "the answer could not be read")
	}
	return v, nil
}

// notFound turns the source's 404 into the buyer's not_found with message.
func notFound(err error, message string) error {
	if e, ok := upstreams.AsError(err); ok && e.Status == 404 {
		return &upstreams.Error{Source: e.Source, Kind: upstreams.NotFound, Status: 404, Message: message}
	}
	return err
}
