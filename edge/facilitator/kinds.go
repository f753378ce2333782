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

// kindKey picks a payment's kind: the scheme it accepted and the asset
// transfer method its extra names, or the scheme's own when it names none.
type kindKey struct{ scheme, method string }

const methodEIP3009 = "eip3009"

// kinds is every sort of payment settled here, one line each. A payment of
// another meets the EIP-3009 checks, which name the scheme they settle.
var kinds = map[kindKey]kind{
	{x402.SchemeExact, methodEIP3009}:                   {(*Facilitator).verifyEIP3009, (*Facilitator).settleEIP3009},
	{x402.SchemeExact, x402.AssetTransferMethodPermit2}: {(*Facilitator).verifyPermit2, (*Facilitator).settlePermit2},
	{x402.SchemeUpto, x402.AssetTransferMethodPermit2}:  {(*Facilitator).verifyPermit2, (*Facilitator).settlePermit2},
	{x402.SchemeBatch, methodEIP3009}:                   {(*Facilitator).verifyBatch, (*Facilitator).settleBatch},
}

// defaultMethods is the asset transfer method of a scheme's payments that
// name none: upto moves funds only through Permit2.
var defaultMethods = map[string]string{x402.SchemeUpto: x402.AssetTransferMethodPermit2}

func kindOf(p *x402.Payload) kind {
	if p == nil {
		return kinds[kindKey{x402.SchemeExact, methodEIP3009}]
	}
	k, ok := kinds[kindKey{p.Accepted.Scheme, transferMethod(p.Accepted.Scheme, p.Accepted.Extra)}]
	if !ok {
		return kinds[kindKey{x402.SchemeExact, methodEIP3009}]
	}
	return k
}

// transferMethod is the asset transfer method extra names for scheme.
func transferMethod(scheme string, extra map[string]any) string {
	if m, ok := extra["assetTransferMethod"].(string); ok && m != "" {
		return m
	}
	if m, ok := defaultMethods[scheme]; ok {
		return m
	}
	return methodEIP3009
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
