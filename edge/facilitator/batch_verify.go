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
	*x402.BatchCall
	state *x402.ChannelState
}

func (f *Facilitator) verifyBatch(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	c, refusal, err := f.checkBatch(ctx, p, r)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return &x402.VerifyResponse{InvalidReason: refusal.Reason, InvalidMessage: refusal.Message, Payer: batchPayer(p)}, nil
	}
	return &x402.VerifyResponse{IsValid: true, Payer: c.Channel.Payer.Hex(), Extra: c.state}, nil
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
	case !strings.EqualFold(r.Asset, f.network.Asset.Hex()):
		return nil, refuse(x402.BatchTokenMismatch, "the requirements' asset %s is not %s", r.Asset, f.network.Asset.Hex()), nil
	case !common.IsHexAddress(r.PayTo):
		return nil, refuse(x402.BatchReceiverMismatch, "the requirements' payTo %q is not an address", r.PayTo), nil
	}
	authorizer, _ := r.Extra["receiverAuthorizer"].(string)
	// A number, decoded from JSON (float64) or set in process (uint64).
	delay, err := strconv.ParseUint(fmt.Sprint(r.Extra["withdrawDelay"]), 10, 40)
	switch {
	case !common.IsHexAddress(authorizer):
		return nil, refuse(x402.BatchReceiverAuthMismatch, "extra.receiverAuthorizer %q is not an address", authorizer), nil
	case common.HexToAddress(authorizer) != f.Address():
		return nil, refuse(x402.BatchAuthorizerMismatch, "this facilitator authorizes as %s, not %s", f.Address().Hex(), authorizer), nil
	case err != nil:
		return nil, refuse(x402.BatchWithdrawDelayMismatch, "extra.withdrawDelay %v is not a number of seconds", r.Extra["withdrawDelay"]), nil
	}
	call, refusal := x402.CheckChannel(b, x402.ChannelTerms{ChainID: f.network.ChainID, Token: f.network.Asset, Receiver: common.HexToAddress(r.PayTo),
		BatchTerms: x402.BatchTerms{ReceiverAuthorizer: f.Address(), WithdrawDelay: delay}})
	if refusal != nil {
		return nil, refusal, nil
	}
	c := &batchCall{BatchCall: call}
	if !c.Verified {
		if refusal, err := f.checkContractSigner(ctx, c); refusal != nil || err != nil {
			return nil, refusal, err
		}
	}
	if f.chain != nil {
		if err := f.chain.Advance(ctx); err != nil {
			return nil, nil, err
		}
	}
	if c.state, err = f.channelState(ctx, c.ID); err != nil {
		return nil, refuse(x402.BatchChannelStateReadFailed, "reading channel %s: %v", c.ID.Hex(), err), nil
	}
	balance, _ := new(big.Int).SetString(c.state.Balance, 10)
	claimed, _ := new(big.Int).SetString(c.state.TotalClaimed, 10)
	if b.Type == x402.BatchDeposit {
		if refusal, err := f.checkDeposit(ctx, c); refusal != nil || err != nil {
			return nil, refusal, err
		}
		balance = new(big.Int).Add(balance, c.Deposit)
	} else if balance.Sign() == 0 {
		return nil, refuse(x402.BatchChannelNotFound, "channel %s has no balance", c.ID.Hex()), nil
	}
	switch {
	case c.Max.Cmp(balance) > 0:
		return nil, refuse(x402.BatchCumulativeExceedsBal, "maxClaimableAmount %s exceeds the channel's balance %s", c.Max, balance), nil
	case b.Type == x402.BatchVoucher && c.Max.Cmp(claimed) <= 0, b.Type != x402.BatchVoucher && c.Max.Cmp(claimed) < 0:
		return nil, refuse(x402.BatchCumulativeBelowClaimed, "maxClaimableAmount %s is below the %s claimed", c.Max, claimed), nil
	}
	return c, nil, nil
}

