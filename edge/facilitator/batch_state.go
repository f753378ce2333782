package facilitator

import (
	"context"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
)

// ChannelReader reads batch-settlement channels' on-chain state at the
// chain's head, with no key: what the seller's chain watch and claimer need
// to learn of withdrawals, refunds and claims they did not make, or whose
// answer they lost.
type ChannelReader struct {
	Chain ethereum.ContractCaller
}

// ChannelState reads the state of channel id (0x hex) at the head.
func (r ChannelReader) ChannelState(ctx context.Context, id string) (*x402.ChannelState, error) {
	at := x402.BatchSettlementAddress
	return readChannel(common.HexToHash(id), func(data []byte) ([]byte, error) {
		return r.Chain.CallContract(ctx, ethereum.CallMsg{To: &at, Data: data}, nil)
	})
}

// readChannel reads a channel's balance, claimed total, refund nonce and
// pending withdrawal with read, a call to the batch-settlement contract.
func readChannel(id common.Hash, read func(data []byte) ([]byte, error)) (*x402.ChannelState, error) {
	out, err := read(batchABI.PackChannels(id))
	if err != nil {
		return nil, err
	}
	ch, err := batchABI.UnpackChannels(out)
	if err != nil {
		return nil, err
	}
	if out, err = read(batchABI.PackRefundNonce(id)); err != nil {
		return nil, err
	}
	nonce, err := batchABI.UnpackRefundNonce(out)
	if err != nil {
		return nil, err
	}
	if out, err = read(batchABI.PackPendingWithdrawals(id)); err != nil {
		return nil, err
	}
	w, err := batchABI.UnpackPendingWithdrawals(out)
	if err != nil {
		return nil, err
	}
	return &x402.ChannelState{ChannelID: id.Hex(), Balance: ch.Balance.String(), TotalClaimed: ch.TotalClaimed.String(),
		WithdrawRequestedAt: w.InitiatedAt.Uint64(), RefundNonce: nonce.String()}, nil
}
