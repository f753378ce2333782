package osint

import (
	"context"
	"math"
	"sync/atomic"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// fetcher sends one call's upstream requests and remembers whether every
// answer came from cache, which is what Result.Cached reports.
type fetcher struct {
	up       upstreams.Doer
	fresh    atomic.Bool
	answered atomic.Bool
}

func newFetcher(c *registry.Call) *fetcher { return &fetcher{up: c.Upstream} }

// cached is true only when at least one answer arrived and all came from cache.
func (f *fetcher) cached() bool { return f.answered.Load() && !f.fresh.Load() }

// fetch sends req and decodes its body. An upstream failure is returned
// unchanged; a body that does not decode is the source's bad answer.
func fetch[T any](ctx context.Context, f *fetcher, req *upstreams.Request, decode func([]byte) (T, error)) (T, error) {
	var zero T
	resp, err := f.up.Do(ctx, req)
	if err != nil {
		return zero, err
	}
	f.answered.Store(true)
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

// round keeps n decimals so outputs stay readable and stable.
func round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func badAnswer(source, msg string) error {
	return upstreams.Errorf(source, upstreams.BadAnswer, "%s", msg)
}
