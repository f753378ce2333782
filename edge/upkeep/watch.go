package upkeep

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// The chain watch: the claiming instance reads its open channels on chain
// each survey, so that a buyer's withdrawal, a refund or a claim reaches
// the records without waiting for a call to verify.

// ChannelChain reads a channel's on-chain state at the chain's head;
// edge/facilitator.ChannelReader is one.
type ChannelChain interface {
	ChannelState(ctx context.Context, id string) (*x402.ChannelState, error)
}

// watch mirrors a channel's on-chain state into its record when the chain
// has changed (a withdrawal begun, a refund, a claim, a deposit) or the
// record's mirror ages past a sixth of the withdraw delay, so calls keep
// checking vouchers against a fresh state without asking the facilitator.
// Channels closed and fully claimed are not read.
// It fails only when the chain cannot be read.
func (c *Claimer) watch(ctx context.Context, ch ledger.Channel) (ledger.Channel, error) {
	if c.Chain == nil || ch.Balance == "0" && unclaimedOf(&ch).Sign() <= 0 {
		return ch, nil
	}
	var cfg x402.ChannelConfig
	json.Unmarshal(ch.Config, &cfg) // written by channelRecord from a parsed config
	readAt := time.Now()
	st, err := c.Chain.ChannelState(ctx, ch.ID)
	if err != nil {
		return ch, err
	}
	same := ch.Balance == st.Balance && ch.TotalClaimed == st.TotalClaimed && ch.RefundNonce == st.RefundNonce &&
		ch.WithdrawRequestedAt == int64(st.WithdrawRequestedAt)
	if same && readAt.Sub(ch.SyncedAt) < time.Duration(cfg.WithdrawDelay)*time.Second/6 {
		return ch, nil
	}
	if !same {
		c.Log.Info("chain watch: channel changed on chain", "channel", ch.ID, "balance", st.Balance, "claimed", st.TotalClaimed,
			"refund_nonce", st.RefundNonce, "withdraw_requested_at", st.WithdrawRequestedAt)
	}
	next, err := c.update(ctx, ch.ID, func(cur *ledger.Channel) (*ledger.Channel, error) {
		if cur.SyncedAt.After(readAt) {
			return nil, errFresher
		}
		MirrorRead(cur, st, readAt)
		return cur, nil
	})
	switch {
	case errors.Is(err, errFresher):
		if fresh, err := c.Book.Record(ctx, c.Ledger, ch.ID, true); err == nil && fresh != nil {
			return *fresh, nil
		}
	case err != nil:
		c.Log.Error("chain watch: recording a channel", "channel", ch.ID, "err", err)
	default:
		return *next, nil
	}
	return ch, nil
}

// errFresher: the record was mirrored from a later read meanwhile.
var errFresher = errors.New("the record holds a later read of the chain")
