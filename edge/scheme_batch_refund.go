package edge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// refundChannel returns a channel's unspent balance to its buyer, at the
// buyer's request: the tool is not run. The seller's charged total is
// claimed in the same transaction, so the refund can never take what the
// buyer owes. The facilitator, the channel's receiver authorizer, signs
// both. rec was read from the ledger for this refund; the channel is held
// (refundHeld) from before the refund is sent until its outcome is in the
// record, so no instance charges it on the balance the refund takes away.
func (s *Server) refundChannel(o *offer, p *x402.Payload, call *x402.BatchCall, rec *ledger.Channel, charged *big.Int, state *x402.ChannelState) *sale {
	t := o.tool
	balance, _ := new(big.Int).SetString(state.Balance, 10)
	remainder := new(big.Int).Sub(balance, charged)
	if remainder.Sign() <= 0 {
		return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: x402.BatchRefundNoBalance,
			Message: fmt.Sprintf("the channel's balance %s is all charged; nothing is left to refund", balance)}, nil)}
	}
	amount := remainder
	if call.Refund != nil && call.Refund.Cmp(remainder) < 0 {
		amount = call.Refund
	}
	bg, id := context.Background(), strings.ToLower(call.ID.Hex())
	price := o.terms.Amount
	held, err := s.channels.Update(bg, s.pay.Ledger, id, rec, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if now, want := expected(cur, call, price); now.Cmp(charged) != 0 {
			return nil, mismatch(call, want, now)
		}
		if r := s.refundHeld(cur); r != nil {
			return nil, r
		}
		if cur == nil { // a channel this seller has not served: charged is the voucher's
			cur = channelRecord(nil, call, state, true, s.now())
			cur.Charged, cur.SignedMax, cur.Signature = charged.String(), call.Max.String(), call.Payload.Voucher.Signature
		}
		cur.Refunding = s.now().UTC().Truncate(time.Microsecond)
		return cur, nil
	})
	var refused *x402.Refusal
	switch {
	case errors.As(err, &refused) && refused.Reason == x402.BatchCumulativeMismatch:
		fresh, _ := s.channels.Record(bg, s.pay.Ledger, id, true)
		return &sale{failure: s.batchRefused(o, refused, fresh)}
	case errors.As(err, &refused):
		return &sale{failure: s.batchRefused(o, refused, nil)}
	case err != nil:
		return &sale{failure: internalFailure(t, "channel", err)}
	}
	completed := *call.Payload
	completed.Amount = amount.String()
	completed.RefundNonce = state.RefundNonce
	completed.Claims = []x402.VoucherClaim{{
		Voucher:      x402.ClaimVoucher{Channel: call.Channel.Config(), MaxClaimableAmount: call.Max.String()},
		Signature:    call.Payload.Voucher.Signature,
		TotalClaimed: charged.String(),
	}}
	payload := *p
	payload.Payload = x402.SchemePayload{BatchPayload: &completed}
	settled, err := s.settle(x402.NewRequest(&payload, o.terms.Batch))
	if err != nil || !settled.Success || settled.Extra == nil || settled.Extra.ChannelState == nil {
		reason, msg := x402.BatchRefundTxFailed, "the refund did not complete; the channel is unchanged"
		if err != nil {
			// It may land yet: the hold stays until it lapses, and the
			// next call reads the channel from the chain.
			msg = "the refund was not confirmed (" + err.Error() + "); read the channel's balance before asking again"
		} else {
			if settled.ErrorReason != "" {
				reason = settled.ErrorReason
			}
			s.release(held)
		}
		return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: reason, Message: msg}, nil)}
	}
	state = settled.Extra.ChannelState
	_, err = s.channels.Update(bg, s.pay.Ledger, id, held, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if cur.Charged != charged.String() {
			// Charged past a lapsed hold: those calls were not claimed.
			s.log().Error("channel charged while its refund was settling", "channel", id, "charged", cur.Charged, "claimed", charged)
		}
		next := channelRecord(cur, call, state, true, s.now())
		next.Refunding = time.Time{}
		next.SignedMax, next.Signature = call.Max.String(), call.Payload.Voucher.Signature
		return next, nil
	})
	if err != nil {
		// The refund is on chain and the hold keeps the channel from being
		// charged until it lapses; then calls read the chain again.
		s.log().Error("channel record not updated after a refund", "channel", id, "err", err)
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeRefunded).Inc()
	snapshot := *state
	snapshot.ChargedCumulativeAmount = charged.String()
	body, _ := json.Marshal(map[string]string{"message": "refund acknowledged", "channelId": id})
	return &sale{body: body, settlement: &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: o.terms.Network.ID,
		Payer: call.Channel.Payer.Hex(), Amount: settled.Amount, Extra: &x402.SettleExtra{ChannelState: &snapshot}}}
}

// release ends the hold of a refund that the chain refused.
func (s *Server) release(held *ledger.Channel) {
	_, err := s.channels.Update(context.Background(), s.pay.Ledger, held.ID, held, func(cur *ledger.Channel) (*ledger.Channel, error) {
		cur.Refunding = time.Time{}
		return cur, nil
	})
	if err != nil {
		s.log().Error("channel refund hold not released; it lapses on its own", "channel", held.ID, "err", err)
	}
}
