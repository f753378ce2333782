package edge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// openBatch takes a call paid from a batch-settlement channel to the
// point where its tool may run, one call per channel at a time: the
// channel is held until the charge ends. A voucher whose channel state is
// fresh costs a signature check; deposits and refunds go through the
// facilitator, and a refund is the whole sale. The channel's charged total
// advances only once the tool has answered (complete), so a failed call
// leaves the voucher reusable.
func (s *Server) openBatch(cfg *config.Config, a *admission) (charge, *sale) {
	o := a.offer
	call, r := o.terms.CheckBatch(a.payment)
	if r != nil {
		return nil, &sale{failure: s.batchRefused(o, r, nil)}
	}
	id := strings.ToLower(call.ID.Hex())
	unlock, ok := s.channels.Acquire(id, upkeep.ChannelWait)
	if !ok {
		return nil, &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: x402.BatchChannelBusy,
			Message: "another call on this channel is being served; send the next one once it is answered"}, nil)}
	}
	c, sold := s.judgeBatch(cfg, a, call, id)
	if sold != nil {
		unlock()
		return nil, sold
	}
	c.unlock = unlock
	return c, nil
}

// judgeBatch judges a batch call on its channel's record, held by this
// call: a retry of the latest voucher is answered again, a refund is made,
// and a voucher the record or the chain cannot pay is refused.
func (s *Server) judgeBatch(cfg *config.Config, a *admission, call *x402.BatchCall, id string) (*batchCharge, *sale) {
	o, p := a.offer, a.payment
	t := o.tool
	bg := context.Background()
	// A refund is judged on the record as the ledger holds it now: another
	// instance may have charged the channel since this one last saw it.
	rec, err := s.channels.Record(bg, s.pay.Ledger, id, call.Payload.Type == x402.BatchRefund)
	if err != nil {
		return nil, &sale{failure: internalFailure(t, "channel", err)}
	}
	if rec != nil && rec.Deposit != nil {
		// Reconciliation, here or on another instance, may have resolved
		// it since this instance kept the record.
		if rec, err = s.channels.Record(bg, s.pay.Ledger, id, true); err != nil {
			return nil, &sale{failure: internalFailure(t, "channel", err)}
		}
	}
	if sold := s.redeliverVoucher(o, call, rec, a); sold != nil {
		return nil, sold
	}
	if f := s.depositHeld(cfg, o, call, rec); f != nil {
		return nil, &sale{failure: f}
	}
	price := o.terms.Amount
	charged, want := expected(rec, call, price)
	if call.Max.Cmp(want) != 0 && rec != nil {
		// Another instance may have served the channel since this one kept
		// its record.
		if rec, err = s.channels.Record(bg, s.pay.Ledger, id, true); err != nil {
			return nil, &sale{failure: internalFailure(t, "channel", err)}
		}
		charged, want = expected(rec, call, price)
	}
	if call.Max.Cmp(want) != 0 {
		return nil, &sale{failure: s.batchRefused(o, mismatch(call, want, charged), rec)}
	}
	if r := s.refundHeld(rec); r != nil {
		return nil, &sale{failure: s.batchRefused(o, r, nil)}
	}
	state, synced, refusal := s.channelState(o, p, call, rec)
	if refusal != nil {
		return nil, &sale{failure: s.batchRefused(o, refusal, nil)}
	}
	if call.Payload.Type == x402.BatchRefund {
		return nil, s.refundChannel(o, p.V2, call, rec, charged, state)
	}
	if r := s.withdrawing(cfg, call, state); r != nil {
		return nil, &sale{failure: s.batchRefused(o, r, nil)}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()
	return &batchCharge{s: s, cfg: cfg, a: a, call: call, id: id, rec: rec, charged: charged, state: state, synced: synced}, nil
}

// batchCharge is a voucher judged payable on its channel, which this call
// holds.
type batchCharge struct {
	s       *Server
	cfg     *config.Config
	a       *admission
	call    *x402.BatchCall
	id      string             // the channel's, lower-case
	rec     *ledger.Channel    // its record as judged; nil: none yet
	charged *big.Int           // its charged total before this call
	state   *x402.ChannelState // its on-chain state as judged
	synced  bool               // state was read from the chain for this call
	unlock  func()             // lets the channel's next call in
}

// deadline is the configured longest call: a voucher does not expire.
func (c *batchCharge) deadline() time.Time {
	return time.Now().Add(time.Duration(c.cfg.MaxTimeoutSeconds) * time.Second)
}

// abandon lets the channel's next call in; nothing was written, so the
// voucher stays usable.
func (c *batchCharge) abandon() { c.unlock() }

// complete settles the call's deposit, if it brings one, and writes the
// charge to the channel's record, with the voucher, the answer and its
// settlement for a retry to get again.
func (c *batchCharge) complete(out []byte, _ int64) *sale {
	defer c.unlock()
	s, cfg, a, call, id, rec, charged, state := c.s, c.cfg, c.a, c.call, c.id, c.rec, c.charged, c.state
	o, p := a.offer, a.payment
	t, price := o.tool, o.terms.Amount
	bg := context.Background()
	var tx, moved string
	var readAt time.Time // when state was read from the chain; zero: it is rec's
	if c.synced {
		readAt = s.now()
	}
	total := new(big.Int).Add(charged, price).String()
	payer := call.Channel.Payer.Hex()
	if t.Shape == registry.ReceiptBacked {
		out = withReceipt(out, s.voucherReceipt(cfg, o, id, total, payer, digest(a.request), digest(out)))
	}
	if call.Payload.Type == x402.BatchDeposit {
		journal, err := s.depositSettling(cfg, o, call, a, total, out)
		switch {
		case errors.Is(err, ledger.ErrReplayed):
			return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: x402.BatchChannelBusy,
				Message: "this deposit is being settled by another call; nothing was charged: retry the same payment in a few seconds"}, nil)}
		case err != nil:
			return &sale{failure: internalFailure(t, "deposit", err)}
		}
		settled, err := s.settle(x402.NewRequest(p.V2, o.terms.Batch))
		if err != nil {
			return s.depositPending(cfg, o, call, a, rec, charged, state, total, out, err)
		}
		if !settled.Success || settled.Extra == nil || settled.Extra.ChannelState == nil {
			s.depositSettled(cfg, call, journal, settled)
			return s.depositFailed(o, call, settled)
		}
		// The deposit landed, charged or not: its pair is spent.
		defer s.depositSettled(cfg, call, journal, settled)
		tx, moved, state, readAt = settled.Transaction, call.Deposit.String(), settled.Extra.ChannelState, s.now()
	}
	var settlement *x402.SettleResponse
	var settled []byte
	_, err := s.channels.Update(bg, s.pay.Ledger, id, rec, func(cur *ledger.Channel) (*ledger.Channel, error) {
		// cur is rec, or what another write left since: the charge stands
		// only on the charged total it was judged on, and on the freshest
		// on-chain state either read.
		if now, _ := expected(cur, call, price); now.Cmp(charged) != 0 {
			return nil, &x402.Refusal{Reason: x402.BatchChannelBusy,
				Message: "another instance served this channel meanwhile; nothing was charged, resend with the charged total it reports"}
		}
		if r := s.refundHeld(cur); r != nil {
			return nil, r
		}
		st, fresh := state, !readAt.IsZero()
		if cur != nil && (readAt.IsZero() || cur.SyncedAt.After(readAt)) {
			st, fresh = stateOf(cur), false
		}
		if r := checkBalance(call, st); r != nil {
			return nil, r
		}
		if r := s.withdrawing(cfg, call, st); r != nil {
			return nil, r
		}
		next := channelRecord(cur, call, st, fresh, readAt)
		next.Charged = total
		next.SignedMax, next.Signature = call.Max.String(), call.Payload.Voucher.Signature
		snapshot := *st
		snapshot.ChargedCumulativeAmount = total
		settlement = &x402.SettleResponse{Success: true, Transaction: tx, Network: o.terms.Network.ID,
			Payer: payer, Amount: moved, Extra: &x402.SettleExtra{ChargedAmount: price.String(), ChannelState: &snapshot}}
		o.terms.Receipt(settlement, s.now()) // kept with the answer below: a resent voucher gets it again
		next.Tool, next.Request, next.Answer = t.Name, requestKey(a), out
		settled = x402.EncodeSettlement(settlement)
		next.Settlement = settled
		return next, nil
	})
	var refused *x402.Refusal
	switch {
	case errors.As(err, &refused):
		return &sale{failure: s.batchRefused(o, refused, nil)}
	case errors.Is(err, ledger.ErrConflict):
		return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: x402.BatchChannelBusy,
			Message: "this channel is being written by others; nothing was charged, resend the same voucher"}, nil)}
	case err != nil:
		return &sale{failure: internalFailure(t, "channel", err)}
	}
	return &sale{body: out, settlement: settlement, settled: settled, charged: price.Int64(), settledNow: true}
}

