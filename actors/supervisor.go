package actors

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"golang.org/x/time/rate"

	"github.com/coinslot/coinslot/upstreams"
)

// fetch asks a source's supervisor for one answer; the sender is the
// caller's future.
type fetch struct {
	req      *upstreams.Request
	toolTTL  time.Duration
	deadline time.Time
}

// fetchReply answers a fetch.
type fetchReply struct {
	resp *upstreams.Response
	err  error
}

// job is one upstream request in flight and everyone waiting for its answer.
type job struct {
	key      string
	req      *upstreams.Request
	ttl      time.Duration // <= 0: not cached
	deadline time.Time
	waiters  []*actor.PID
	trial    bool          // the breaker's half-open trial
	set      *settings     // the source's settings when the job went to a worker
	dest     *destination  // the host of an AnyHost source's request, else nil
	limiter  *rate.Limiter // the source's, or its host's
}

// jobDone is a worker's report on a job.
type jobDone struct {
	worker    *actor.PID
	job       *job
	resp      *upstreams.Response
	err       error
	attempted bool // false when no attempt was made (no time left in the limiter)
}

// supervisor is a source's actor. Only it touches the breaker, the single
// flight table, the queue and the worker pool, so none of them needs a lock.
type supervisor struct {
	rt       *Runtime
	st       *sourceState
	set      *settings
	ctx      actor.Context // its own context, kept for supervising workers
	breaker  breaker
	idle     []*actor.PID
	busy     map[string]*job // by worker id
	workers  int             // alive
	spawned  int             // names handed out
	pending  []*job          // waiting for a free worker
	inflight map[string]*job // by request key
	dests    destinations    // AnyHost sources: per-host breakers, rates and in-flight counts
}

func newSupervisor(rt *Runtime, st *sourceState) *supervisor {
	return &supervisor{rt: rt, st: st, set: st.set.Load(), busy: map[string]*job{}, inflight: map[string]*job{}}
}

func (s *supervisor) name() string { return s.set.source.Name }

func (s *supervisor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		s.ctx = ctx
		s.resize()
		s.publish()
	case *fetch:
		s.fetch(ctx, m)
	case *jobDone:
		s.unbusy(m.worker.Id)
		s.complete(m.job, m.resp, m.err, m.attempted)
		s.release(m.worker)
		s.dispatch()
	case *settings:
		s.apply(m)
	}
}

func (s *supervisor) fetch(ctx actor.Context, m *fetch) {
	key := m.req.Key()
	ttl := firstNonZero(m.req.TTL, m.toolTTL, s.set.cacheTTL)
	if ttl > 0 {
		if a, ok := s.rt.cache.Get(key); ok {
			s.rt.metrics.cache.WithLabelValues(s.name(), "hit").Inc()
			ctx.Respond(&fetchReply{resp: a.response(true)})
			return
		}
		s.rt.metrics.cache.WithLabelValues(s.name(), "miss").Inc()
	}
	if j, ok := s.inflight[key]; ok {
		j.waiters = append(j.waiters, ctx.Sender())
		s.rt.metrics.shared.WithLabelValues(s.name()).Inc()
		return
	}
	j := &job{key: key, req: m.req, ttl: ttl, deadline: m.deadline, waiters: []*actor.PID{ctx.Sender()}, limiter: s.st.limiter}
	if s.set.source.AnyHost {
		// One request's time is bounded whatever the call allows, so a tarpit
		// host holds a worker for at most this long.
		j.dest = s.dests.get(hostOf(m.req.URL), s.set)
		j.limiter = j.dest.limiter
		j.deadline = minTime(j.deadline, time.Now().Add(s.set.timeout*time.Duration(s.set.retries+1)))
	}
	ok, trial, wait := s.breakerOf(j).admit(s.rt.opts.Now())
	s.publish()
	s.report(j, nil)
	if !ok {
		s.rt.metrics.requests.WithLabelValues(s.name(), outcomeRejected).Inc()
		what := "the source"
		if j.dest != nil {
			what = j.dest.host
		}
		ctx.Respond(&fetchReply{err: upstreams.Errorf(s.name(), upstreams.Unavailable,
			"%s is failing; retry in %s", what, max(wait.Round(time.Second), time.Second))})
		return
	}
	j.trial = trial
	s.inflight[key] = j
	s.pending = append(s.pending, j)
	s.dispatch()
}

