package edge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// sale is what the payment core made of one paid call, for its transport
// to render: the answer, or why there is none, and the settlement document
// when settlement was attempted.
type sale struct {
	body        []byte // the tool's answer, present only once paid
	failure     *failure
	settlement  *x402.SettleResponse
	settled     []byte // settlement as JSON, when the sale encoded it for its record; nil: not encoded yet
	redelivered bool   // the answer of a payment settled before, sent again
	// settledNow: this sale settled or charged a payment, for charged
	// atomic units (0: an upto call that delivered nothing). sell counts
	// it, the one place that does.
	settledNow bool
	charged    int64
}

// sell takes an admitted call's payment, on the terms of the network it
// chose, through its scheme: the scheme's open, then the tool, then the
// charge's settlement. Every transport sells through it.
func (s *Server) sell(cfg *config.Config, a *admission) *sale {
	sold := s.sale(cfg, a)
	if sold.settledNow {
		t := a.offer.tool
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettled).Inc()
		s.metrics.revenue.WithLabelValues(t.Name, a.offer.terms.Network.ID).Add(float64(sold.charged))
	}
	return sold
}

func (s *Server) sale(cfg *config.Config, a *admission) *sale {
	terms, refusal := a.offer.terms.For(a.payment)
	if refusal != nil {
		return &sale{failure: s.refused(a.offer, refusal)}
	}
	a.offer = a.offer.on(terms)
	c, sold := schemeFor(a.payment)(s, cfg, a)
	if sold != nil {
		return sold
	}
	out, cost, f := s.run(cfg, a, c.deadline())
	if f != nil {
		c.abandon()
		s.metrics.payments.WithLabelValues(a.offer.tool.Name, outcomeToolFailed).Inc()
		return &sale{failure: f}
	}
	return c.complete(out, cost)
}

// run runs the tool until the deadline and renders its answer, with what
// the answer cost by the tool's metering; a failure is the tool's, and
// charges nothing.
func (s *Server) run(cfg *config.Config, a *admission, deadline time.Time) ([]byte, int64, *failure) {
	t := a.offer.tool
	ctx, cancel := context.WithDeadline(upstreams.WithTraceparent(context.Background(), a.trace), deadline)
	result, err := s.runtime.Run(ctx, t, a.args)
	cancel()
	if err != nil {
		return nil, 0, toolFailure(t, err)
	}
	out, err := registry.Render(t, result, s.now(), cfg.Mode == config.Sandbox)
	if err != nil {
		return nil, 0, internalFailure(t, "shape", err)
	}
	return out, t.Charge(a.args, result), nil
}

// reasonFacilitatorDown is the refusal of a payment no facilitator gave an
// answer on. It is no x402 reason, and the payment is not at fault: it is
// answered as an outage (refused), never as an invalid payment.
const reasonFacilitatorDown = "facilitator_unavailable"

// facilitatorDown is the refusal of a payment no facilitator could verify
// or settle (what): nothing was charged, and the same payment may be sent
// again.
func facilitatorDown(what string, err error) *x402.Refusal {
	return &x402.Refusal{Reason: reasonFacilitatorDown, Message: "no facilitator could " + what + " the payment (" + err.Error() + "); nothing was charged: send the same payment again"}
}

// verify asks the facilitator, within the authorization's window.
func (s *Server) verify(q *x402.Request, validBefore time.Time) (*x402.VerifyResponse, *x402.Refusal) {
	ctx, cancel := context.WithDeadline(context.Background(), validBefore.Add(-x402.SettleMargin))
	defer cancel()
	if !s.guard.verifying(ctx) {
		return nil, &x402.Refusal{Reason: x402.ReasonUnexpectedVerify, Message: "the facilitator is busy and the payment was not verified in time; nothing was charged"}
	}
	defer s.guard.verified()
	start := time.Now()
	v, err := q.Verify(ctx, s.pay.Facilitator)
	s.metrics.facilitator.WithLabelValues("verify").Observe(time.Since(start).Seconds())
	switch {
	case err != nil:
		return nil, facilitatorDown("verify", err)
	case !v.IsValid:
		reason := v.InvalidReason
		if reason == "" {
			reason = x402.ReasonUnexpectedVerify
		}
		msg := "the facilitator refused the payment"
		if v.InvalidMessage != "" {
			msg += ": " + v.InvalidMessage
		}
		return nil, &x402.Refusal{Reason: reason, Message: msg}
	}
	return v, nil
}

func (s *Server) settle(q *x402.Request) (*x402.SettleResponse, error) {
	ctx, cancel := context.WithTimeout(context.Background(), upkeep.SettleBudget)
	defer cancel()
	start := time.Now()
	resp, err := q.Settle(ctx, s.pay.Facilitator)
	s.metrics.facilitator.WithLabelValues("settle").Observe(time.Since(start).Seconds())
	return resp, err
}

// record writes the receipt, trying a few times: a settled payment must
// reach the ledger.
func (s *Server) record(payer, nonce string, r *ledger.Receipt) error {
	var err error
	for attempt := range 3 {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = s.pay.Ledger.Record(ctx, payer, nonce, r)
		cancel()
		if err == nil {
			return nil
		}
	}
	return err
}

// requestKey is what a retry's request is compared with: the digest of the
// validated arguments, defaults filled in, as canonical JSON (keys sorted,
// no spacing), so the same request spelled otherwise is the same request.
func requestKey(a *admission) string {
	canonical, err := appendCanonical(make([]byte, 0, 2*len(a.request)+16), map[string]any(a.args))
	if err != nil { // a number JSON cannot spell (an overflow to ±Inf): the body as sent
		canonical = a.request
	}
	return digest(canonical)
}

// sameRequest is the rule by which a retry, of either scheme, is the
// request a payment paid for: the same tool (so the same route) and the
// same request key, the canonical request (see requestKey).
func sameRequest(tool, key string, t *registry.Tool, a *admission) bool {
	return tool == t.Name && key == requestKey(a)
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// networkFor names the network as the payment's version does.
func networkFor(p *x402.Payment, t *x402.Terms) string {
	if p.Version() == 1 {
		return t.Network.V1Name
	}
	return t.Network.ID
}
