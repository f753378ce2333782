package actors

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/coinslot/coinslot/upstreams"
)

// Backoff between attempts: doubling from backoffBase, with jitter, at most
// backoffMax unless the source's Retry-After asks for longer.
const (
	backoffBase = 200 * time.Millisecond
	backoffMax  = 5 * time.Second
)

// worker does one job at a time: it waits for the job's limiter, makes the
// HTTP attempts and reports to its supervisor. Blocking here is what a worker
// is for: the supervisor never waits on it.
type worker struct {
	rt *Runtime
}

func (w *worker) Receive(ctx actor.Context) {
	j, ok := ctx.Message().(*job)
	if !ok {
		return
	}
	resp, attempted, err := w.do(j)
	ctx.Send(ctx.Parent(), &jobDone{worker: ctx.Self(), job: j, resp: resp, err: err, attempted: attempted})
}

// do runs j within its deadline; every attempt, retries included, waits for
// its turn (a limiter token, and a shared slot in a cluster), and a wait that
// would pass the deadline fails at once.
func (w *worker) do(j *job) (resp *upstreams.Response, attempted bool, err error) {
	set := j.set
	name := set.source.Name
	req, err := upstreams.WithKey(set.target(j.req), set.source.KeyIn, set.key)
	if err != nil {
		w.rt.log.Error("upstream key placement", "source", name, "err", err)
		return nil, false, upstreams.Errorf(name, upstreams.Unavailable, "the source is not configured correctly")
	}
	ctx, cancel := context.WithDeadline(context.Background(), j.deadline)
	defer cancel()
	hit, fill := w.rt.sharedAnswer(ctx, j)
	if hit != nil {
		return hit, false, nil
	}
	defer func() { fill(resp, err) }()
	for attempt := 0; ; attempt++ {
		waitStart := time.Now()
		release, waitErr := w.rt.turn(ctx, j.limiter, set)
		if waitErr != nil {
			if attempted {
				return nil, true, err
			}
			w.rt.metrics.requests.WithLabelValues(name, outcomeRejected).Inc()
			return nil, false, upstreams.Errorf(name, upstreams.Timeout, "the source's polite rate leaves no time before the deadline")
		}
		w.rt.metrics.limiterWait.WithLabelValues(name).Observe(time.Since(waitStart).Seconds())
		attempted = true
		var retry upstreams.Retry
		resp, retry, err = w.attempt(ctx, req, set)
		release()
		if err == nil || !retry.OK || attempt >= set.retries {
			return resp, true, err
		}
		delay := backoff(attempt, retry.After)
		if time.Now().Add(delay).After(j.deadline) {
			return nil, true, err
		}
		w.rt.metrics.retries.WithLabelValues(name).Inc()
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, true, err
		}
	}
}

// attempt is one HTTP exchange under the per-attempt timeout.
func (w *worker) attempt(ctx context.Context, req *upstreams.Request, set *settings) (*upstreams.Response, upstreams.Retry, error) {
	if set.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, set.timeout)
		defer cancel()
	}
	start := time.Now()
	resp, retry, err := upstreams.Send(ctx, w.rt.opts.HTTPClient, req, set.userAgent)
	name := set.source.Name
	if err == nil && req.Check != nil {
		if resp, err = checked(req, resp); err != nil {
			w.rt.metrics.decodeFails.WithLabelValues(name).Inc()
		}
	}
	w.rt.metrics.latency.WithLabelValues(name).Observe(time.Since(start).Seconds())
	w.rt.metrics.requests.WithLabelValues(name, attemptOutcome(err)).Inc()
	return resp, retry, err
}

// checked runs the request's decoder on a fresh answer. A 2xx it cannot
// read is the source's bad answer, carrying the status so the breaker counts
// it; it is neither cached nor shared as a success. A well-formed answer the
// decoder turns into another error ("no such item") stays an answer.
func checked(req *upstreams.Request, resp *upstreams.Response) (*upstreams.Response, error) {
	err := req.Check(resp.Body)
	ue, ok := upstreams.AsError(err)
	if err == nil || ok && ue.Kind != upstreams.BadAnswer {
		return resp, nil
	}
	e := upstreams.Error{Source: req.Source, Kind: upstreams.BadAnswer, Message: "the answer could not be read"}
	if ok {
		e = *ue
	}
	e.Status = resp.Status
	return nil, &e
}

// attemptOutcome: a source that answered, even "no such item", did its job.
func attemptOutcome(err error) string {
	ue, _ := upstreams.AsError(err)
	switch {
	case err == nil || ue != nil && ue.Kind == upstreams.NotFound:
		return outcomeOK
	case ue != nil && ue.Kind == upstreams.Timeout:
		return outcomeTimeout
	}
	return outcomeError
}

// backoff is the wait before attempt+1: full jitter over a doubling window,
// or the source's own Retry-After when that is longer.
func backoff(attempt int, retryAfter time.Duration) time.Duration {
	window := min(backoffBase<<attempt, backoffMax)
	d := window/2 + rand.N(window/2+1)
	return max(d, retryAfter)
}
