package config

import "time"

// SIWx is the x402 sign-in-with-x extension: every 402 carries a challenge
// whose nonce the ledger keeps for NonceTTL, and a wallet that paid for a
// call reads its kept answer again by signing it, without paying again.
type SIWx struct {
	Enabled  bool     `yaml:"enabled"`
	NonceTTL Duration `yaml:"nonce_ttl"` // how long a challenge may be signed and sent back
}

func (s *SIWx) validate(add adder) {
	if d := time.Duration(s.NonceTTL); d < 30*time.Second || d > time.Hour {
		add("siwx.nonce_ttl", "must be from 30s to 1h, got %s", d)
	}
}
