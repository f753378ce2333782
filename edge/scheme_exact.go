package edge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// openExact takes a payment of one signed transfer (exact through EIP-3009
// or Permit2, or upto) through the payment-identifier checks, the local
// check, the reservation of its (payer, nonce), the id's binding and the
// facilitator's verification. A payment the ledger has seen is answered as
// a retry (redeliver).
func (s *Server) openExact(cfg *config.Config, a *admission) (charge, *sale) {
	o, p := a.offer, a.payment
	t := o.tool
	id, malformed := paymentID(p)
	switch {
	case malformed != nil:
		f := s.refused(o, malformed)
		f.malformed = true
		return nil, &sale{failure: f}
	case id == "" && o.requireID:
		f := s.refused(o, &x402.Refusal{Reason: x402.ReasonInvalidPayload,
			Message: t.Name + " requires a payment identifier: send a v2 payment whose " + x402.PaymentIdentifier + " extension has info.id set"})
		f.malformed = true
		return nil, &sale{failure: f}
	}
	validBefore, err := o.terms.Check(p, s.now())
	if err != nil {
		if sold := s.redeliverExpired(cfg, o, p, a, err); sold != nil {
			return nil, sold
		}
		return nil, &sale{failure: s.refused(o, err)}
	}
	auth, _ := p.Signed()
	entry := o.terms.Entry(p.Kind())      // Check found it
	until := time.Now().Add(inFlightWait) // for a duplicate of a call running now
	for {
		err := s.pay.Ledger.Reserve(context.Background(), auth.From, auth.Nonce, t.Name)
		if err == nil {
			break
		}
		if !errors.Is(err, ledger.ErrReplayed) {
			return nil, &sale{failure: internalFailure(t, "reserve", err)}
		}
		if sold := s.redeliver(cfg, o, p, auth.Nonce, a, until); sold != nil {
			return nil, sold
		}
		// The call it duplicated failed and released the pair: this one
		// is sold anew.
	}
	c := &exactCharge{s: s, cfg: cfg, a: a, auth: *auth, id: id, validBefore: validBefore, entry: entry,
		forwarded: x402.NewRequest(o.terms.Forwarded(p), entry), end: s.calls.begin(auth.From, auth.Nonce)}
	if id != "" {
		if sold := s.identify(cfg, o, p, id, a, until); sold != nil {
			c.abandon()
			return nil, sold
		}
	}
	if _, refusal := s.verify(c.forwarded, validBefore); refusal != nil {
		s.guard.refusedFor(auth.From, refusal)
		c.abandon()
		return nil, &sale{failure: s.refused(o, refusal)}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()
	if !s.now().Before(c.deadline()) {
		c.abandon()
		return nil, &sale{failure: s.refused(o, &x402.Refusal{Reason: entry.Kind().DeadlineReason(), Message: fmt.Sprintf(
			"the authorization expires too soon to run and settle this call; sign one valid for at least %d seconds", int((x402.SettleMargin+upkeep.SettleBudget)/time.Second)+5)})}
	}
	return c, nil
}

// exactCharge is a verified exact payment whose (payer, nonce) is
// reserved, and noted running here for its duplicates to wait on.
type exactCharge struct {
	s           *Server
	cfg         *config.Config
	a           *admission
	auth        x402.Authorization // the transfer signed, read alike whatever moves it (Payment.Signed)
	id          string             // the payment-identifier id, "" when none
	validBefore time.Time
	entry       *x402.Requirements // the terms' entry of the payment's kind
	forwarded   *x402.Request      // what the facilitator verified, and settles
	end         func()             // tells the duplicates waiting that the call was answered
}

// deadline leaves /settle its budget, and the facilitators their margin,
// before the authorization expires.
func (c *exactCharge) deadline() time.Time {
	return c.validBefore.Add(-x402.SettleMargin - upkeep.SettleBudget)
}

func (c *exactCharge) abandon() {
	c.release()
	c.end()
}

// release frees the pair for the payment to be used again.
func (c *exactCharge) release() {
	if err := c.s.pay.Ledger.Release(context.Background(), c.auth.From, c.auth.Nonce); err != nil {
		slog.Error("ledger: release failed; the reservation lapses with its lease", "payer", x402.Checksummed(c.auth.From), "nonce", c.auth.Nonce, "err", err)
	}
}

// complete journals the payment settling with its answer, settles it and
// records its receipt; the answer is sent only once it is settled.
func (c *exactCharge) complete(out []byte, cost int64) *sale {
	defer c.end()
	s, cfg, o, p, auth := c.s, c.cfg, c.a.offer, c.a.payment, &c.auth
	t := o.tool
	amount := o.terms.Amount.Int64()
	if c.entry.Scheme == x402.SchemeUpto {
		if cost == 0 {
			return c.deliveredNothing(out)
		}
		amount = cost
	}
	receipt := s.draftReceipt(cfg, o, auth, amount, digest(c.a.request), digest(out))
	receipt.ValidBefore, receipt.RequestKey = c.validBefore, requestKey(c.a)
	receipt.Sent, receipt.IDKey = sentKey(o.terms, p), idKey(c.id)
	// Noted before /settle: a crash from here on leaves the payment pending
	// in the ledger, never lost.
	if err := s.pay.Ledger.Settling(context.Background(), auth.From, auth.Nonce, receipt, out); err != nil {
		c.release()
		return &sale{failure: internalFailure(t, "settling", err)}
	}
	settled, err := s.settle(settleRequest(c.forwarded, amount))
	if err != nil || !settled.Success {
		return c.settleFailed(settled, err)
	}
	receipt.Tx = settled.Transaction
	receipt.SettledAt = s.now().UTC().Truncate(time.Second) // what every ledger stores exactly
	receipt.ReceiptURL = cfg.BaseURL + registry.PathReceipt + settled.Transaction
	if err := s.record(auth.From, auth.Nonce, receipt); err != nil {
		// The buyer has paid: the data is theirs. The pending entry keeps
		// the payment reconcilable.
		slog.Error("ledger: a settled payment's receipt was not written; it stays pending for reconciliation", "tool", t.Name, "tx", receipt.Tx, "payer", x402.Checksummed(auth.From), "nonce", auth.Nonce, "err", err)
	}
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, receipt)
	}
	settlement := &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: networkFor(p, o.terms), Payer: auth.From, Amount: settledAmount(c.entry.Kind(), receipt.AmountAtomic)}
	o.terms.Receipt(settlement, receipt.SettledAt)
	return &sale{body: out, settlement: settlement, settledNow: true, charged: amount}
}

