package edge

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// redeliver answers a payment whose (payer, nonce) the ledger holds
// already: the same nonce for another network or asset is refused, naming
// the network it is on; a payment still settling is pending; a settled
// one's payer (see scheme_exact_redeliver_identity.go) gets the answer it paid
// for, with the original settlement, or 409 when the request is another,
// naming the receipt only to a payer proved by its id. Nothing is verified
// or settled again. A duplicate of a call still running waits for its
// answer until the deadline; it returns nil when that call failed and
// released the pair, which the caller then sells anew.
func (s *Server) redeliver(cfg *config.Config, o *offer, p *x402.Payment, nonce string, a *admission, until time.Time) *sale {
	t := o.tool
	auth, _ := p.Signed()
	payer := auth.From
	pm, running, err := s.awaitCall(payer, nonce, until)
	switch {
	case err != nil:
		return &sale{failure: internalFailure(t, "payment lookup", err)}
	case running || pm.State == ledger.Free && !time.Now().Before(until):
		s.metrics.payments.WithLabelValues(t.Name, outcomeReplayed).Inc()
		return &sale{failure: paymentInProgress(cfg, payer, nonce)}
	case pm.State == ledger.Free:
		return nil
	}
	if f := elsewhere(o.terms, pm); f != nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeConflict).Inc()
		return &sale{failure: f}
	}
	if pm.State == ledger.Settling {
		if sold := s.settleStranded(cfg, o, p, nonce, pm, a); sold != nil {
			return sold
		}
		s.metrics.payments.WithLabelValues(t.Name, outcomeSettlePending).Inc()
		return &sale{failure: settlementPending(cfg, payer, nonce, "the settlement of this payment is not confirmed yet")}
	}
	r := pm.Receipt
	byID := provenByID(r, p)
	if !byID && !s.ownRetry(r, o.terms, p) {
		s.metrics.payments.WithLabelValues(t.Name, outcomeConflict).Inc()
		return &sale{failure: payerUnproven(cfg)}
	}
	var receipt string
	if byID {
		receipt = " (receipt " + r.ReceiptURL + ")"
	}
	if !paidFor(r, t, a) {
		s.metrics.payments.WithLabelValues(t.Name, outcomeConflict).Inc()
		return &sale{failure: &failure{code: registry.CodePaymentConflict,
			message: "this payment already paid for another request" + receipt + "; sign a new payment for this one"}}
	}
	if pm.Answer == nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeConflict).Inc()
		return &sale{failure: &failure{code: registry.CodeAnswerExpired,
			message: "this payment was settled" + receipt + ", and its answer is no longer kept"}}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeRedelivered).Inc()
	out := pm.Answer
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, r)
	}
	// The record's network, which elsewhere made the request's.
	settlement := &x402.SettleResponse{Success: true, Transaction: r.Tx, Network: networkFor(p, o.terms), Payer: payer, Amount: settledAmount(p.Kind(), r.AmountAtomic)}
	o.terms.Receipt(settlement, r.SettledAt) // the receipt the first delivery carried
	return &sale{body: out, redelivered: true, settlement: settlement}
}

// paidFor reports whether r is the receipt of this request to this tool.
// Pairs noted before request keys were kept compare the body as sent.
func paidFor(r *ledger.Receipt, t *registry.Tool, a *admission) bool {
	if r.RequestKey == "" {
		return r.Tool == t.Name && r.RequestSHA256 == digest(a.request)
	}
	return sameRequest(r.Tool, r.RequestKey, t, a)
}

// settleStranded settles, for the buyer retrying it, a payment whose call
// ended without settling it: its process died after noting the settlement,
// before /settle was sent or answered. Once upkeep.SettleBudget has passed since,
// no call is still settling it; the answer is kept, and the buyer presents
// the very authorization first sent, to the same network, for the same
// request, so it is settled now rather than left pending until the
// authorization expires. EIP-3009 spends a nonce once on its chain: if the
// first attempt landed after all, this one is refused and the reconciler
// records the first. It returns nil when it did not settle.
func (s *Server) settleStranded(cfg *config.Config, o *offer, p *x402.Payment, nonce string, pm *ledger.Payment, a *admission) *sale {
	t := o.tool
	if s.now().Sub(pm.Since) < upkeep.SettleBudget || pm.Answer == nil || pm.Receipt.Sent == "" ||
		pm.Receipt.Sent != sentKey(o.terms, p) || !paidFor(pm.Receipt, t, a) {
		return nil
	}
	entry := o.terms.Entry(p.Kind())
	amount, err := strconv.ParseInt(pm.Receipt.AmountAtomic, 10, 64)
	if entry == nil || err != nil {
		return nil
	}
	settled, err := s.settle(settleRequest(x402.NewRequest(o.terms.Forwarded(p), entry), amount))
	if err != nil || !settled.Success {
		return nil
	}
	payer := p.Exact().Authorization.From
	r := *pm.Receipt
	r.Tx, r.SettledAt, r.ReceiptURL = settled.Transaction, s.now().UTC().Truncate(time.Second), cfg.BaseURL+registry.PathReceipt+settled.Transaction
	if err := s.record(payer, nonce, &r); err != nil {
		slog.Error("ledger: a settled payment's receipt was not written; it stays pending for reconciliation", "tool", t.Name, "tx", r.Tx, "payer", x402.Checksummed(payer), "nonce", nonce, "err", err)
	}
	out := pm.Answer
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, &r)
	}
	settlement := &x402.SettleResponse{Success: true, Transaction: r.Tx, Network: networkFor(p, o.terms), Payer: payer, Amount: settledAmount(entry.Kind(), r.AmountAtomic)}
	o.terms.Receipt(settlement, r.SettledAt)
	return &sale{body: out, settlement: settlement, settledNow: true, charged: amount}
}

// redeliverExpired answers the retry of a payment whose authorization (its
// EIP-3009 validBefore, its Permit2 deadline) has expired since it was
// used: a paid answer stays its payer's after the window closes, and a
// settlement confirmed late still owes its answer. It returns nil, so the
// refusal stands, unless the signature is the payer's and the ledger
// settled or is settling the payment.
func (s *Server) redeliverExpired(cfg *config.Config, o *offer, p *x402.Payment, a *admission, refused error) *sale {
	var r *x402.Refusal
	if !errors.As(refused, &r) || r.Reason != p.Kind().DeadlineReason() {
		return nil
	}
	if !o.terms.SignedByPayer(p) {
		return nil
	}
	auth, _ := p.Signed()
	pm, err := s.pay.Ledger.Payment(context.Background(), auth.From, auth.Nonce)
	if err != nil || pm.State != ledger.Settled && pm.State != ledger.Settling {
		return nil
	}
	return s.redeliver(cfg, o, p, auth.Nonce, a, time.Now().Add(inFlightWait))
}