// breakerOf is the breaker j answers to: its host's, or the source's.
func (s *supervisor) breakerOf(j *job) *breaker {
	if j.dest != nil {
		return &j.dest.breaker
	}
	return &s.breaker
}

// unbusy takes the job off the worker with id, if it had one.
func (s *supervisor) unbusy(id string) (*job, bool) {
	j, ok := s.busy[id]
	if ok {
		delete(s.busy, id)
		if j.dest != nil {
			j.dest.busy--
		}
		s.gaugeInflight() // before the job's callers hear, so the count never lags an answer
	}
	return j, ok
}

// dispatch hands queued jobs to idle workers; the pool size is the
// source's concurrency cap.
func (s *supervisor) dispatch() {
	for i := 0; i < len(s.pending) && len(s.idle) > 0; {
		j := s.pending[i]
		if !time.Now().Before(j.deadline) {
			s.pending = slices.Delete(s.pending, i, i+1)
			s.rt.metrics.requests.WithLabelValues(s.name(), outcomeRejected).Inc()
			s.complete(j, nil, upstreams.Errorf(s.name(), upstreams.Timeout, "no answer in time"), false)
			continue
		}
		if j.dest != nil && j.dest.busy >= s.set.perHost {
			i++ // its host is at its cap; later jobs for other hosts go first
			continue
		}
		s.pending = slices.Delete(s.pending, i, i+1)
		w := s.idle[len(s.idle)-1]
		s.idle = s.idle[:len(s.idle)-1]
		j.set = s.set
		if j.dest != nil {
			j.dest.busy++
		}
		s.busy[w.Id] = j
		s.ctx.Send(w, j)
	}
	s.gaugeInflight()
}

func (s *supervisor) gaugeInflight() {
	s.st.inflight.Store(int64(len(s.busy)))
	s.rt.metrics.inflight.WithLabelValues(s.name()).Set(float64(len(s.busy)))
}

// complete answers everyone waiting for j, caches a success and tells the
// breaker how the source did.
func (s *supervisor) complete(j *job, resp *upstreams.Response, err error, attempted bool) {
	delete(s.inflight, j.key)
	now := s.rt.opts.Now()
	if b := s.breakerOf(j); attempted {
		b.record(now, sourceFailed(err), j.trial, len(j.waiters), s.set.failures, s.set.cooldown)
	} else if j.trial {
		b.trial = false
	}
	s.publish()
	s.report(j, err)
	if sourceFailed(err) {
		s.st.lastErr.Store(&sourceError{err.Error(), now})
	}
	reply := &fetchReply{err: err}
	var a *answer
	if err == nil {
		a = &answer{status: resp.Status, header: resp.Header, body: resp.Body}
		if j.ttl > 0 {
			s.rt.cache.SetWithTTL(j.key, a, cost(a), j.ttl)
		}
	}
	for _, w := range j.waiters {
		if a != nil {
			reply = &fetchReply{resp: a.response(false)}
		}
		s.ctx.Send(w, reply)
	}
}

// sourceFailed says whether err counts against the source's breaker: the
// source was unreachable, slow or broken (a 5xx, or a 2xx whose body its
// decoder refused), not merely asked for a missing item.
func sourceFailed(err error) bool {
	if err == nil {
		return false
	}
	ue, ok := upstreams.AsError(err)
	if !ok {
		return true
	}
	switch ue.Kind {
	case upstreams.Timeout, upstreams.Unavailable:
		return true
	case upstreams.BadAnswer:
		return ue.Status >= 500 || ue.Status >= 200 && ue.Status < 300
	}
	return false
}

// publish exposes the breaker to Ready and to the gauge.
func (s *supervisor) publish() {
	now := s.rt.opts.Now()
	var until int64
	if !s.breaker.openUntil.IsZero() {
		until = s.breaker.openUntil.UnixNano()
	}
	s.st.openUntil.Store(until)
	s.rt.metrics.breaker.WithLabelValues(s.name()).Set(float64(s.breaker.state(now)))
}