// mismatch refuses a voucher whose ceiling is not want, what the charged
// total calls for.
func mismatch(call *x402.BatchCall, want, charged *big.Int) *x402.Refusal {
	return &x402.Refusal{Reason: x402.BatchCumulativeMismatch, Message: fmt.Sprintf(
		"voucher.maxClaimableAmount %s is not %s: the channel has been charged %s", call.Max, want, charged)}
}

// redeliverVoucher answers a retry of the voucher that paid for the
// channel's latest call, for the same request (sameRequest: the route and
// the canonical request), with that call's answer and settlement: a buyer
// who lost the answer is not charged again. A voucher reused for another
// request falls through to the corrective 402.
func (s *Server) redeliverVoucher(o *offer, call *x402.BatchCall, rec *ledger.Channel, a *admission) *sale {
	paidFor := func(rec *ledger.Channel) bool {
		return rec != nil && call.Payload.Type != x402.BatchRefund && rec.Signature == call.Payload.Voucher.Signature &&
			rec.SignedMax == call.Max.String() && sameRequest(rec.Tool, rec.Request, o.tool, a)
	}
	if !paidFor(rec) {
		return nil
	}
	// The answer is kept in the ledger only.
	rec, err := s.channels.Record(context.Background(), s.pay.Ledger, rec.ID, true)
	if err != nil || !paidFor(rec) || rec.Answer == nil {
		return nil
	}
	var settled x402.SettleResponse
	if err := json.Unmarshal(rec.Settlement, &settled); err != nil {
		return nil
	}
	s.metrics.payments.WithLabelValues(o.tool.Name, outcomeRedelivered).Inc()
	return &sale{body: rec.Answer, settlement: &settled, redelivered: true}
}

