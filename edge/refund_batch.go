package edge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// refundChannel returns a channel's unspent balance to its buyer, at the
// buyer's request: the tool is not run. The seller's charged total is
// claimed in the same transaction, so the refund can never take what the
// buyer owes. The facilitator, the channel's receiver authorizer, signs
// both.
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
			msg = "the refund was not confirmed (" + err.Error() + "); read the channel's balance before asking again"
		} else if settled.ErrorReason != "" {
			reason = settled.ErrorReason
		}
		return &sale{failure: s.batchRefused(o, &x402.Refusal{Reason: reason, Message: msg}, nil)}
	}
	state = settled.Extra.ChannelState
	next := channelRecord(rec, call, state, true, s.now())
	next.Charged = charged.String()
	next.SignedMax, next.Signature = call.Max.String(), call.Payload.Voucher.Signature
	if err := s.pay.Ledger.PutChannel(context.Background(), next); err != nil && !errors.Is(err, ledger.ErrConflict) {
		// The refund is on chain: the record catches up at the next verify.
		s.log().Error("channel record not updated after a refund", "channel", next.ID, "err", err)
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeRefunded).Inc()
	snapshot := *state
	snapshot.ChargedCumulativeAmount = next.Charged
	body, _ := json.Marshal(map[string]string{"message": "refund acknowledged", "channelId": next.ID})
	return &sale{body: body, settlement: &x402.SettleResponse{Success: true, Transaction: settled.Transaction, Network: o.terms.Network.ID,
		Payer: call.Channel.Payer.Hex(), Amount: settled.Amount, Extra: &x402.SettleExtra{ChannelState: &snapshot}}}
}
