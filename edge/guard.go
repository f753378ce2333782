package edge

import (
	"context"
	"fmt"
	"math"
	"net"
	"sync"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"golang.org/x/time/rate"
)

// guardTable is how many addresses, payers or refusals each table of the
// guard holds; past it the table starts afresh, which only ever lets more
// through, never refuses a newcomer.
const guardTable = 1 << 16

// reasonFunds is the facilitators' reason for a payer without the balance.
const reasonFunds = "insufficient_funds"

// guard is admission before any payment work: a call that carries a payment
// draws from its address's and its payer's token buckets before the ledger
// or the facilitator is asked anything, a payer the facilitator just refused
// for funds is answered the same without asking again, and verifications in
// flight are bounded. Calls without a payment never reach it: the 402 stays
// as cheap as it is.
type guard struct {
	perIP, perPayer buckets
	verifies        chan struct{}
	ttl             time.Duration

	mu      sync.Mutex
	refused map[string]refusedFunds
}

type refusedFunds struct {
	refusal *x402.Refusal
	until   time.Time
}

func newGuard(l config.Limits) *guard {
	return &guard{
		perIP:    buckets{rate: rate.Limit(l.PaidRatePerIP), burst: l.PaidBurstPerIP, m: map[string]*rate.Limiter{}},
		perPayer: buckets{rate: rate.Limit(l.PaidRatePerPayer), burst: l.PaidBurstPerPayer, m: map[string]*rate.Limiter{}},
		verifies: make(chan struct{}, l.Verifies),
		ttl:      time.Duration(l.RefusedFundsTTL),
		refused:  map[string]refusedFunds{},
	}
}

// address takes a paid call's turn from its client address. It runs before
// the call's body or payment is read, so a client over its rate costs no
// more than the 429.
func (g *guard) address(ip net.IP) *failure {
	if ip == nil {
		return nil
	}
	if wait := g.perIP.take(string(ip.To16())); wait > 0 {
		return &failure{code: registry.CodeRateLimited, retryAfter: wait,
			message: fmt.Sprintf("too many paid calls from %s; at most %g a second are taken", ip, float64(g.perIP.rate))}
	}
	return nil
}

// payer takes a paid call's turn from its wallet, and answers a wallet
// recently refused for its balance without asking the facilitator again.
func (g *guard) payer(p *x402.Payment) *failure {
	payer := p.Payer()
	if wait := g.perPayer.take(payer); wait > 0 {
		return &failure{code: registry.CodeRateLimited, retryAfter: wait,
			message: fmt.Sprintf("too many paid calls from %s; at most %g a second are taken", payer, float64(g.perPayer.rate))}
	}
	if r := g.refusal(payer); r != nil {
		return &failure{code: registry.CodePaymentInvalid, reason: r.Reason, message: r.Message}
	}
	return nil
}

func (g *guard) refusal(payer string) *x402.Refusal {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.refused[payer]
	if !ok || time.Now().After(r.until) {
		return nil
	}
	return r.refusal
}

// refusedFor remembers a payer the facilitator refused for funds.
func (g *guard) refusedFor(payer string, r *x402.Refusal) {
	if r.Reason != reasonFunds {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.refused) >= guardTable {
		now := time.Now()
		for k, v := range g.refused {
			if now.After(v.until) {
				delete(g.refused, k)
			}
		}
		if len(g.refused) >= guardTable {
			clear(g.refused)
		}
	}
	g.refused[payer] = refusedFunds{r, time.Now().Add(g.ttl)}
}

// verifying waits, within ctx, for a place among the verifications in
// flight; verified gives it back.
func (g *guard) verifying(ctx context.Context) bool {
	select {
	case g.verifies <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (g *guard) verified() { <-g.verifies }

// buckets is one token bucket per key.
type buckets struct {
	rate  rate.Limit
	burst int
	mu    sync.Mutex
	m     map[string]*rate.Limiter
}

// take draws a token for key; without one, it says how long until the next.
func (b *buckets) take(key string) time.Duration {
	b.mu.Lock()
	l, ok := b.m[key]
	if !ok {
		if len(b.m) >= guardTable {
			clear(b.m)
		}
		l = rate.NewLimiter(b.rate, b.burst)
		b.m[key] = l
	}
	b.mu.Unlock()
	if l.Allow() {
		return 0
	}
	return time.Duration(math.Ceil(float64(time.Second) / float64(b.rate)))
}
