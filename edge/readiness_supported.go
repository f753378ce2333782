package edge

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/coinslot/coinslot/edge/x402"
)

// SupportedCheck watches the facilitator's /supported: every (scheme,
// network) the 402 offers must be listed there, since a payment on one it
// does not settle is refused after the buyer signed it. Of several
// facilitators, those down (x402.MembersDown) leave the server ready while
// the others settle every offer, and are named.
func (s *Server) SupportedCheck(supported func(ctx context.Context) (*x402.Supported, error)) Check {
	return Check{Why: "the facilitator's /supported", Probe: func(ctx context.Context) error {
		doc, err := supported(ctx)
		var down *x402.MembersDown
		if err != nil && !errors.As(err, &down) {
			return err
		}
		if missing := s.Unsettled(doc); len(missing) > 0 {
			if down != nil {
				return fmt.Errorf("lacks %s, which the 402 offers; %w", strings.Join(missing, ", "), down)
			}
			return fmt.Errorf("lacks %s, which the 402 offers", strings.Join(missing, ", "))
		}
		if down != nil {
			return degraded{down}
		}
		return nil
	}}
}

// Unsettled names each (scheme, network) the 402 offers that doc does not
// list, as "exact on eip155:84532 (Base Sepolia)".
func (s *Server) Unsettled(doc *x402.Supported) []string {
	var missing []string
	for _, n := range s.pay.Networks {
		for _, scheme := range s.pay.schemesOn(n) {
			if !doc.Lists(scheme, n.ID) {
				missing = append(missing, fmt.Sprintf("%s on %s (%s)", scheme, n.ID, n.Name))
			}
		}
	}
	return missing
}
