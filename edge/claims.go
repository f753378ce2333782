package edge

import "github.com/coinslot/coinslot/edge/upkeep"

// Claimer is the server's claimer, reading the channels on chain through
// chain (nil: no chain watch); nil when batch-settlement is not offered.
func (s *Server) Claimer(chain upkeep.ChannelChain) (*upkeep.Claimer, error) {
	g := s.gen.Load()
	for _, o := range g.offers {
		for _, t := range o.terms.PerNetwork() {
			if t.Batch != nil {
				// claim_above is read from the configuration in force: a
				// reload changes it.
				above := func() int64 { return int64(s.gen.Load().cfg.BatchSettlement.ClaimAbove * 1e6) } // USD to USDC atomic units
				return upkeep.NewClaimer(upkeep.Claimer{Ledger: s.pay.Ledger, Facilitator: s.pay.Facilitator, Chain: chain, Terms: *t.Batch, Above: above,
					Log: s.log(), Book: &s.channels}, s.pay.Metrics)
			}
		}
	}
	return nil, nil
}
