package upkeep

import "context"

// Survey runs a round that only surveys (reads every channel, watches the
// chain, tallies), as most of Run's rounds are, and reports how many
// channels are due a claim.
func (c *Claimer) Survey(ctx context.Context) (due int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.survey(ctx).due)
}
