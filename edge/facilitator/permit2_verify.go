package facilitator

import (
	"context"
	"fmt"
	"math/big"

	"github.com/coinslot/coinslot/edge/facilitator/permit2"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// The Permit2 contracts' calls.
var (
	permit2ABI = permit2.NewPermit2()
	exactProxy = permit2.NewX402ExactPermit2Proxy()
	uptoProxy  = permit2.NewX402UptoPermit2Proxy()
)

// permit2Transfer is a Permit2 payment checked against its requirements:
// what its proxy is called with.
type permit2Transfer struct {
	*x402.Permit2Message
	signature []byte
	permit    *x402.EIP2612Message // the buyer's sponsored EIP-2612 permit for Permit2, or nil
	amount    *big.Int             // what moves: exact's permitted amount, or what upto settles
}

func (f *Facilitator) verifyPermit2(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	t, refusal, err := f.checkPermit2(ctx, p, r, false)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return &x402.VerifyResponse{InvalidReason: refusal.Reason, InvalidMessage: refusal.Message, Payer: permit2Payer(p)}, nil
	}
	return &x402.VerifyResponse{IsValid: true, Payer: t.From.Hex()}, nil
}

// checkPermit2 judges a Permit2 payment by the rule the seller applies
// too (x402's Permit2Message.Check) against requirements this facilitator
// settles, then what only it can judge: the sponsored permit and the
// proxy's call on chain. At verification an upto payment's requirements
// carry the most it may cost, which must be what it permits; at settlement
// they carry what it cost, at most that.
func (f *Facilitator) checkPermit2(ctx context.Context, p *x402.Payload, r *x402.Requirements, settling bool) (*permit2Transfer, *x402.Refusal, error) {
	if p == nil || r == nil {
		return nil, refuse(x402.ReasonInvalidPayload, "a payment payload and its requirements are required"), nil
	}
	scheme := p.Accepted.Scheme
	switch {
	case p.X402Version != 2:
		return nil, refuse(x402.ReasonInvalidVersion, "Permit2 payments are x402Version 2, not %d", p.X402Version), nil
	case r.Scheme != scheme:
		return nil, refuse(x402.ReasonInvalidScheme, "the payment is %q, the requirements %q", scheme, r.Scheme), nil
	case !r.Kind().Permit2():
		return nil, refuse(x402.ReasonInvalidScheme, "the payment transfers through Permit2, the requirements by %s", r.Kind().Method), nil
	case r.Network != f.network.ID:
		return nil, refuse(x402.ReasonInvalidNetwork, "this facilitator settles on %s, the requirements are for %s", f.network.ID, r.Network), nil
	case p.Accepted.Network != r.Network:
		return nil, refuse(x402.ReasonInvalidNetwork, "the payment is for %s, the requirements for %s", p.Accepted.Network, r.Network), nil
	}
	amount, payTo, refusal := f.checkRequirements(r)
	if refusal != nil {
		return nil, refusal, nil
	}
	a := p.Payload.Permit2()
	if a == nil {
		return nil, refuse(x402.ReasonInvalidPayload, "payload.permit2Authorization is missing"), nil
	}
	m, err := x402.ParsePermit2(scheme, a)
	if err != nil {
		return nil, refuse(x402.ReasonInvalidPayload, "%v", err), nil
	}
	signature, now := p.Payload.Exact().Signature, f.now()
	if refusal = m.Check(&x402.Permit2Want{PayTo: payTo, Token: f.network.Asset, Amount: amount, Settling: settling,
		Facilitator: f.Address(), ChainID: f.network.ChainID, Now: now, Margin: x402.SettleMargin}, signature); refusal != nil {
		return nil, refusal, nil
	}
	t := &permit2Transfer{Permit2Message: m, amount: m.Amount}
	if m.Upto && settling {
		t.amount = amount
	}
	t.signature = hexutil.MustDecode(signature) // RecoverPermit2 took it: 65 bytes of hex
	if t.permit, refusal = checkSponsoredPermit(p, m, now.Unix()); refusal != nil {
		return nil, refusal, nil
	}
	if t.amount.Sign() == 0 {
		return t, nil, nil // an upto settlement of nothing: no transfer to simulate
	}
	if f.chain != nil {
		if err := f.chain.Advance(ctx); err != nil {
			return nil, nil, err
		}
	}
	refusal, err = f.simulatePermit2(ctx, t)
	if err != nil || refusal != nil {
		return nil, refusal, err
	}
	return t, nil, nil
}

