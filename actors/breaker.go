package actors

import "time"

// breaker is a source's circuit breaker. It is owned by the source's
// supervisor actor and used only on its goroutine.
//
// Closed: every request passes; failures in a row open it. Open: requests are
// refused until the cooldown ends. Half-open (after the cooldown): one trial
// request passes; its success closes the breaker, its failure opens it again.
type breaker struct {
	failures  int // consecutive failures while closed
	openUntil time.Time
	trial     bool // a half-open trial is in flight
	reported  int  // the state last logged, so each transition is logged once
}

// stateNames are the states as logs and /api/system/info name them.
var stateNames = [...]string{breakerClosed: "closed", breakerHalfOpen: "half-open", breakerOpen: "open"}

// state is the breaker's state at now, as the gauge reports it.
func (b *breaker) state(now time.Time) int {
	switch {
	case b.openUntil.IsZero():
		return breakerClosed
	case now.Before(b.openUntil):
		return breakerOpen
	}
	return breakerHalfOpen
}

// admit says whether a request may go upstream now, and whether it is the
// half-open trial. A refused request may retry after wait.
func (b *breaker) admit(now time.Time) (ok, trial bool, wait time.Duration) {
	switch b.state(now) {
	case breakerOpen:
		return false, false, b.openUntil.Sub(now)
	case breakerHalfOpen:
		if b.trial {
			return false, false, 0
		}
		b.trial = true
		return true, true, 0
	}
	return true, false, 0
}

// record notes the result of an admitted request for its callers: every
// caller that waited on a failed request counts, so identical calls joined to
// one hanging request open the breaker as fast as separate ones.
func (b *breaker) record(now time.Time, failed, trial bool, callers, limit int, cooldown time.Duration) {
	if trial {
		b.trial = false
	}
	switch {
	case !failed && (trial || b.openUntil.IsZero()):
		b.failures, b.openUntil = 0, time.Time{}
	case failed && trial:
		b.open(now, cooldown)
	case failed && b.openUntil.IsZero():
		b.failures += callers
		if b.failures >= limit {
			b.open(now, cooldown)
		}
	}
}

// open trips the breaker until now+cooldown; a source whose workers exhausted
// their restarts is marked down this way.
func (b *breaker) open(now time.Time, cooldown time.Duration) {
	b.failures, b.openUntil = 0, now.Add(cooldown)
}
