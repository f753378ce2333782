package edge

import (
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
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
	// complete settles or charges the tool's answer out, and is the sale.
	complete(out []byte) *sale
}

// schemes are the schemes sold, by the name a payment gives its scheme:
// one line each.
var schemes = map[string]scheme{
	x402.SchemeExact: (*Server).openExact,
	x402.SchemeBatch: (*Server).openBatch,
}

// schemeFor is the scheme a payment is sold under: the one its payload's
// shape says (a batch-settlement payload, whatever scheme it claims it
// accepted, is judged by the batch checks, which name the mismatch), exact
// for x402 v1, else the one it names. A payment naming a scheme not sold
// here is refused by the exact checks, which name the scheme expected:
// every offer sells exact.
func schemeFor(p *x402.Payment) scheme {
	name := x402.SchemeExact
	switch {
	case p.Batch() != nil:
		name = x402.SchemeBatch
	case p.V2 != nil:
		name = p.V2.Accepted.Scheme
	}
	if open, ok := schemes[name]; ok {
		return open
	}
	return schemes[x402.SchemeExact]
}
