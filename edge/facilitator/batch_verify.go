package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// batchABI packs the batch-settlement contract's calls; collectArg is the
// ERC-3009 collector's data: validAfter, validBefore, salt and signature.
var (
	batchABI   = channels.NewBatchSettlement()
	collectArg = abi.Arguments{{Type: mustType("uint256")}, {Type: mustType("uint256")}, {Type: mustType("uint256")}, {Type: mustType("bytes")}}
)

func mustType(t string) abi.Type {
	ty, err := abi.NewType(t, "", nil)
	if err != nil {
		panic(err)
	}
	return ty
}

// batchCall is a batch payment the facilitator has read and checked
// against its requirements and the chain.
type batchCall struct {
	p       *x402.BatchPayload
	ch      x402.Channel
	id      common.Hash
	max     *big.Int
	deposit *big.Int
	state   *x402.ChannelState
}

func (f *Facilitator) verifyBatch(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	c, refusal, err := f.checkBatch(ctx, p, r)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return &x402.VerifyResponse{InvalidReason: refusal.Reason, InvalidMessage: refusal.Message, Payer: batchPayer(p)}, nil
	}
	return &x402.VerifyResponse{IsValid: true, Payer: c.ch.Payer.Hex(), Extra: c.state}, nil
}

// checkBatch applies the scheme's verification rules to a deposit, voucher
// or refund.
func (f *Facilitator) checkBatch(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*batchCall, *x402.Refusal, error) {
	b := p.Payload.BatchPayload
	switch {
	case r == nil || r.Scheme != x402.SchemeBatch || p.Accepted.Scheme != x402.SchemeBatch:
		return nil, refuse(x402.BatchScheme, "the payment and its requirements must both be %s", x402.SchemeBatch), nil
	case r.Network != f.network.ID || p.Accepted.Network != r.Network:
		return nil, refuse(x402.BatchNetworkMismatch, "this facilitator settles on %s; the payment is for %s, the requirements for %s", f.network.ID, p.Accepted.Network, r.Network), nil
	case b.Type != x402.BatchDeposit && b.Type != x402.BatchVoucher && b.Type != x402.BatchRefund:
		return nil, refuse(x402.BatchPayloadType, "payload.type %q is not deposit, voucher or refund", b.Type), nil
	case b.ChannelConfig == nil || b.Voucher == nil:
		return nil, refuse(x402.BatchVoucherPayload, "channelConfig and voucher are required"), nil
	}
	ch, err := b.ChannelConfig.Parse()
	if err != nil {
		return nil, refuse(x402.BatchVoucherPayload, "%v", err), nil
	}
	c := &batchCall{p: b, ch: ch, id: ch.ID(f.network.ChainID)}
	authorizer, _ := r.Extra["receiverAuthorizer"].(string)
	// A number, decoded from JSON (float64) or set in process (uint64).
	delay := fmt.Sprint(r.Extra["withdrawDelay"])
	switch {
	case !strings.EqualFold(b.Voucher.ChannelID, c.id.Hex()):
		return nil, refuse(x402.BatchChannelIDMismatch, "voucher.channelId %s is not the config's id %s", b.Voucher.ChannelID, c.id.Hex()), nil
	case ch.Token != f.network.Asset || !strings.EqualFold(r.Asset, f.network.Asset.Hex()):
		return nil, refuse(x402.BatchTokenMismatch, "the channel's token %s is not %s", ch.Token.Hex(), f.network.Asset.Hex()), nil
	case !strings.EqualFold(ch.Receiver.Hex(), r.PayTo):
		return nil, refuse(x402.BatchReceiverMismatch, "the channel's receiver %s is not payTo %s", ch.Receiver.Hex(), r.PayTo), nil
	case !strings.EqualFold(ch.ReceiverAuthorizer.Hex(), authorizer):
		return nil, refuse(x402.BatchReceiverAuthMismatch, "the channel's receiver authorizer %s is not extra.receiverAuthorizer %q", ch.ReceiverAuthorizer.Hex(), authorizer), nil
	case ch.ReceiverAuthorizer != f.Address():
		return nil, refuse(x402.BatchAuthorizerMismatch, "this facilitator authorizes as %s, not %s", f.Address().Hex(), ch.ReceiverAuthorizer.Hex()), nil
	case ch.WithdrawDelay < x402.MinWithdrawDelay || ch.WithdrawDelay > x402.MaxWithdrawDelay:
		return nil, refuse(x402.BatchWithdrawDelayRange, "withdrawDelay %d is outside %d..%d", ch.WithdrawDelay, x402.MinWithdrawDelay, x402.MaxWithdrawDelay), nil
	case strconv.FormatUint(ch.WithdrawDelay, 10) != delay:
		return nil, refuse(x402.BatchWithdrawDelayMismatch, "withdrawDelay %d is not extra.withdrawDelay %v", ch.WithdrawDelay, r.Extra["withdrawDelay"]), nil
	}
	var ok bool
	if c.max, ok = new(big.Int).SetString(b.Voucher.MaxClaimableAmount, 10); !ok || c.max.Sign() < 0 || c.max.BitLen() > 128 {
		return nil, refuse(x402.BatchVoucherPayload, "voucher.maxClaimableAmount %q is not a uint128", b.Voucher.MaxClaimableAmount), nil
	}
	if refusal, err := f.checkVoucherSigner(ctx, c); refusal != nil || err != nil {
		return nil, refusal, err
	}
	if f.chain != nil {
		if err := f.chain.Advance(ctx); err != nil {
			return nil, nil, err
		}
	}
	if c.state, err = f.channelState(ctx, c.id); err != nil {
		return nil, refuse(x402.BatchChannelStateReadFailed, "reading channel %s: %v", c.id.Hex(), err), nil
	}
	balance, _ := new(big.Int).SetString(c.state.Balance, 10)
	claimed, _ := new(big.Int).SetString(c.state.TotalClaimed, 10)
	if b.Type == x402.BatchDeposit {
		if refusal, err := f.checkDeposit(ctx, c); refusal != nil || err != nil {
			return nil, refusal, err
		}
		balance = new(big.Int).Add(balance, c.deposit)
	} else if balance.Sign() == 0 {
		return nil, refuse(x402.BatchChannelNotFound, "channel %s has no balance", c.id.Hex()), nil
	}
	switch {
	case c.max.Cmp(balance) > 0:
		return nil, refuse(x402.BatchCumulativeExceedsBal, "maxClaimableAmount %s exceeds the channel's balance %s", c.max, balance), nil
	case b.Type == x402.BatchVoucher && c.max.Cmp(claimed) <= 0, b.Type != x402.BatchVoucher && c.max.Cmp(claimed) < 0:
		return nil, refuse(x402.BatchCumulativeBelowClaimed, "maxClaimableAmount %s is below the %s claimed", c.max, claimed), nil
	}
	return c, nil, nil
}

