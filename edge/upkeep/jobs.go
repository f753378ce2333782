package upkeep

import (
	"context"
	"sync"
	"time"
)

// Jobs are what runs beside the calls on the channels' records and the
// ledger's payments: the reconciler, and the claimer with its chain watch
// when batch-settlement is offered. Start runs them, Stop ends them.
type Jobs struct {
	Reconciler *Reconciler
	Claimer    *Claimer      // nil: batch-settlement is not offered
	ClaimEvery time.Duration // the claimer's interval

	stop context.CancelFunc
	done sync.WaitGroup
}

// Start runs the jobs until ctx ends or Stop is called.
func (j *Jobs) Start(ctx context.Context) {
	ctx, j.stop = context.WithCancel(ctx)
	j.done.Go(func() { j.Reconciler.Run(ctx, ReconcileEvery) })
	if j.Claimer != nil {
		j.done.Go(func() { j.Claimer.Run(ctx, j.ClaimEvery) })
	}
}

// Stop ends the jobs and returns once they have.
func (j *Jobs) Stop() {
	j.stop()
	j.done.Wait()
}
