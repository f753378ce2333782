package edge

import (
	"slices"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// A scheme takes an admitted call's payment, on the terms of the network
// it chose, to the point where the tool may run: checked, reserved,
// verified. It returns the charge the tool runs under, or the sale already
// decided without running it (a refusal, an answer sent again, a refund).
// Each scheme lives in its own files (scheme_<name>*.go), and sell drives
// them all the same way.
type scheme func(s *Server, cfg *config.Config, a *admission) (charge, *sale)

// A charge holds what a scheme's open took for one call (a reservation, a
// channel) until the tool has answered. Exactly one of abandon and
// complete ends it.
type charge interface {
	// deadline is when the tool must have answered, for the payment to
	// be settled or charged in time.
	deadline() time.Time
	// abandon releases what open held: the tool failed, nothing is charged.
	abandon()
	// complete settles or charges the tool's answer out, which cost the
	// atomic units the tool's metering says (its price, unless metered),
	// and is the sale.
	complete(out []byte, cost int64) *sale
}

// soldScheme is one scheme sold here: its name on the wire, which a
// payment's accepted entry names, the kinds of payment it adds to a tool's
// offer on a network, beside exact through EIP-3009, which every offer
// sells, and its open.
type soldScheme struct {
	name  string
	sales func(pay *Payments, t *registry.Tool, n x402.Network) []x402.Sale
	open  scheme
}

// schemes are the schemes sold, one line each. Exact and upto share one
// open: both are one signed transfer, settled once after the answer; upto
// settles what the call cost.
var schemes = []soldScheme{
	{x402.SchemeExact, exactSales, (*Server).openExact},
	{x402.SchemeUpto, uptoSales, (*Server).openExact},
	{x402.SchemeBatch, batchSales, (*Server).openBatch},
}

// schemeFor is the scheme a payment is sold under: the one its accepted
// entry names, exact for x402 v1. Each scheme's checks refuse a payload
// of another's shape, naming it; a payment naming a scheme not sold here
// meets the exact checks, which name the schemes sold.
func schemeFor(p *x402.Payment) scheme {
	if p.V2 != nil {
		for _, sc := range schemes {
			if sc.name == p.V2.Accepted.Scheme {
				return sc.open
			}
		}
	}
	return schemes[0].open
}

// exactSales: exact through Permit2 wherever the facilitator settles it
// for a buyer with no gas.
func exactSales(pay *Payments, _ *registry.Tool, n x402.Network) []x402.Sale {
	if pay.Supported != nil && pay.Supported.Permit2(n.ID) {
		return []x402.Sale{{Kind: x402.KindExactPermit2, Network: n.ID}}
	}
	return nil
}

// uptoSales: upto for a metered tool, where the facilitator settles it.
func uptoSales(pay *Payments, t *registry.Tool, n x402.Network) []x402.Sale {
	if pay.Supported == nil || t != nil && t.Metered == nil {
		return nil
	}
	if a, ok := pay.Supported.UptoFacilitator(n.ID); ok {
		return []x402.Sale{{Kind: x402.KindUpto, Network: n.ID, Extra: map[string]any{"facilitatorAddress": a.Hex()}}}
	}
	return nil
}

// batchSales: batch-settlement on the one network its channels are
// offered on; its entry's extra is Offer.Batch's to write.
func batchSales(pay *Payments, _ *registry.Tool, n x402.Network) []x402.Sale {
	if pay.Batch != nil && pay.Batch.Network == n.ID {
		return []x402.Sale{{Kind: x402.KindBatch, Network: n.ID}}
	}
	return nil
}

// salesOn are what tool t is sold under on n beside exact through
// EIP-3009; for a nil t, what any tool is.
func (pay *Payments) salesOn(t *registry.Tool, n x402.Network) []x402.Sale {
	var out []x402.Sale
	for _, sc := range schemes {
		out = append(out, sc.sales(pay, t, n)...)
	}
	return out
}

// schemesOn names the schemes some tool is sold under on n, once each,
// exact first.
func (pay *Payments) schemesOn(n x402.Network) []string {
	names := []string{x402.SchemeExact}
	for _, s := range pay.salesOn(nil, n) {
		if !slices.Contains(names, s.Kind.Scheme) {
			names = append(names, s.Kind.Scheme)
		}
	}
	return names
}

// sales are the offer's entries beyond exact through EIP-3009 and the
// batch-settlement entry Offer.Batch builds.
func (pay *Payments) sales(t *registry.Tool) []x402.Sale {
	var out []x402.Sale
	for _, n := range pay.Networks {
		for _, s := range pay.salesOn(t, n) {
			if s.Kind != x402.KindBatch {
				out = append(out, s)
			}
		}
	}
	return out
}
