package edge

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
)

// A channel's on-chain state, as a batch call judges it and a channel's
// record mirrors it.

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
	balance, _ := decimal(state.Balance)
	claimed, _ := decimal(state.TotalClaimed)
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

// refundHeld refuses a charge on a channel whose refund is being settled.
func (s *Server) refundHeld(rec *ledger.Channel) *x402.Refusal {
	if rec == nil || rec.Refunding.IsZero() || s.now().Sub(rec.Refunding) >= upkeep.RefundHold {
		return nil
	}
	return &x402.Refusal{Reason: x402.BatchChannelBusy, Message: "a refund of this channel is being settled; nothing was charged: read the channel's balance, then pay again"}
}

// verifyBatch asks the facilitator to verify a batch payment and returns the
// channel's on-chain state it reports.
func (s *Server) verifyBatch(q *x402.Request) (*x402.ChannelState, *x402.Refusal) {
	v, r := s.verify(q, s.now().Add(x402.SettleMargin+upkeep.SettleBudget))
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
// now (upkeep.MirrorRead).
func channelRecord(rec *ledger.Channel, call *x402.BatchCall, state *x402.ChannelState, synced bool, now time.Time) *ledger.Channel {
	next := &ledger.Channel{ID: strings.ToLower(call.ID.Hex())}
	if rec != nil {
		next = rec
	}
	if next.Config == nil {
		// Only here is a config written, and the record's id is its hash:
		// a record's config is already this one, byte for byte.
		next.Config, _ = json.Marshal(call.Channel.Config()) // plain strings: it encodes
	}
	if synced {
		upkeep.MirrorRead(next, state, now)
	} else {
		upkeep.Mirror(next, state)
	}
	return next
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

// decimal reads a decimal amount as big.Int's SetString does, without its
// reader and scan for one that fits 64 bits, as channel amounts mostly do:
// a call reads several.
func decimal(s string) (*big.Int, bool) {
	if n, err := strconv.ParseUint(s, 10, 64); err == nil {
		return new(big.Int).SetUint64(n), true
	}
	return new(big.Int).SetString(s, 10)
}
