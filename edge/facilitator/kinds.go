package facilitator

import (
	"context"

	"github.com/coinslot/coinslot/edge/x402"
)

// kind is how one sort of payment is verified and settled here.
type kind struct {
	verify func(*Facilitator, context.Context, *x402.Payload, *x402.Requirements) (*x402.VerifyResponse, error)
	settle func(*Facilitator, context.Context, *x402.Payload, *x402.Requirements) (*x402.SettleResponse, error)
}

// kinds is every sort of payment settled here, one line each. A payment of
// another meets the EIP-3009 checks, which name the scheme they settle.
var kinds = map[x402.Kind]kind{
	x402.KindExact:        {(*Facilitator).verifyEIP3009, (*Facilitator).settleEIP3009},
	x402.KindExactPermit2: {(*Facilitator).verifyPermit2, (*Facilitator).settlePermit2},
	x402.KindUpto:         {(*Facilitator).verifyPermit2, (*Facilitator).settlePermit2},
	x402.KindBatch:        {(*Facilitator).verifyBatch, (*Facilitator).settleBatch},
}

// kindOf is the kind a payment accepted; a payment of a kind not settled
// here meets the EIP-3009 checks.
func kindOf(p *x402.Payload) kind {
	if p == nil {
		return kinds[x402.KindExact]
	}
	k, ok := kinds[x402.KindOf(p.Accepted.Scheme, p.Accepted.Extra)]
	if !ok {
		return kinds[x402.KindExact]
	}
	return k
}

// Verify checks a payment by the rules of its kind. An invalid payment is
// a response; the error is for a chain that cannot be reached.
func (f *Facilitator) Verify(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	return kindOf(p).verify(f, ctx, p, r)
}

// Settle verifies the payment again by the rules of its kind and carries
// it out on chain. A payment that cannot settle is a response with the
// reason; the error is for a chain that cannot be reached before anything
// was sent.
func (f *Facilitator) Settle(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	return kindOf(p).settle(f, ctx, p, r)
}
