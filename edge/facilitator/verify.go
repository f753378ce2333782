package facilitator

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// validBeforeMargin is the least time, in seconds, an authorization must
// have left: the settlement still has to be mined before it expires. It is
// the seller's margin, so that what a seller accepts a facilitator does.
const validBeforeMargin = int64(x402.SettleMargin / time.Second)

// transfer is a payment's authorization decoded into the token's arguments.
type transfer struct {
	from, to                       common.Address
	value, validAfter, validBefore *big.Int
	nonce                          [32]byte
	v                              uint8
	r, s                           [32]byte
}

// verifyEIP3009 checks an exact EIP-3009 payment as the reference
// facilitator does: terms, time window, EIP-712 signature, then a simulated
// transferWithAuthorization whose failure is diagnosed (nonce used, domain,
// balance).
func (f *Facilitator) verifyEIP3009(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	t, refusal, err := f.check(ctx, p, r)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return &x402.VerifyResponse{InvalidReason: refusal.Reason, InvalidMessage: refusal.Message, Payer: claimedPayer(p)}, nil
	}
	return &x402.VerifyResponse{IsValid: true, Payer: t.from.Hex()}, nil
}

func (f *Facilitator) check(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*transfer, *x402.Refusal, error) {
	t, domain, refusal := f.checkLocal(p, r)
	if refusal != nil {
		return nil, refusal, nil
	}
	if f.chain != nil {
		if err := f.chain.Advance(ctx); err != nil {
			return nil, nil, err
		}
	}
	refusal, err := f.simulate(ctx, t, domain)
	if err != nil || refusal != nil {
		return nil, refusal, err
	}
	return t, nil, nil
}

// checkLocal is what can be judged without the chain: the payment against
// the requirements, its time window at the chain's next block, and its
// signature. An authorization it passes pays payTo exactly the amount.
func (f *Facilitator) checkLocal(p *x402.Payload, r *x402.Requirements) (*transfer, x402.Domain, *x402.Refusal) {
	if p == nil || r == nil {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidPayload, "a payment payload and its requirements are required")
	}
	if p.X402Version != 1 && p.X402Version != 2 {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidVersion, "x402Version %d is not 1 or 2", p.X402Version)
	}
	if p.Accepted.Scheme != x402.SchemeExact || r.Scheme != x402.SchemeExact {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidScheme, "an EIP-3009 transfer settles the exact scheme, got %q paying %q", p.Accepted.Scheme, r.Scheme)
	}
	if r.Network != f.network.ID {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidNetwork, "this facilitator settles on %s, the requirements are for %s", f.network.ID, r.Network)
	}
	if p.Accepted.Network != r.Network {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidNetwork, "the payment is for %s, the requirements for %s", p.Accepted.Network, r.Network)
	}
	amount, payTo, refusal := f.checkRequirements(r)
	if refusal != nil {
		return nil, x402.Domain{}, refusal
	}
	t, err := decodeTransfer(&p.Payload.Exact().Authorization)
	if err != nil {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidPayload, "%v", err)
	}
	if t.to != payTo {
		return nil, x402.Domain{}, refuse(x402.ReasonRecipientMismatch, "the authorization pays %s, the requirements %s", t.to.Hex(), payTo.Hex())
	}
	if t.value.Cmp(amount) != 0 {
		reason := x402.ReasonValueMismatch
		if p.X402Version == 1 {
			reason = x402.ReasonValueMismatchV1
		}
		return nil, x402.Domain{}, refuse(reason, "the authorization is for %s, the requirements ask %s", t.value, amount)
	}
	if unix := f.now().Unix(); t.validBefore.Cmp(big.NewInt(unix+validBeforeMargin)) < 0 {
		return nil, x402.Domain{}, refuse(x402.ReasonValidBefore, "the authorization expires at %s, less than %ds after now (%d)", t.validBefore, validBeforeMargin, unix)
	} else if t.validAfter.Cmp(big.NewInt(unix)) > 0 {
		return nil, x402.Domain{}, refuse(x402.ReasonValidAfter, "the authorization is valid only after %s, now is %d", t.validAfter, unix)
	}
	// Network and asset are this facilitator's: only extra can be missing.
	domain, err := x402.DomainOf(r)
	if err != nil {
		return nil, x402.Domain{}, refuse(ReasonMissingDomain, "%v", err)
	}
	if p.Payload.Exact().Signature == "" {
		return nil, x402.Domain{}, refuse(x402.ReasonInvalidPayload, "the signature is missing")
	}
	signer, err := x402.RecoverAuthorizer(domain, &p.Payload.Exact().Authorization, p.Payload.Exact().Signature)
	if err != nil {
		return nil, x402.Domain{}, refuse(x402.ReasonSignature, "%v", err)
	}
	if signer != t.from {
		return nil, x402.Domain{}, refuse(x402.ReasonSignature, "the authorization was signed by %s, not by from %s", signer.Hex(), t.from.Hex())
	}
	t.setSignature(hexutil.MustDecode(p.Payload.Exact().Signature)) // RecoverAuthorizer took it: 65 bytes of hex
	return t, domain, nil
}

