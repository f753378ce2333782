package edge

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/registry"
)

// inFlightWait bounds how long a duplicate of a payment whose call is
// running waits for that call's answer. A duplicate is never asked to pay:
// an x402 client answers a 402 by signing again.
const inFlightWait = 5 * time.Second

// inFlightPoll spaces the looks at the ledger while the call runs on
// another instance sharing it, which cannot signal this one.
const inFlightPoll = 100 * time.Millisecond

// inProgressRetryAfter is the Retry-After of payment_in_progress: the retry
// waits for the running call again.
const inProgressRetryAfter = time.Second

// calls are the paid calls running in this process, by the pair paying
// them, for their duplicates to wait on.
type calls struct {
	mu      sync.Mutex
	running map[string]chan struct{} // payer "/" nonce, lower-case → closed once the call is answered
}

// begin notes the call paid by (payer, nonce), reserved by the caller; end
// tells its duplicates it was answered.
func (c *calls) begin(payer, nonce string) (end func()) {
	key := pairKey(payer, nonce)
	done := make(chan struct{})
	c.mu.Lock()
	if c.running == nil {
		c.running = map[string]chan struct{}{}
	}
	c.running[key] = done
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		if c.running[key] == done {
			delete(c.running, key)
		}
		c.mu.Unlock()
		close(done)
	}
}

// pairKey is a pair as calls keys it: payers and nonces are hex, and
// compared regardless of case.
func pairKey(payer, nonce string) string { return strings.ToLower(payer + "/" + nonce) }

// of is the answered signal of the call running here with the pair; nil
// when there is none.
func (c *calls) of(payer, nonce string) <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.running[pairKey(payer, nonce)]
}

// awaitCall looks the pair up, waiting, until the deadline, while a call
// may be running with it here or on another instance sharing the ledger.
// running says the call was still running when the wait ended.
func (s *Server) awaitCall(payer, nonce string, until time.Time) (pm *ledger.Payment, running bool, err error) {
	for {
		done := s.calls.of(payer, nonce)
		pm, err := s.pay.Ledger.Payment(context.Background(), payer, nonce)
		if err != nil {
			return nil, false, err
		}
		running := s.inFlight(pm, done != nil)
		left := time.Until(until)
		if !running || left <= 0 {
			return pm, running, nil
		}
		wait := time.NewTimer(min(left, inFlightPoll))
		select {
		case <-done:
		case <-wait.C:
		}
		wait.Stop()
	}
}

// inFlight reports whether a call may still be running with a pair: one
// holds its reservation (the ledger reports no orphaned one), or it is
// settling by a call here, or by one on another live instance within the
// settle budget. A settling pair no call is settling any more waits for
// nothing.
func (s *Server) inFlight(pm *ledger.Payment, here bool) bool {
	switch pm.State {
	case ledger.Reserved:
		return true
	case ledger.Settling:
		return here || pm.Elsewhere && s.now().Sub(pm.Since) < upkeep.SettleBudget
	}
	return false
}

// paymentInProgress answers a duplicate whose call is still running once
// its wait ends. It is not a 402: the payment is good, and spent on that
// call, whose answer the same payment gets.
func paymentInProgress(cfg *config.Config, payer, nonce string) *failure {
	return &failure{code: registry.CodePaymentInProgress, retryAfter: inProgressRetryAfter,
		message: "a call with this payment is still running; retry with the same payment in " + strconv.Itoa(int(inProgressRetryAfter/time.Second)) +
			" s to get its answer, and do not sign a new one (its status: " + paymentStatusURL(cfg, payer, nonce) + ")"}
}