// checkVoucherSigner recovers a plain-key voucher; a payer without an
// authorizer is a contract wallet, asked through EIP-1271.
func (f *Facilitator) checkVoucherSigner(ctx context.Context, c *batchCall) (*x402.Refusal, error) {
	digest := x402.VoucherDigest(f.network.ChainID, c.id, c.max)
	if c.ch.PayerAuthorizer != (common.Address{}) {
		signer, err := x402.RecoverDigest(digest, c.p.Voucher.Signature)
		if err != nil || signer != c.ch.PayerAuthorizer {
			return refuse(x402.BatchVoucherSignature, "the voucher is not signed by the payer authorizer %s", c.ch.PayerAuthorizer.Hex()), nil
		}
		return nil, nil
	}
	if signer, err := x402.RecoverDigest(digest, c.p.Voucher.Signature); err == nil && signer == c.ch.Payer {
		return nil, nil
	}
	sig, err := hexutil.Decode(c.p.Voucher.Signature)
	if err != nil {
		return refuse(x402.BatchVoucherSignature, "the voucher signature is not hex"), nil
	}
	// isValidSignature(bytes32,bytes) returns its own selector when valid.
	data, _ := abi.Arguments{{Type: mustType("bytes32")}, {Type: mustType("bytes")}}.Pack(digest, sig)
	out, err := f.backend.PendingCallContract(ctx, ethereum.CallMsg{To: &c.ch.Payer, Data: append(hexutil.MustDecode("0x1626ba7e"), data...)})
	if err != nil || len(out) < 4 || hexutil.Encode(out[:4]) != "0x1626ba7e" {
		return refuse(x402.BatchVoucherSignature, "the payer %s does not accept the voucher's signature", c.ch.Payer.Hex()), nil
	}
	return nil, nil
}