// report logs a transition of the breaker j answers to (the source's when
// j is nil), once: opened with the cause and the cooldown, half-open when
// the trial goes out, closed when it succeeded.
func (s *supervisor) report(j *job, cause error) {
	b, attrs := &s.breaker, []any{"source", s.name()}
	if j != nil {
		b = s.breakerOf(j)
		if j.dest != nil {
			attrs = append(attrs, "host", j.dest.host)
		}
	}
	now := s.rt.opts.Now()
	state := b.state(now)
	if state == b.reported {
		return
	}
	attrs = append(attrs, "from", stateNames[b.reported], "to", stateNames[state])
	b.reported = state
	if state != breakerOpen {
		s.rt.log.Info("upstream breaker "+stateNames[state], attrs...)
		return
	}
	attrs = append(attrs, "retry_in", b.openUntil.Sub(now).String())
	if cause != nil {
		attrs = append(attrs, "cause", cause.Error())
	}
	s.rt.log.Warn("upstream breaker open", attrs...)
}

// apply takes new settings from a reload. Jobs already at workers keep the
// settings they started with.
func (s *supervisor) apply(set *settings) {
	s.set = set
	s.st.set.Store(set)
	now := time.Now()
	s.st.limiter.SetLimitAt(now, rate.Limit(set.rate))
	s.st.limiter.SetBurstAt(now, set.burst)
	s.dests.each(func(d *destination) {
		d.limiter.SetLimitAt(now, rate.Limit(set.rate))
		d.limiter.SetBurstAt(now, set.burst)
	})
	s.resize()
	s.dispatch()
}

// resize grows the pool to the concurrency cap now; it shrinks as workers
// come back idle.
func (s *supervisor) resize() {
	for s.workers < s.set.concurrency {
		s.spawned++
		props := actor.PropsFromProducer(func() actor.Actor { return &worker{rt: s.rt} })
		w, err := s.ctx.SpawnNamed(props, fmt.Sprintf("w%d", s.spawned))
		if err != nil {
			s.rt.log.Error("upstream worker not started", "source", s.name(), "err", err)
			return
		}
		s.workers++
		s.idle = append(s.idle, w)
	}
	for s.workers > s.set.concurrency && len(s.idle) > 0 {
		s.retire(s.idle[len(s.idle)-1])
		s.idle = s.idle[:len(s.idle)-1]
	}
}

func (s *supervisor) release(w *actor.PID) {
	if s.workers > s.set.concurrency {
		s.retire(w)
		return
	}
	s.idle = append(s.idle, w)
}

func (s *supervisor) retire(w *actor.PID) {
	s.ctx.Stop(w)
	s.workers--
}

// HandleFailure makes the supervisor the supervisor of its workers: a worker
// that panics fails its job and is restarted, one-for-one, until it fails
// more than max_restarts times within the window. Then the source is marked
// down (its breaker opens for the cooldown) and a fresh worker replaces it,
// so the half-open trial can find the source recovered.
func (s *supervisor) HandleFailure(_ *actor.ActorSystem, sup actor.Supervisor, child *actor.PID, rs *actor.RestartStatistics, reason, _ any) {
	s.rt.log.Error("upstream worker failed", "source", s.name(), "worker", child.Id, "panic", fmt.Sprint(reason))
	j, busy := s.unbusy(child.Id)
	// The source's state changes before the failed caller hears back, so a
	// caller retrying at once already sees the restart or the open breaker.
	defer func() {
		if busy {
			s.complete(j, nil, upstreams.Errorf(s.name(), upstreams.Unavailable, "the request failed inside the service; retry later"), false)
		}
		s.dispatch()
	}()
	if s.exhausted(rs) {
		sup.StopChildren(child)
		s.workers--
		s.breaker.open(s.rt.opts.Now(), s.set.cooldown)
		s.publish()
		s.report(nil, errors.New("its workers exhausted their restarts"))
		s.rt.log.Warn("upstream marked down: its workers exhausted their restarts", "source", s.name(), "cooldown", s.set.cooldown)
		s.resize()
	} else {
		sup.RestartChildren(child)
		s.rt.metrics.restarts.WithLabelValues(s.name()).Inc()
		s.st.restarts.Add(1)
		s.idle = append(s.idle, child)
	}
}

// exhausted applies one-for-one restart limits: more than maxRestarts
// failures within the window stop the worker.
func (s *supervisor) exhausted(rs *actor.RestartStatistics) bool {
	if s.set.maxRestarts == 0 {
		return true
	}
	rs.Fail()
	if rs.NumberOfFailures(s.set.within) > s.set.maxRestarts {
		rs.Reset()
		return true
	}
	return false
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func firstNonZero(ds ...time.Duration) time.Duration {
	for _, d := range ds {
		if d != 0 {
			return d
		}
	}
	return 0
}
