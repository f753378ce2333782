package edge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// settleBudget is the time kept free for /settle at the end of a buyer's
// authorization window: the tool's deadline ends this long (plus the
// facilitators' margin) before validBefore.
const settleBudget = 15 * time.Second

// sale is what the payment core made of one paid call, for its transport
// to render: the answer, or why there is none, and the settlement document
// when settlement was attempted.
type sale struct {
	body        []byte // the tool's answer, present only once paid
	failure     *failure
	settlement  *x402.SettleResponse
	redelivered bool // the answer of a payment settled before, sent again
}

// sell takes an admitted call's payment through the local check,
// reservation, verification, the tool, settlement and the ledger. Every
// transport sells through it.
func (s *Server) sell(cfg *config.Config, a *admission) *sale {
	terms, refusal := a.offer.terms.For(a.payment)
	if refusal != nil {
		return &sale{failure: s.refused(a.offer, refusal)}
	}
	a.offer = a.offer.on(terms)
	o, p := a.offer, a.payment
	if p.Batch() != nil || p.V2 != nil && p.V2.Accepted.Scheme == x402.SchemeBatch {
		return s.sellBatch(cfg, a)
	}
	t := o.tool
	id, malformed := paymentID(p)
	switch {
	case malformed != nil:
		f := s.refused(o, malformed)
		f.malformed = true
		return &sale{failure: f}
	case id == "" && o.requireID:
		f := s.refused(o, &x402.Refusal{Reason: x402.ReasonInvalidPayload,
			Message: t.Name + " requires a payment identifier: send a v2 payment whose " + x402.PaymentIdentifier + " extension has info.id set"})
		f.malformed = true
		return &sale{failure: f}
	}
	validBefore, err := o.terms.Check(p, s.now())
	if err != nil {
		if sold := s.redeliverExpired(cfg, o, p, a, err); sold != nil {
			return sold
		}
		return &sale{failure: s.refused(o, err)}
	}
	auth := p.Exact().Authorization
	bg := context.Background()
	until := time.Now().Add(inFlightWait) // for a duplicate of a call running now
	for {
		err := s.pay.Ledger.Reserve(bg, auth.From, auth.Nonce, t.Name)
		if err == nil {
			break
		}
		if !errors.Is(err, ledger.ErrReplayed) {
			return &sale{failure: internalFailure(t, "reserve", err)}
		}
		if sold := s.redeliver(cfg, o, p, auth.Nonce, a, until); sold != nil {
			return sold
		}
		// The call it duplicated failed and released the pair: this one
		// is sold anew.
	}
	defer s.calls.begin(auth.From, auth.Nonce)()
	release := func() {
		if err := s.pay.Ledger.Release(bg, auth.From, auth.Nonce); err != nil {
			slog.Error("ledger: release failed; the reservation lapses with its lease", "payer", checksummed(auth.From), "nonce", auth.Nonce, "err", err)
		}
	}
	if id != "" {
		if sold := s.identify(cfg, o, p, id, a, until); sold != nil {
			release()
			return sold
		}
	}
	forwarded := x402.NewRequest(o.terms.Forwarded(p), &o.terms.Requirements)
	if _, refusal := s.verify(forwarded, validBefore); refusal != nil {
		s.guard.refusedFor(auth.From, refusal)
		release()
		return &sale{failure: s.refused(o, refusal)}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()

	runDeadline := validBefore.Add(-x402.SettleMargin - settleBudget)
	if !s.now().Before(runDeadline) {
		release()
		return &sale{failure: s.refused(o, &x402.Refusal{Reason: x402.ReasonValidBefore, Message: fmt.Sprintf(
			"the authorization expires too soon to run and settle this call; sign one valid for at least %d seconds", int((x402.SettleMargin+settleBudget)/time.Second)+5)})}
	}
	runCtx, cancel := context.WithDeadline(upstreams.WithTraceparent(bg, a.trace), runDeadline)
	result, err := s.runtime.Run(runCtx, t, a.args)
	cancel()
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: toolFailure(t, err)}
	}
	out, err := registry.Render(t, result, s.now(), cfg.Mode == config.Sandbox)
	if err != nil {
		release()
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: internalFailure(t, "shape", err)}
	}
	receipt := s.draftReceipt(cfg, o, &auth, digest(a.request), digest(out))
	receipt.ValidBefore, receipt.RequestKey = validBefore, requestKey(a)
	// Noted before /settle: a crash from here on leaves the payment pending
	// in the ledger, never lost.
	if err := s.pay.Ledger.Settling(bg, auth.From, auth.Nonce, receipt, out); err != nil {
		release()
		return &sale{failure: internalFailure(t, "settling", err)}
	}
	settled, err := s.settle(forwarded)
	if err != nil || !settled.Success {
		return s.settleFailed(cfg, o, p, &auth, settled, err, release)
	}
	receipt.Tx = settled.Transaction
	receipt.SettledAt = s.now().UTC().Truncate(time.Second) // what every ledger stores exactly
	receipt.ReceiptURL = cfg.BaseURL + registry.PathReceipt + settled.Transaction
	if err := s.record(auth.From, auth.Nonce, receipt); err != nil {
		// The buyer has paid: the data is theirs. The pending entry keeps
		// the payment reconcilable.
		slog.Error("ledger: a settled payment's receipt was not written; it stays pending for reconciliation", "tool", t.Name, "tx", receipt.Tx, "payer", checksummed(auth.From), "nonce", auth.Nonce, "err", err)
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettled).Inc()
	s.metrics.revenue.WithLabelValues(t.Name, o.terms.Network.ID).Add(float64(t.PriceAtomic()))
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, receipt)
	}
	settlement := &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: networkFor(p, o.terms), Payer: auth.From}
	o.terms.Receipt(settlement, receipt.SettledAt)
	return &sale{body: out, settlement: settlement}
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
		return nil, &x402.Refusal{Reason: x402.ReasonUnexpectedVerify, Message: "the payment could not be verified (" + err.Error() + "); nothing was charged"}
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
	ctx, cancel := context.WithTimeout(context.Background(), settleBudget)
	defer cancel()
	start := time.Now()
	resp, err := q.Settle(ctx, s.pay.Facilitator)
	s.metrics.facilitator.WithLabelValues("settle").Observe(time.Since(start).Seconds())
	return resp, err
}