// checkDeposit checks the deposit's ERC-3009 authorization and the payer's funds.
func (f *Facilitator) checkDeposit(ctx context.Context, c *batchCall) (*x402.Refusal, error) {
	d := c.p.Deposit
	if d == nil || d.Authorization.ERC3009 == nil {
		return refuse(x402.BatchERC3009Required, "the deposit needs an erc3009Authorization"), nil
	}
	a := d.Authorization.ERC3009
	var ok bool
	if c.deposit, ok = new(big.Int).SetString(d.Amount, 10); !ok || c.deposit.Sign() <= 0 || c.deposit.BitLen() > 128 {
		return refuse(x402.BatchDepositPayload, "deposit.amount %q is not a positive uint128", d.Amount), nil
	}
	after, okA := new(big.Int).SetString(a.ValidAfter, 10)
	before, okB := new(big.Int).SetString(a.ValidBefore, 10)
	salt, okS := x402.DepositSalt(a.Salt)
	if !okA || !okB || !okS {
		return refuse(x402.BatchDepositPayload, "erc3009Authorization validAfter, validBefore and salt must be integers"), nil
	}
	unix := f.now().Unix()
	if before.Cmp(big.NewInt(unix+validBeforeMargin)) < 0 {
		return refuse(x402.BatchValidBefore, "the deposit authorization expires at %s, less than %ds after now (%d)", before, validBeforeMargin, unix), nil
	}
	if after.Cmp(big.NewInt(unix)) > 0 {
		return refuse(x402.BatchValidAfter, "the deposit authorization is valid only after %s, now is %d", after, unix), nil
	}
	auth := &x402.Authorization{From: c.ch.Payer.Hex(), To: x402.ERC3009CollectorAddress.Hex(), Value: c.deposit.String(),
		ValidAfter: after.String(), ValidBefore: before.String(), Nonce: x402.DepositNonce(c.id, salt).Hex()}
	digest, err := x402.ReceiveAuthorizationHash(f.network.Domain(), auth)
	if err != nil {
		return refuse(x402.BatchDepositPayload, "%v", err), nil
	}
	if signer, err := x402.RecoverDigest(digest, a.Signature); err != nil || signer != c.ch.Payer {
		return refuse(x402.BatchReceiveSignature, "the receiveWithAuthorization is not signed by the payer %s", c.ch.Payer.Hex()), nil
	}
	funds, err := call(ctx, f, f.abi.PackBalanceOf(c.ch.Payer), f.abi.UnpackBalanceOf)
	if err != nil {
		return refuse(x402.BatchRPCReadFailed, "reading the payer's balance: %v", err), nil
	}
	if funds.Cmp(c.deposit) < 0 {
		return refuse(x402.BatchInsufficientBalance, "the payer holds %s, the deposit is %s", funds, c.deposit), nil
	}
	return nil, nil
}

// channelState reads a channel's on-chain state.
func (f *Facilitator) channelState(ctx context.Context, id common.Hash) (*x402.ChannelState, error) {
	at := x402.BatchSettlementAddress
	read := func(data []byte) ([]byte, error) {
		return f.backend.PendingCallContract(ctx, ethereum.CallMsg{From: f.gas.From, To: &at, Data: data})
	}
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
