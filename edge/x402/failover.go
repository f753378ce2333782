package x402

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Failover is several facilitators behind the one interface, in order of
// preference: /verify and /settle go to the first whose breaker is closed.
// A facilitator that gives no usable answer counts a failure; Failures in a
// row open its breaker for Cooldown, then one trial call may close it.
//
// /verify moves on to the next facilitator at once, since asking twice
// moves no money. /settle is sent to one facilitator only: a settlement
// whose outcome is unknown may still land, so it is never sent again
// elsewhere (the ledger keeps it pending and reconciles it from the chain);
// it moves to the next only once the first's breaker is open. A
// batch-settlement payment always goes to the first that settles it: its
// channel names that facilitator's receiver authorizer.
//
// Once a facilitator's /supported is known (Learn), a payment goes only to
// those that list its (scheme, network): facilitators that each settle
// other networks, as one's own on its chain beside a hosted one, share a
// failover, and each network's calls reach the ones that settle it.
type Failover struct {
	members  []*member
	failures int
	cooldown time.Duration
	now      func() time.Time
	calls    *prometheus.CounterVec
	state    *prometheus.GaugeVec
}

// Member is one facilitator of a Failover, and the name its metrics and
// logs give it (its host, never its credentials).
type Member struct {
	Name        string
	Facilitator Facilitator
}

type member struct {
	Member
	mu        sync.Mutex
	failed    int        // failures in a row while closed
	openUntil time.Time  // zero: closed
	trial     bool       // a half-open trial is in flight
	supported *Supported // its last /supported; nil until learnt
}

// Breaker states, the values of coinslot_facilitator_breaker_state.
const (
	breakerClosed = iota
	breakerHalfOpen
	breakerOpen
)

// Outcomes of coinslot_facilitator_calls_total.
const (
	callAnswered = "answered" // a usable answer, valid or not
	callFailed   = "failed"   // no usable answer: unreachable, 5xx, 429, refused credentials
	callSkipped  = "skipped"  // its breaker was open
)

// ErrNoFacilitator is every facilitator's breaker open at once.
var ErrNoFacilitator = errors.New("every facilitator is failing; none was asked")

// ErrNotSettled is no facilitator listing the payment's scheme and network.
var ErrNotSettled = errors.New("no facilitator settles this scheme on this network")

// NewFailover puts members behind one Facilitator; reg, when set, exports
// coinslot_facilitator_calls_total and coinslot_facilitator_breaker_state
// by facilitator name.
func NewFailover(members []Member, failures int, cooldown time.Duration, reg prometheus.Registerer) (*Failover, error) {
	if len(members) == 0 || failures < 1 || cooldown <= 0 {
		return nil, fmt.Errorf("a failover needs facilitators, a failure count and a cooldown")
	}
	f := &Failover{failures: failures, cooldown: cooldown, now: time.Now,
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_facilitator_calls_total", Help: "Calls to each facilitator by operation and outcome (answered, failed, skipped while its breaker was open).",
		}, []string{"facilitator", "op", "outcome"}),
		state: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "coinslot_facilitator_breaker_state", Help: "Each facilitator's breaker: 0 closed, 1 half-open, 2 open.",
		}, []string{"facilitator"}),
	}
	for _, m := range members {
		f.members = append(f.members, &member{Member: m})
		f.state.WithLabelValues(m.Name).Set(breakerClosed)
	}
	if reg != nil {
		for _, c := range []prometheus.Collector{f.calls, f.state} {
			if err := reg.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// Members are the facilitators, in order.
func (f *Failover) Members() []Facilitator {
	out := make([]Facilitator, len(f.members))
	for i, m := range f.members {
		out[i] = m.Facilitator
	}
	return out
}

// Learn records the /supported of the i-th facilitator, which routes
// payments from then on.
func (f *Failover) Learn(i int, doc *Supported) {
	m := f.members[i]
	m.mu.Lock()
	defer m.mu.Unlock()
	m.supported = doc
}

// Verify asks each facilitator in turn until one answers.
func (f *Failover) Verify(ctx context.Context, p *Payload, r *Requirements) (*VerifyResponse, error) {
	q := NewRequest(p, r)
	candidates := f.candidates(r)
	if len(candidates) == 0 {
		return nil, ErrNotSettled
	}
	last := ErrNoFacilitator
	for _, m := range candidates {
		if !f.admit(m, "verify") {
			continue
		}
		v, err := q.Verify(ctx, m.Facilitator)
		f.record(m, "verify", err)
		if err == nil {
			return v, nil
		}
		if last = err; ctx.Err() != nil {
			break
		}
	}
	return nil, last
}

// Settle asks the first facilitator whose breaker admits it, and no other.
func (f *Failover) Settle(ctx context.Context, p *Payload, r *Requirements) (*SettleResponse, error) {
	candidates := f.candidates(r)
	if len(candidates) == 0 {
		return nil, ErrNotSettled
	}
	for _, m := range candidates {
		if !f.admit(m, "settle") {
			continue
		}
		resp, err := NewRequest(p, r).Settle(ctx, m.Facilitator)
		f.record(m, "settle", err)
		return resp, err
	}
	return nil, ErrNoFacilitator
}

// candidates are the facilitators a request may go to, in order: those
// that list its scheme and network, or whose /supported is not yet known.
func (f *Failover) candidates(r *Requirements) []*member {
	var out []*member
	for _, m := range f.members {
		m.mu.Lock()
		doc := m.supported
		m.mu.Unlock()
		if doc != nil && !doc.Lists(r.Scheme, r.Network) {
			continue
		}
		if out = append(out, m); r.Scheme == SchemeBatch {
			break
		}
	}
	return out
}

// admit says whether m may be asked now; a refusal is counted.
func (f *Failover) admit(m *member, op string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := f.now()
	switch {
	case m.openUntil.IsZero():
		return true
	case now.Before(m.openUntil) || m.trial:
		f.calls.WithLabelValues(m.Name, op, callSkipped).Inc()
		return false
	}
	m.trial = true
	f.state.WithLabelValues(m.Name).Set(breakerHalfOpen)
	return true
}

// record notes an admitted call's result in m's breaker.
func (f *Failover) record(m *member, op string, err error) {
	outcome := callAnswered
	if err != nil {
		outcome = callFailed
	}
	f.calls.WithLabelValues(m.Name, op, outcome).Inc()
	m.mu.Lock()
	defer m.mu.Unlock()
	trial := m.trial
	m.trial = false
	switch {
	case err == nil:
		m.failed, m.openUntil = 0, time.Time{}
		f.state.WithLabelValues(m.Name).Set(breakerClosed)
	case trial || m.openUntil.IsZero() && m.failed+1 >= f.failures:
		m.failed, m.openUntil = 0, f.now().Add(f.cooldown)
		f.state.WithLabelValues(m.Name).Set(breakerOpen)
	case m.openUntil.IsZero():
		m.failed++
	}
}