// settleFailed withholds the tool's answer. A settlement refused by the
// facilitator moved nothing, so the authorization is released. One whose
// outcome is unknown (no answer) may yet land: the pair stays settling,
// with the answer kept, and the buyer is told to retry the same payment,
// which gets the answer once reconciliation finds the settlement, or is
// served anew once it is released.
func (s *Server) settleFailed(cfg *config.Config, o *offer, p *x402.Payment, auth *x402.Authorization, settled *x402.SettleResponse, err error, release func()) *sale {
	t := o.tool
	if err != nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettlePending).Inc()
		slog.Error("settlement outcome unknown; the payment stays pending", "tool", t.Name, "payer", checksummed(auth.From), "nonce", auth.Nonce, "err", err)
		return &sale{failure: settlementPending(cfg, auth.From, auth.Nonce, "the settlement of this payment was not confirmed ("+err.Error()+")")}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
	release()
	reason := x402.ReasonUnexpectedSettle
	if settled.ErrorReason != "" {
		reason = settled.ErrorReason
	}
	msg := "settlement failed; the answer is withheld and nothing was charged"
	if settled.ErrorMessage != "" {
		msg += " (" + settled.ErrorMessage + ")"
	}
	s.metrics.refusals.WithLabelValues(reason).Inc()
	return &sale{
		failure:    &failure{code: registry.CodeSettlementFailed, reason: reason, message: msg},
		settlement: &x402.SettleResponse{ErrorReason: reason, Network: networkFor(p, o.terms), Payer: auth.From},
	}
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
	canonical, err := json.Marshal(a.args)
	if err != nil { // a number JSON cannot spell (an overflow to ±Inf): the body as sent
		canonical = a.request
	}
	return digest(canonical)
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