// checkRequirements checks that the requirements name this facilitator's
// token and are well formed.
func (f *Facilitator) checkRequirements(r *x402.Requirements) (*big.Int, common.Address, *x402.Refusal) {
	if !isAddress(r.Asset) || common.HexToAddress(r.Asset) != f.network.Asset {
		return nil, common.Address{}, refuse(x402.ReasonInvalidRequirements, "asset %q is not the token settled here (%s)", r.Asset, f.network.Asset.Hex())
	}
	if !isAddress(r.PayTo) {
		return nil, common.Address{}, refuse(x402.ReasonInvalidRequirements, "payTo %q is not an address", r.PayTo)
	}
	amount, err := parseUint256("amount", r.Amount)
	if err != nil {
		return nil, common.Address{}, refuse(x402.ReasonInvalidRequirements, "%v", err)
	}
	return amount, common.HexToAddress(r.PayTo), nil
}

// simulate runs transferWithAuthorization as a call. When the token refuses
// it, the refusal is diagnosed the way the reference facilitator does.
func (f *Facilitator) simulate(ctx context.Context, t *transfer, d x402.Domain) (*x402.Refusal, error) {
	_, simErr := call(ctx, f, f.packTransfer(t), func(out []byte) ([]byte, error) { return out, nil })
	if simErr == nil {
		return nil, nil
	}
	if !isChainError(simErr) {
		return nil, fmt.Errorf("simulating the transfer: %w", simErr)
	}
	used, err := call(ctx, f, f.abi.PackAuthorizationState(t.from, t.nonce), f.abi.UnpackAuthorizationState)
	switch {
	case err != nil && isChainError(err):
		return refuse(ReasonNotEIP3009, "token %s does not answer authorizationState: %v", f.network.Asset.Hex(), err), nil
	case err != nil:
		return nil, err
	case used:
		return refuse(ReasonNonceUsed, "authorization %s of %s is already used", hexutil.Encode(t.nonce[:]), t.from.Hex()), nil
	}
	if name, err := call(ctx, f, f.abi.PackName(), f.abi.UnpackName); err == nil && name != d.Name {
		return refuse(ReasonTokenNameMismatch, "the token's EIP-712 name is %q, the requirements say %q", name, d.Name), nil
	} else if err != nil && !isChainError(err) {
		return nil, err
	}
	if version, err := call(ctx, f, f.abi.PackVersion(), f.abi.UnpackVersion); err == nil && version != d.Version {
		return refuse(ReasonTokenVersionMismatch, "the token's EIP-712 version is %q, the requirements say %q", version, d.Version), nil
	} else if err != nil && !isChainError(err) {
		return nil, err
	}
	if balance, err := call(ctx, f, f.abi.PackBalanceOf(t.from), f.abi.UnpackBalanceOf); err == nil && balance.Cmp(t.value) < 0 {
		return refuse(ReasonInsufficientFunds, "%s holds %s, the payment is %s", t.from.Hex(), balance, t.value), nil
	} else if err != nil && !isChainError(err) {
		return nil, err
	}
	return refuse(ReasonSimulationFailed, "transferWithAuthorization fails: %v", simErr), nil
}

// packTransfer encodes the (v, r, s) form of transferWithAuthorization, the
// one every EIP-3009 token has.
func (f *Facilitator) packTransfer(t *transfer) []byte {
	return f.abi.PackTransferWithAuthorization0(t.from, t.to, t.value, t.validAfter, t.validBefore, t.nonce, t.v, t.r, t.s)
}

// setSignature splits a 65-byte r ‖ s ‖ v signature; v is sent as 27/28.
func (t *transfer) setSignature(sig []byte) {
	copy(t.r[:], sig[:32])
	copy(t.s[:], sig[32:64])
	t.v = sig[64]
	if t.v < 27 {
		t.v += 27
	}
}

func decodeTransfer(a *x402.Authorization) (*transfer, error) {
	if !isAddress(a.From) || !isAddress(a.To) {
		return nil, fmt.Errorf("authorization from %q and to %q must be 0x addresses", a.From, a.To)
	}
	t := &transfer{from: common.HexToAddress(a.From), to: common.HexToAddress(a.To)}
	var err error
	if t.value, err = parseUint256("value", a.Value); err != nil {
		return nil, err
	}
	if t.validAfter, err = parseUint256("validAfter", a.ValidAfter); err != nil {
		return nil, err
	}
	if t.validBefore, err = parseUint256("validBefore", a.ValidBefore); err != nil {
		return nil, err
	}
	nonce, err := hexutil.Decode(a.Nonce)
	if err != nil || len(nonce) != 32 {
		return nil, fmt.Errorf("authorization nonce %q is not 32 bytes of 0x-hex", a.Nonce)
	}
	copy(t.nonce[:], nonce)
	return t, nil
}

func parseUint256(field, s string) (*big.Int, error) {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || strings.TrimLeft(s, "0123456789") != "" || n.BitLen() > 256 {
		return nil, fmt.Errorf("%s %q is not a decimal uint256", field, s)
	}
	return n, nil
}

func isAddress(s string) bool {
	return len(s) == 42 && (strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X")) && common.IsHexAddress(s)
}

// claimedPayer is the payer a refused payment names, if it names one.
func claimedPayer(p *x402.Payload) string {
	if p == nil || !isAddress(p.Payload.Exact().Authorization.From) {
		return ""
	}
	return common.HexToAddress(p.Payload.Exact().Authorization.From).Hex()
}
