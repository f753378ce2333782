package upkeep

import (
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// A channel's record mirrors its on-chain state, written by calls, refunds,
// claims and the chain watch alike.

// SettleBudget is the time kept free for /settle at the end of a buyer's
// authorization window: the tool's deadline ends this long (plus the
// facilitators' margin) before validBefore.
const SettleBudget = 15 * time.Second

// RefundHold is how long a refund sent to the chain keeps its channel from
// being charged: its settlement's budget, twice. A refund whose outcome is
// still unknown by then is read from the chain by the next call.
const RefundHold = 2 * SettleBudget

// Mirror copies a channel's on-chain state into its record.
func Mirror(rec *ledger.Channel, state *x402.ChannelState) {
	rec.Balance, rec.TotalClaimed, rec.RefundNonce = state.Balance, state.TotalClaimed, state.RefundNonce
	rec.WithdrawRequestedAt = int64(state.WithdrawRequestedAt)
}

// MirrorRead mirrors state, read from the chain at readAt, into rec. A read
// also ends a refund hold that has lapsed: the refund, landed or not, is in
// that state.
func MirrorRead(rec *ledger.Channel, state *x402.ChannelState, readAt time.Time) {
	Mirror(rec, state)
	rec.SyncedAt = readAt.UTC().Truncate(time.Microsecond)
	if readAt.Sub(rec.Refunding) >= RefundHold {
		rec.Refunding = time.Time{}
	}
}
