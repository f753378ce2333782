package facilitator

import (
	"context"
	"errors"
	"math/big"
	"strings"

	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// settleBatch carries out a deposit, a claim, a sweep or a refund on chain.
func (f *Facilitator) settleBatch(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	b := p.Payload.BatchPayload
	switch b.Type {
	case x402.BatchClaim:
		return f.claim(ctx, b.Claims)
	case x402.BatchSweep:
		return f.sweep(ctx, b)
	case x402.BatchDeposit, x402.BatchRefund:
	default:
		return f.failed(p, "", refuse(x402.BatchPayloadType, "payload.type %q is not deposit, claim, settle or refund", b.Type)), nil
	}
	c, refusal, err := f.checkBatch(ctx, p, r)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return f.failed(p, "", refusal), nil
	}
	var data []byte
	moved := c.Deposit
	if b.Type == x402.BatchDeposit {
		a := b.Deposit.Authorization.ERC3009
		after, _ := new(big.Int).SetString(a.ValidAfter, 10)
		before, _ := new(big.Int).SetString(a.ValidBefore, 10)
		salt, _ := x402.DepositSalt(a.Salt)
		collectorData, err := collectArg.Pack(after, before, salt, hexutil.MustDecode(a.Signature))
		if err != nil {
			return f.failed(p, "", refuse(x402.BatchDepositPayload, "%v", err)), nil
		}
		data = batchABI.PackDeposit(bindConfig(c.Channel), c.Deposit, x402.ERC3009CollectorAddress, collectorData)
	} else {
		if data, moved, refusal = f.refundCall(c); refusal != nil {
			return f.failed(p, "", refusal), nil
		}
	}
	tx, refusal := f.transact(ctx, data)
	if refusal != nil {
		return f.failed(p, tx, refusal), nil
	}
	state, err := f.channelState(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	return &x402.SettleResponse{Success: true, Payer: c.Channel.Payer.Hex(), Transaction: tx, Network: f.network.ID,
		Amount: moved.String(), Extra: &x402.SettleExtra{ChannelState: state}}, nil
}

// refundCall claims what the seller charged and refunds the rest in one
// transaction, both signed by this facilitator as receiver authorizer.
func (f *Facilitator) refundCall(c *batchCall) ([]byte, *big.Int, *x402.Refusal) {
	b := c.Payload
	amount, ok := new(big.Int).SetString(b.Amount, 10)
	nonce, okN := new(big.Int).SetString(b.RefundNonce, 10)
	if !ok || !okN || amount.Sign() <= 0 || len(b.Claims) != 1 {
		return nil, nil, refuse(x402.BatchRefundPayload, "a refund needs its amount, refund nonce and one claim row")
	}
	if b.RefundNonce != c.state.RefundNonce {
		return nil, nil, refuse(x402.BatchRefundPayload, "refund nonce %s is not the channel's %s", b.RefundNonce, c.state.RefundNonce)
	}
	rows, refusal := f.claimRows(b.Claims)
	if refusal != nil {
		return nil, nil, refusal
	}
	claimSig, err := x402.SignDigest(f.key, x402.ClaimBatchDigest(f.network.ChainID, rows.entries))
	if err != nil {
		return nil, nil, refuse(x402.BatchRefundPayload, "%v", err)
	}
	refundSig, err := x402.SignDigest(f.key, x402.RefundDigest(f.network.ChainID, c.ID, nonce, amount))
	if err != nil {
		return nil, nil, refuse(x402.BatchRefundPayload, "%v", err)
	}
	calls := [][]byte{
		batchABI.PackClaimWithSignature(rows.claims, hexutil.MustDecode(claimSig)),
		batchABI.PackRefundWithSignature(bindConfig(c.Channel), amount, nonce, hexutil.MustDecode(refundSig)),
	}
	balance, _ := new(big.Int).SetString(c.state.Balance, 10)
	claimed := rows.entries[0].TotalClaimed
	if left := new(big.Int).Sub(balance, claimed); amount.Cmp(left) > 0 {
		amount = left // the contract caps a refund at what is unclaimed
	}
	return batchABI.PackMulticall(calls), amount, nil
}

// claimRows reads claim rows into the contract's form and the digest's.
type claimSet struct {
	claims  []channels.VoucherClaim
	entries []x402.ClaimEntry
}

func (f *Facilitator) claimRows(rows []x402.VoucherClaim) (*claimSet, *x402.Refusal) {
	if len(rows) == 0 {
		return nil, refuse(x402.BatchClaimPayload, "no claims")
	}
	set := &claimSet{}
	for i, r := range rows {
		ch, err := r.Voucher.Channel.Parse()
		if err != nil {
			return nil, refuse(x402.BatchClaimPayload, "claims[%d]: %v", i, err)
		}
		if ch.ReceiverAuthorizer != f.Address() {
			return nil, refuse(x402.BatchAuthorizerMismatch, "claims[%d]: this facilitator authorizes as %s, not %s", i, f.Address().Hex(), ch.ReceiverAuthorizer.Hex())
		}
		max, ok1 := new(big.Int).SetString(r.Voucher.MaxClaimableAmount, 10)
		total, ok2 := new(big.Int).SetString(r.TotalClaimed, 10)
		sig, err := hexutil.Decode(r.Signature)
		if !ok1 || !ok2 || err != nil {
			return nil, refuse(x402.BatchClaimPayload, "claims[%d]: maxClaimableAmount, totalClaimed and signature must be well formed", i)
		}
		set.claims = append(set.claims, channels.VoucherClaim{Voucher: channels.Voucher{Channel: bindConfig(ch), MaxClaimableAmount: max}, Signature: sig, TotalClaimed: total})
		set.entries = append(set.entries, x402.ClaimEntry{ChannelID: ch.ID(f.network.ChainID), MaxClaimable: max, TotalClaimed: total})
	}
	return set, nil
}

// claim records vouchers on chain in one claimWithSignature.
func (f *Facilitator) claim(ctx context.Context, rows []x402.VoucherClaim) (*x402.SettleResponse, error) {
	set, refusal := f.claimRows(rows)
	if refusal != nil {
		return &x402.SettleResponse{ErrorReason: refusal.Reason, ErrorMessage: refusal.Message, Network: f.network.ID}, nil
	}
	sig, err := x402.SignDigest(f.key, x402.ClaimBatchDigest(f.network.ChainID, set.entries))
	if err != nil {
		return nil, err
	}
	if f.chain != nil {
		if err := f.chain.Advance(ctx); err != nil {
			return nil, err
		}
	}
	tx, refusal := f.transact(ctx, batchABI.PackClaimWithSignature(set.claims, hexutil.MustDecode(sig)))
	if refusal != nil {
		// A revert, simulated or mined, says the claim itself is refused;
		// any other failure (no receipt, the node unreachable) says nothing
		// of the claim, which the seller then retries.
		switch {
		case refusal.Reason == x402.BatchTransactionReverted && tx == "":
			refusal.Reason = x402.BatchClaimSimulationFailed
		case refusal.Reason == x402.BatchTransactionReverted:
			refusal.Reason = x402.BatchClaimTransactionFailed
		}
		return &x402.SettleResponse{ErrorReason: refusal.Reason, ErrorMessage: refusal.Message, Transaction: tx, Network: f.network.ID}, nil
	}
	return &x402.SettleResponse{Success: true, Transaction: tx, Network: f.network.ID}, nil
}

// sweep transfers a receiver's claimed funds to it.
func (f *Facilitator) sweep(ctx context.Context, b *x402.BatchPayload) (*x402.SettleResponse, error) {
	if !common.IsHexAddress(b.Receiver) || !strings.EqualFold(b.Token, f.network.Asset.Hex()) {
		return &x402.SettleResponse{ErrorReason: x402.BatchSettlePayload, ErrorMessage: "settle needs the receiver and this network's token", Network: f.network.ID}, nil
	}
	receiver := common.HexToAddress(b.Receiver)
	at := x402.BatchSettlementAddress
	out, err := f.backend.PendingCallContract(ctx, ethereum.CallMsg{From: f.gas.From, To: &at, Data: batchABI.PackReceivers(receiver, f.network.Asset)})
	if err != nil {
		return nil, err
	}
	owed, err := batchABI.UnpackReceivers(out)
	if err != nil {
		return nil, err
	}
	amount := new(big.Int).Sub(owed.TotalClaimed, owed.TotalSettled)
	if amount.Sign() == 0 {
		return &x402.SettleResponse{ErrorReason: x402.BatchNothingToSettle, ErrorMessage: "nothing is claimed and unsettled", Network: f.network.ID}, nil
	}
	tx, refusal := f.transact(ctx, batchABI.PackSettle(receiver, f.network.Asset))
	if refusal != nil {
		return &x402.SettleResponse{ErrorReason: x402.BatchSettleTxFailed, ErrorMessage: refusal.Message, Transaction: tx, Network: f.network.ID}, nil
	}
	return &x402.SettleResponse{Success: true, Transaction: tx, Network: f.network.ID, Amount: amount.String()}, nil
}

// transact sends a call to the batch-settlement contract and waits for it.
func (f *Facilitator) transact(ctx context.Context, data []byte) (string, *x402.Refusal) {
	tx, err := f.send(ctx, f.batch, data)
	if err != nil {
		if reverts(err) {
			return "", refuse(x402.BatchTransactionReverted, "the transaction would fail: %v", err)
		}
		return "", refuse(ReasonSendFailed, "the transaction was not sent: %v", err)
	}
	hash := tx.Hash()
	receipt, err := f.receipt(ctx, hash)
	if err != nil {
		return hash.Hex(), refuse(ReasonNoReceipt, "%v", err)
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		return hash.Hex(), refuse(x402.BatchTransactionReverted, "transaction %s reverted in block %s", hash.Hex(), receipt.BlockNumber)
	}
	return hash.Hex(), nil
}

// reverts reports whether a transaction was refused because it would
// revert (its estimate failed with the contract's error), not because the
// node could not be asked.
func reverts(err error) bool {
	var de rpc.DataError
	return errors.As(err, &de) || strings.Contains(err.Error(), "execution reverted")
}

func bindConfig(ch x402.Channel) channels.ChannelConfig {
	return channels.ChannelConfig{Payer: ch.Payer, PayerAuthorizer: ch.PayerAuthorizer, Receiver: ch.Receiver,
		ReceiverAuthorizer: ch.ReceiverAuthorizer, Token: ch.Token, WithdrawDelay: new(big.Int).SetUint64(ch.WithdrawDelay), Salt: ch.Salt}
}

func batchPayer(p *x402.Payload) string {
	if b := p.Payload.BatchPayload; b != nil && b.ChannelConfig != nil {
		return b.ChannelConfig.Payer
	}
	return ""
}
