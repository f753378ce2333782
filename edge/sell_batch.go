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
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/ethereum/go-ethereum/common"
)

// sellBatch sells a call paid from a batch-settlement channel. A voucher
// whose channel state is fresh costs a signature check and one ledger write;
// deposits and refunds go through the facilitator. The channel's charged
// total advances only once the tool has answered, so a failed call leaves
// the voucher reusable.
func (s *Server) sellBatch(cfg *config.Config, a *admission) *sale {
	o, p := a.offer, a.payment
	t := o.tool
	call, r := o.terms.CheckBatch(p)
	if r != nil {
		return &sale{failure: s.batchRefused(o, r, nil)}
	}
	id := strings.ToLower(call.ID.Hex())
	unlock, ok := s.channels.acquire(id, channelWait)
	if !ok {
		return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: x402.BatchChannelBusy,
			Message: "another call on this channel is being served; send the next one once it is answered"}, nil)}
	}
	defer unlock()
	bg := context.Background()
	// A refund is judged on the record as the ledger holds it now: another
	// instance may have charged the channel since this one last saw it.
	rec, err := s.channels.record(bg, s.pay.Ledger, id, call.Payload.Type == x402.BatchRefund)
	if err != nil {
		return &sale{failure: internalFailure(t, "channel", err)}
	}
	if rec != nil && rec.Deposit != nil {
		// Reconciliation, here or on another instance, may have resolved
		// it since this instance kept the record.
		if rec, err = s.channels.record(bg, s.pay.Ledger, id, true); err != nil {
			return &sale{failure: internalFailure(t, "channel", err)}
		}
	}
	if sold := s.redeliverVoucher(o, call, rec, a); sold != nil {
		return sold
	}
	if f := s.depositHeld(cfg, o, call, rec); f != nil {
		return &sale{failure: f}
	}
	price := o.terms.Amount
	charged, want := expected(rec, call, price)
	if call.Max.Cmp(want) != 0 && rec != nil {
		// Another instance may have served the channel since this one kept
		// its record.
		if rec, err = s.channels.record(bg, s.pay.Ledger, id, true); err != nil {
			return &sale{failure: internalFailure(t, "channel", err)}
		}
		charged, want = expected(rec, call, price)
	}
	if call.Max.Cmp(want) != 0 {
		return &sale{failure: s.batchRefused(o, mismatch(call, want, charged), rec)}
	}
	if r := s.refundHeld(rec); r != nil {
		return &sale{failure: s.batchRefused(o, r, nil)}
	}
	state, synced, refusal := s.channelState(o, p, call, rec)
	if refusal != nil {
		return &sale{failure: s.batchRefused(o, refusal, nil)}
	}
	if call.Payload.Type == x402.BatchRefund {
		return s.refundChannel(o, p.V2, call, rec, charged, state)
	}
	if r := s.withdrawing(cfg, call, state); r != nil {
		return &sale{failure: s.batchRefused(o, r, nil)}
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeVerified).Inc()

	runCtx, cancel := context.WithTimeout(upstreams.WithTraceparent(bg, a.trace), time.Duration(cfg.MaxTimeoutSeconds)*time.Second)
	result, err := s.runtime.Run(runCtx, t, a.args)
	cancel()
	if err != nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: toolFailure(t, err)}
	}
	out, err := registry.Render(t, result, s.now(), cfg.Mode == config.Sandbox)
	if err != nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeToolFailed).Inc()
		return &sale{failure: internalFailure(t, "shape", err)}
	}
	var tx, moved string
	var readAt time.Time // when state was read from the chain; zero: it is rec's
	if synced {
		readAt = s.now()
	}
	total := new(big.Int).Add(charged, price).String()
	if t.Shape == registry.ReceiptBacked {
		config, _ := json.Marshal(call.Channel.Config()) // plain strings: it encodes
		out = withReceipt(out, s.voucherReceipt(cfg, o, &ledger.Channel{ID: id, Config: config, Charged: total}, digest(a.request), digest(out)))
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
	_, err = s.channels.update(bg, s.pay.Ledger, id, rec, func(cur *ledger.Channel) (*ledger.Channel, error) {
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
			Payer: call.Channel.Payer.Hex(), Amount: moved, Extra: &x402.SettleExtra{ChargedAmount: price.String(), ChannelState: &snapshot}}
		o.terms.Receipt(settlement, s.now()) // kept with the answer below: a resent voucher gets it again
		next.Tool, next.Request, next.Answer = t.Name, requestKey(a), out
		next.Settlement, _ = json.Marshal(settlement) // plain strings: it encodes
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
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettled).Inc()
	s.metrics.revenue.WithLabelValues(t.Name, o.terms.Network.ID).Add(float64(t.PriceAtomic()))
	return &sale{body: out, settlement: settlement}
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
	rec, err := s.channels.record(context.Background(), s.pay.Ledger, rec.ID, true)
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
		charged, _ = new(big.Int).SetString(rec.Charged, 10)
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

// channelState is the channel's on-chain state for this call: the record's
// own when it is fresh (read within a third of the withdraw delay, by a
// call or the chain watch, and no refund pending) and the voucher was
// checked here, else what the facilitator verifies. synced says whether it
// was just read.
func (s *Server) channelState(o *offer, p *x402.Payment, call *x402.BatchCall, rec *ledger.Channel) (*x402.ChannelState, bool, *x402.Refusal) {
	withdraw := time.Duration(call.Channel.WithdrawDelay) * time.Second
	if call.Payload.Type == x402.BatchVoucher && call.Verified && rec != nil && rec.Refunding.IsZero() && s.now().Sub(rec.SyncedAt) < withdraw/3 {
		state := stateOf(rec)
		if r := checkBalance(call, state); r != nil {
			return nil, false, r
		}
		return state, false, nil
	}
	v, refusal := s.verifyBatch(x402.NewRequest(p.V2, o.terms.Batch))
	if refusal != nil {
		return nil, false, refusal
	}
	return v, true, nil
}

// checkBalance refuses a voucher the channel's on-chain state cannot pay:
// above its balance, or not above what is claimed.
func checkBalance(call *x402.BatchCall, state *x402.ChannelState) *x402.Refusal {
	balance, _ := new(big.Int).SetString(state.Balance, 10)
	claimed, _ := new(big.Int).SetString(state.TotalClaimed, 10)
	switch {
	case call.Max.Cmp(balance) > 0:
		return &x402.Refusal{Reason: x402.BatchCumulativeExceedsBal, Message: fmt.Sprintf(
			"voucher.maxClaimableAmount %s exceeds the channel's balance %s; deposit more", call.Max, balance)}
	case call.Payload.Type == x402.BatchVoucher && call.Max.Cmp(claimed) <= 0:
		return &x402.Refusal{Reason: x402.BatchCumulativeBelowClaimed, Message: fmt.Sprintf(
			"voucher.maxClaimableAmount %s is not above the %s already claimed", call.Max, claimed)}
	}
	return nil
}

// refundHold is how long a refund sent to the chain keeps its channel from
// being charged: its settlement's budget, twice. A refund whose outcome is
// still unknown by then is read from the chain by the next call.
const refundHold = 2 * settleBudget

// refundHeld refuses a charge on a channel whose refund is being settled.
func (s *Server) refundHeld(rec *ledger.Channel) *x402.Refusal {
	if rec == nil || rec.Refunding.IsZero() || s.now().Sub(rec.Refunding) >= refundHold {
		return nil
	}
	return &x402.Refusal{Reason: x402.BatchChannelBusy, Message: "a refund of this channel is being settled; nothing was charged: read the channel's balance, then pay again"}
}

// verifyBatch asks the facilitator to verify a batch payment and returns the
// channel's on-chain state it reports.
func (s *Server) verifyBatch(q *x402.Request) (*x402.ChannelState, *x402.Refusal) {
	v, r := s.verify(q, s.now().Add(x402.SettleMargin+settleBudget))
	switch {
	case r != nil:
		return nil, r
	case v.Extra == nil:
		return nil, &x402.Refusal{Reason: x402.BatchChannelStateReadFailed, Message: "the facilitator verified the payment without reporting the channel's state; nothing was charged"}
	}
	return v.Extra, nil
}

// stateOf is a record's on-chain fields as a snapshot.
func stateOf(rec *ledger.Channel) *x402.ChannelState {
	return &x402.ChannelState{ChannelID: rec.ID, Balance: rec.Balance, TotalClaimed: rec.TotalClaimed,
		WithdrawRequestedAt: uint64(rec.WithdrawRequestedAt), RefundNonce: rec.RefundNonce}
}

// channelRecord is rec (or a new record) with the channel's config and the
// on-chain state mirrored; when synced, state was read from the chain at
// now (mirrorRead).
func channelRecord(rec *ledger.Channel, call *x402.BatchCall, state *x402.ChannelState, synced bool, now time.Time) *ledger.Channel {
	next := &ledger.Channel{ID: strings.ToLower(call.ID.Hex())}
	if rec != nil {
		next = rec
	}
	next.Config, _ = json.Marshal(call.Channel.Config()) // plain strings: it encodes
	if synced {
		mirrorRead(next, state, now)
	} else {
		mirror(next, state)
	}
	return next
}

// mirror copies a channel's on-chain state into its record.
func mirror(rec *ledger.Channel, state *x402.ChannelState) {
	rec.Balance, rec.TotalClaimed, rec.RefundNonce = state.Balance, state.TotalClaimed, state.RefundNonce
	rec.WithdrawRequestedAt = int64(state.WithdrawRequestedAt)
}

// mirrorRead mirrors state, read from the chain at readAt, into rec. A read
// also ends a refund hold that has lapsed: the refund, landed or not, is in
// that state.
func mirrorRead(rec *ledger.Channel, state *x402.ChannelState, readAt time.Time) {
	mirror(rec, state)
	rec.SyncedAt = readAt.UTC().Truncate(time.Microsecond)
	if readAt.Sub(rec.Refunding) >= refundHold {
		rec.Refunding = time.Time{}
	}
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

// depositFailed withholds the answer of a call whose deposit was refused,
// or landed without the channel's state: nothing was charged.
func (s *Server) depositFailed(o *offer, call *x402.BatchCall, settled *x402.SettleResponse) *sale {
	t := o.tool
	s.metrics.payments.WithLabelValues(t.Name, outcomeSettleFailed).Inc()
	reason, msg := x402.BatchDepositTxFailed, "the deposit did not complete; the answer is withheld and nothing was charged"
	if settled.ErrorReason != "" {
		reason = settled.ErrorReason
	}
	if settled.ErrorMessage != "" {
		msg += " (" + settled.ErrorMessage + ")"
	}
	s.metrics.refusals.WithLabelValues(reason).Inc()
	return &sale{
		failure:    &failure{code: registry.CodeSettlementFailed, reason: reason, message: msg},
		settlement: &x402.SettleResponse{ErrorReason: reason, Network: o.terms.Network.ID, Payer: call.Channel.Payer.Hex()},
	}
}

// voucherReceipt is the receipt of a call a voucher paid for: no
// transaction, the channel and its charged total instead.
func (s *Server) voucherReceipt(cfg *config.Config, o *offer, c *ledger.Channel, requestSHA, responseSHA string) *ledger.Receipt {
	var ch x402.ChannelConfig
	json.Unmarshal(c.Config, &ch) // written by channelRecord from a parsed config
	payer := common.HexToAddress(ch.Payer).Hex()
	return &ledger.Receipt{
		Schema: ledger.ReceiptSchema, ReceiptID: receiptID(o.terms.Network.ID, payer, c.ID+"/"+c.Charged),
		Network: o.terms.Network.ID, Asset: o.terms.Network.Asset.Hex(), Payer: payer, PayTo: o.terms.PayTo.Hex(),
		AmountAtomic: o.terms.Amount.String(), AmountUSD: registry.FormatUSD(o.tool.PriceAtomic()),
		Tool: o.tool.Name, Endpoint: o.terms.Resource, RequestSHA256: requestSHA, ResponseSHA256: responseSHA,
		SettledAt: s.now().UTC().Truncate(time.Second), ReceiptURL: cfg.BaseURL + pathChannel + c.ID,
		Channel: c.ID, ChargedCumulative: c.Charged,
	}
}

// withdrawing refuses a charge on a channel whose buyer's timed withdrawal
// completes before the claimer is sure to have claimed it: two claim
// intervals ahead of the withdrawal's end, so one claim lands in between.
func (s *Server) withdrawing(cfg *config.Config, call *x402.BatchCall, state *x402.ChannelState) *x402.Refusal {
	if state.WithdrawRequestedAt == 0 {
		return nil
	}
	ends := time.Unix(int64(state.WithdrawRequestedAt+call.Channel.WithdrawDelay), 0)
	if s.now().Before(ends.Add(-2 * time.Duration(cfg.BatchSettlement.ClaimEvery))) {
		return nil
	}
	return &x402.Refusal{Reason: x402.BatchCumulativeExceedsBal, Message: fmt.Sprintf(
		"this channel's withdrawal completes at %s; its balance can no longer be charged: pay from another channel", ends.UTC().Format(time.RFC3339))}
}