// checkContractSigner asks a payer without a payer authorizer, a contract
// wallet, whether it signed the voucher (EIP-1271); a plain key's signature
// recovered to the payer is accepted as well.
func (f *Facilitator) checkContractSigner(ctx context.Context, c *batchCall) (*x402.Refusal, error) {
	digest := x402.VoucherDigest(f.network.ChainID, c.ID, c.Max)
	if signer, err := x402.RecoverDigest(digest, c.Payload.Voucher.Signature); err == nil && signer == c.Channel.Payer {
		return nil, nil
	}
	sig, err := hexutil.Decode(c.Payload.Voucher.Signature)
	if err != nil {
		return refuse(x402.BatchVoucherSignature, "the voucher signature is not hex"), nil
	}
	// isValidSignature(bytes32,bytes) returns its own selector when valid.
	data, _ := abi.Arguments{{Type: mustType("bytes32")}, {Type: mustType("bytes")}}.Pack(digest, sig)
	out, err := f.backend.PendingCallContract(ctx, ethereum.CallMsg{To: &c.Channel.Payer, Data: append(hexutil.MustDecode("0x1626ba7e"), data...)})
	if err != nil || len(out) < 4 || hexutil.Encode(out[:4]) != "0x1626ba7e" {
		return refuse(x402.BatchVoucherSignature, "the payer %s does not accept the voucher's signature", c.Channel.Payer.Hex()), nil
	}
	return nil, nil
}

// checkDeposit checks the deposit's ERC-3009 authorization (its form was
// checked by CheckChannel) against the clock, its signer and the payer's
// funds.
func (f *Facilitator) checkDeposit(ctx context.Context, c *batchCall) (*x402.Refusal, error) {
	a := c.Payload.Deposit.Authorization.ERC3009
	after, _ := new(big.Int).SetString(a.ValidAfter, 10)
	before, _ := new(big.Int).SetString(a.ValidBefore, 10)
	salt, _ := x402.DepositSalt(a.Salt)
	unix := f.now().Unix()
	if before.Cmp(big.NewInt(unix+validBeforeMargin)) < 0 {
		return refuse(x402.BatchValidBefore, "the deposit authorization expires at %s, less than %ds after now (%d)", before, validBeforeMargin, unix), nil
	}
	if after.Cmp(big.NewInt(unix)) > 0 {
		return refuse(x402.BatchValidAfter, "the deposit authorization is valid only after %s, now is %d", after, unix), nil
	}
	auth := &x402.Authorization{From: c.Channel.Payer.Hex(), To: x402.ERC3009CollectorAddress.Hex(), Value: c.Deposit.String(),
		ValidAfter: after.String(), ValidBefore: before.String(), Nonce: x402.DepositNonce(c.ID, salt).Hex()}
	digest, err := x402.ReceiveAuthorizationHash(f.network.Domain(), auth)
	if err != nil {
		return refuse(x402.BatchDepositPayload, "%v", err), nil
	}
	if signer, err := x402.RecoverDigest(digest, a.Signature); err != nil || signer != c.Channel.Payer {
		return refuse(x402.BatchReceiveSignature, "the receiveWithAuthorization is not signed by the payer %s", c.Channel.Payer.Hex()), nil
	}
	funds, err := call(ctx, f, f.abi.PackBalanceOf(c.Channel.Payer), f.abi.UnpackBalanceOf)
	if err != nil {
		return refuse(x402.BatchRPCReadFailed, "reading the payer's balance: %v", err), nil
	}
	if funds.Cmp(c.Deposit) < 0 {
		return refuse(x402.BatchInsufficientBalance, "the payer holds %s, the deposit is %s", funds, c.Deposit), nil
	}
	return nil, nil
}

// channelState reads a channel's on-chain state, pending transactions
// included.
func (f *Facilitator) channelState(ctx context.Context, id common.Hash) (*x402.ChannelState, error) {
	at := x402.BatchSettlementAddress
	return readChannel(id, func(data []byte) ([]byte, error) {
		return f.backend.PendingCallContract(ctx, ethereum.CallMsg{From: f.gas.From, To: &at, Data: data})
	})
}
