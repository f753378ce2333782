package x402

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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
// A request that certainly never reached a facilitator (Unreached: its name
// did not resolve, its connection or TLS handshake failed) moved nothing,
// so /verify and /settle alike go on to the next at once.
//
// Once a facilitator's /supported is known (Supported), a payment goes only
// to those that list its (scheme, network): facilitators that each settle
// other networks, as one's own on its chain beside a hosted one, share a
// failover, and each network's calls reach the ones that settle it. One
// whose /supported cannot be read is down: it is asked only after those
// that are up, until its /supported is read again.
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
	supported *Supported // its last /supported; nil until read
	down      error      // why its last /supported could not be read; nil: up
}

// Breaker states, the values of coinslot_facilitator_breaker_state.
const (
	breakerClosed = iota
	breakerHalfOpen
	breakerOpen
)

// Outcomes of coinslot_facilitator_calls_total.
const (
	callAnswered  = "answered"    // a usable answer, valid or not
	callFailed    = "failed"      // no usable answer: a timeout, 5xx, 429, refused credentials
	callUnreached = "unreachable" // never reached: its name, connection or TLS handshake failed
	callSkipped   = "skipped"     // its breaker was open
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
			Name: "coinslot_facilitator_calls_total", Help: "Calls to each facilitator by operation and outcome (answered, failed, unreachable, skipped while its breaker was open).",
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

// MembersDown names the facilitators whose /supported could not be read
// while another's was: the failover works on without them.
type MembersDown struct{ Why []string }

func (e *MembersDown) Error() string { return strings.Join(e.Why, "; ") }

// Supported asks each facilitator that answers /supported for it, which
// routes its payments from then on, and marks those that do not down (or
// up again). It returns what they settle together, in their order: a
// network is offered when any of them settles it, and batch-settlement's
// receiver authorizer is the first's to list it, the facilitator its
// payments go to. With some down the error is a *MembersDown naming them;
// with none answering there is no document.
func (f *Failover) Supported(ctx context.Context) (*Supported, error) {
	var all *Supported
	var down []string
	for _, m := range f.members {
		remote, ok := m.Facilitator.(interface {
			Supported(context.Context) (*Supported, error)
		})
		if !ok {
			continue
		}
		doc, err := remote.Supported(ctx)
		m.mu.Lock()
		if m.down = err; err == nil {
			m.supported = doc
		}
		m.mu.Unlock()
		if err != nil {
			down = append(down, m.Name+" is down ("+err.Error()+")")
			continue
		}
		if all == nil {
			all = &Supported{Extensions: slices.Clone(doc.Extensions)}
		} else {
			// An extension names no network: it is taken on every network
			// only when every member takes it.
			all.Extensions = slices.DeleteFunc(all.Extensions, func(e string) bool { return !slices.Contains(doc.Extensions, e) })
		}
		all.Kinds = append(all.Kinds, doc.Kinds...)
	}
	switch {
	case all == nil:
		return nil, errors.New(strings.Join(down, "; "))
	case down != nil:
		return all, &MembersDown{down}
	}
	return all, nil
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

// Settle asks the first facilitator whose breaker admits it, and another
// only when that one was certainly never reached.
func (f *Failover) Settle(ctx context.Context, p *Payload, r *Requirements) (*SettleResponse, error) {
	q := NewRequest(p, r)
	candidates := f.candidates(r)
	if len(candidates) == 0 {
		return nil, ErrNotSettled
	}
	last := ErrNoFacilitator
	for _, m := range candidates {
		if !f.admit(m, "settle") {
			continue
		}
		resp, err := q.Settle(ctx, m.Facilitator)
		f.record(m, "settle", err)
		if !Unreached(err) || ctx.Err() != nil {
			return resp, err
		}
		last = err
	}
	return nil, last
}

// candidates are the facilitators a request may go to, in order: those
// that list its scheme and network, or whose /supported is not yet known,
// the ones up before the ones down. batch-settlement has one: its channels
// name the first's receiver authorizer.
func (f *Failover) candidates(r *Requirements) []*member {
	var up, down []*member
	for _, m := range f.members {
		m.mu.Lock()
		doc, isDown := m.supported, m.down != nil
		m.mu.Unlock()
		switch {
		case doc != nil && !doc.Lists(r.Scheme, r.Network):
		case r.Scheme == SchemeUpto && !settlesUpto(doc, r):
		case isDown:
			down = append(down, m)
		default:
			up = append(up, m)
		}
	}
	out := append(up, down...)
	if r.Scheme == SchemeBatch && len(out) > 1 {
		out = out[:1]
	}
	return out
}

// settlesUpto reports whether doc is the facilitator an upto entry names:
// its witness lets that one alone settle.
func settlesUpto(doc *Supported, r *Requirements) bool {
	if doc == nil {
		return false
	}
	a, ok := doc.UptoFacilitator(r.Network)
	return ok && strings.EqualFold(a.Hex(), facilitatorOf(r))
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
	switch {
	case Unreached(err):
		outcome = callUnreached
	case err != nil:
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