// deliveredNothing answers an upto call that delivered nothing: its cost
// is 0, which moves nothing and needs no transaction, so the authorization
// is released unused and may pay again.
func (c *exactCharge) deliveredNothing(out []byte) *sale {
	c.release()
	settlement := &x402.SettleResponse{Success: true, Network: c.a.offer.terms.Network.ID, Payer: c.auth.From, Amount: "0"}
	return &sale{body: out, settlement: settlement, settledNow: true}
}

// settleRequest is the settlement of a verified payment for amount: an
// upto payment settles what its call cost (its entry's amount is the most
// it may), any other its entry's amount.
func settleRequest(verified *x402.Request, amount int64) *x402.Request {
	r := verified.Requirements
	if r.Scheme != x402.SchemeUpto || r.Amount == strconv.FormatInt(amount, 10) {
		return verified
	}
	settling := *r
	settling.Amount = strconv.FormatInt(amount, 10)
	return x402.NewRequest(verified.Payload, &settling)
}

// settledAmount is the amount a settlement of a payment of kind k states:
// upto's, the only scheme whose settled amount is not its price; "" for
// the others.
func settledAmount(k x402.Kind, amount string) string {
	if k.Scheme != x402.SchemeUpto {
		return ""
	}
	return amount
}

// settleFailed withholds the tool's answer. A settlement refused by the
// facilitator, or that reached none, moved nothing, so the authorization is
// released. One whose
// outcome is unknown (no answer) may yet land: the pair stays settling,
// with the answer kept, and the buyer is told to retry the same payment,
// which gets the answer once reconciliation finds the settlement, or is
// served anew once it is released.
func (c *exactCharge) settleFailed(settled *x402.SettleResponse, err error) *sale {
	s, o, p, auth := c.s, c.a.offer, c.a.payment, &c.auth
	t := o.tool
	if err != nil && x402.Unreached(err) {
		// No facilitator was reached, so nothing can have moved: the
		// payment is free to send again, as when /verify found none.
		c.release()
		return &sale{failure: s.refused(o, facilitatorDown("settle", err))}
	}
	if err != nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettlePending).Inc()
		slog.Error("settlement outcome unknown; the payment stays pending", "tool", t.Name, "payer", x402.Checksummed(auth.From), "nonce", auth.Nonce, "err", err)
		return &sale{failure: settlementPending(c.cfg, auth.From, auth.Nonce, "the settlement of this payment was not confirmed ("+err.Error()+")")}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
	c.release()
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