// checkSponsoredPermit reads the eip2612GasSponsoring extension, if the
// payment carries it: an EIP-2612 permit from the payer for Permit2, of
// exactly the permitted amount (the proxy refuses any other), in force
// until the settlement is mined. Its signature is the token's to judge:
// the simulation runs it.
func checkSponsoredPermit(p *x402.Payload, m *x402.Permit2Message, now int64) (*x402.EIP2612Message, *x402.Refusal) {
	info, err := p.SponsoredPermit()
	if err != nil {
		return nil, refuse(ReasonEIP2612Format, "%v", err)
	}
	if info == nil {
		return nil, nil
	}
	pm, err := x402.ParseEIP2612(info)
	switch {
	case err != nil:
		return nil, refuse(ReasonEIP2612Format, "%v", err)
	case pm.Owner != m.From:
		return nil, refuse(ReasonEIP2612From, "the permit is from %s, the payment from %s", pm.Owner.Hex(), m.From.Hex())
	case pm.Token != m.Token:
		return nil, refuse(ReasonEIP2612Asset, "the permit is for token %s, the payment %s", pm.Token.Hex(), m.Token.Hex())
	case pm.Spender != x402.Permit2Address:
		return nil, refuse(ReasonEIP2612Spender, "the permit lets %s spend, not Permit2 (%s)", pm.Spender.Hex(), x402.Permit2Address.Hex())
	case pm.Deadline.Cmp(big.NewInt(now+validBeforeMargin)) < 0:
		return nil, refuse(ReasonEIP2612Deadline, "the permit's deadline is %s, less than %ds after now (%d)", pm.Deadline, validBeforeMargin, now)
	case pm.Value.Cmp(m.Amount) != 0:
		return nil, refuse(ReasonPermit2612Amount, "the permit approves %s, the payment permits %s", pm.Value, m.Amount)
	}
	return pm, nil
}

// simulatePermit2 runs the proxy's settlement as a call from the gas key.
// When it fails, the failure is diagnosed: nonce used, balance, allowance.
func (f *Facilitator) simulatePermit2(ctx context.Context, t *permit2Transfer) (*x402.Refusal, error) {
	_, simErr := callAt(ctx, f, t.Proxy(), t.pack(), func(out []byte) ([]byte, error) { return out, nil })
	if simErr == nil {
		return nil, nil
	}
	if !isChainError(simErr) {
		return nil, fmt.Errorf("simulating the Permit2 transfer: %w", simErr)
	}
	// Permit2's nonces are bits: word nonce>>8, bit nonce&255.
	word, err := callAt(ctx, f, x402.Permit2Address, permit2ABI.PackNonceBitmap(t.From, new(big.Int).Rsh(t.Nonce, 8)), permit2ABI.UnpackNonceBitmap)
	if err != nil && !isChainError(err) {
		return nil, err
	}
	if err == nil && word.Bit(int(new(big.Int).And(t.Nonce, big.NewInt(255)).Int64())) == 1 {
		return refuse(ReasonPermit2NonceUsed, "Permit2 nonce %s of %s is already used", t.Nonce, t.From.Hex()), nil
	}
	if balance, err := call(ctx, f, f.abi.PackBalanceOf(t.From), f.abi.UnpackBalanceOf); err == nil && balance.Cmp(t.amount) < 0 {
		return refuse(ReasonInsufficientFunds, "%s holds %s, the payment is %s", t.From.Hex(), balance, t.amount), nil
	} else if err != nil && !isChainError(err) {
		return nil, err
	}
	// With a permit, the allowance it sets is the one lacking: the token
	// refused the permit, which the proxy lets pass.
	if allowance, err := call(ctx, f, f.abi.PackAllowance(t.From, x402.Permit2Address), f.abi.UnpackAllowance); err == nil && allowance.Cmp(t.amount) < 0 {
		return refuse(ReasonPermit2Allowance, "%s lets Permit2 spend %s, the payment is %s, and it carries no permit the token takes", t.From.Hex(), allowance, t.amount), nil
	} else if err != nil && !isChainError(err) {
		return nil, err
	}
	return refuse(ReasonPermit2Simulation, "the settlement through proxy %s fails: %v", t.Proxy().Hex(), simErr), nil
}

// pack encodes the proxy's settle, or settleWithPermit when the buyer's
// permit is to be submitted first.
func (t *permit2Transfer) pack() []byte {
	permit := permit2.ISignatureTransferPermitTransferFrom{
		Permitted: permit2.ISignatureTransferTokenPermissions{Token: t.Token, Amount: t.Amount}, Nonce: t.Nonce, Deadline: t.Deadline,
	}
	var p2612 permit2.X402BasePermit2ProxyEIP2612Permit
	if t.permit != nil {
		p2612 = permit2.X402BasePermit2ProxyEIP2612Permit{Value: t.permit.Value, Deadline: t.permit.Deadline, R: t.permit.R, S: t.permit.S, V: t.permit.V}
	}
	if t.Upto {
		witness := permit2.X402UptoPermit2ProxyWitness{To: t.To, Facilitator: t.Facilitator, ValidAfter: t.ValidAfter}
		if t.permit != nil {
			return uptoProxy.PackSettleWithPermit(p2612, permit, t.amount, t.From, witness, t.signature)
		}
		return uptoProxy.PackSettle(permit, t.amount, t.From, witness, t.signature)
	}
	witness := permit2.X402ExactPermit2ProxyWitness{To: t.To, ValidAfter: t.ValidAfter}
	if t.permit != nil {
		return exactProxy.PackSettleWithPermit(p2612, permit, t.From, witness, t.signature)
	}
	return exactProxy.PackSettle(permit, t.From, witness, t.signature)
}

// permit2Payer is the payer a refused Permit2 payment names, if it names one.
func permit2Payer(p *x402.Payload) string {
	if p == nil || p.Payload.Permit2() == nil || !isAddress(p.Payload.Permit2().From) {
		return ""
	}
	return common.HexToAddress(p.Payload.Permit2().From).Hex()
}