// expected is the channel's charged total before this call and the voucher
// ceiling that pays for it (for a refund, the charged total itself). With no
// record (a new channel, or records lost), the charged total is what the
// buyer's voucher implies; the facilitator then checks that against the
// chain, and charges the seller lost are the seller's loss, as the scheme
// has it.
func expected(rec *ledger.Channel, call *x402.BatchCall, price *big.Int) (charged, want *big.Int) {
	switch {
	case rec != nil:
		charged, _ = decimal(rec.Charged)
	case call.Payload.Type == x402.BatchRefund || call.Max.Cmp(price) < 0:
		charged = new(big.Int).Set(call.Max)
	default:
		charged = new(big.Int).Sub(call.Max, price)
	}
	if call.Payload.Type == x402.BatchRefund {
		return charged, charged
	}
	return charged, new(big.Int).Add(charged, price)
}

// batchRefused refuses a batch payment. Its 402 names the reason in the
// PaymentRequired document, where the official client looks for it; for a
// cumulative mismatch on a known channel it also carries the channel's
// state and the buyer's own last voucher, so the buyer can resynchronize.
func (s *Server) batchRefused(o *offer, r *x402.Refusal, rec *ledger.Channel) *failure {
	f := s.refused(o, r)
	required := o.terms.Required
	required.Error = r.Reason
	required.Accepts = append([]x402.Requirements(nil), required.Accepts...)
	if rec != nil && r.Reason == x402.BatchCumulativeMismatch {
		for i, acc := range required.Accepts {
			if acc.Scheme != x402.SchemeBatch {
				continue
			}
			extra := make(map[string]any, len(acc.Extra)+2)
			for k, v := range acc.Extra {
				extra[k] = v
			}
			state := stateOf(rec)
			state.ChargedCumulativeAmount = rec.Charged
			extra["channelState"] = state
			extra["voucherState"] = x402.VoucherState{SignedMaxClaimable: rec.SignedMax, Signature: rec.Signature}
			required.Accepts[i].Extra = extra
		}
	}
	f.required = &required
	return f
}

// voucherReceipt is the receipt of a call a voucher paid for: no
// transaction, the channel (id, lower-case) and its charged total instead.
func (s *Server) voucherReceipt(cfg *config.Config, o *offer, id, charged, payer, requestSHA, responseSHA string) *ledger.Receipt {
	return &ledger.Receipt{
		Schema: ledger.ReceiptSchema, ReceiptID: receiptID(o.terms.Network.ID, payer, id+"/"+charged),
		Network: o.terms.Network.ID, Asset: o.terms.Network.Asset.Hex(), Payer: payer, PayTo: o.terms.PayTo.Hex(),
		AmountAtomic: o.terms.Amount.String(), AmountUSD: registry.FormatUSD(o.tool.PriceAtomic()),
		Tool: o.tool.Name, Endpoint: o.terms.Resource, RequestSHA256: requestSHA, ResponseSHA256: responseSHA,
		SettledAt: s.now().UTC().Truncate(time.Second), ReceiptURL: cfg.BaseURL + pathChannel + id,
		Channel: id, ChargedCumulative: charged,
	}
}
