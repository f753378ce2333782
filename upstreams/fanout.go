package upstreams

import (
	"context"

	"golang.org/x/sync/errgroup"
)

// A Job is one part of a fan-out: it runs with the fan-out's context, which
// ends as soon as any part fails.
type Job func(ctx context.Context) error

// All runs jobs at once and waits for them; the first failure is returned and
// cancels the others. Nil jobs are skipped, so a part can be optional.
func All(ctx context.Context, jobs ...Job) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, job := range jobs {
		if job != nil {
			g.Go(func() error { return job(gctx) })
		}
	}
	return g.Wait()
}

// Each runs job for every item at once, with the item's index, and waits;
// the first failure is returned and cancels the others.
func Each[T any](ctx context.Context, items []T, job func(ctx context.Context, i int, item T) error) error {
	g, gctx := errgroup.WithContext(ctx)
	for i, item := range items {
		g.Go(func() error { return job(gctx, i, item) })
	}
	return g.Wait()
}

// Into is the Job that fetches req through s and decodes the answer into dst.
func Into[T any](s *Session, dst *T, req *Request, decode func([]byte) (T, error)) Job {
	return func(ctx context.Context) (err error) {
		*dst, err = Fetch(ctx, s, req, decode)
		return err
	}
}
