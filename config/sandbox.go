package config

import "fmt"

// SandboxChain is the sandbox's own chain. Two sandboxes on different chain ids
// are two networks (eip155:<chain_id>), as two real chains would be. A
// sandbox that joins another's chain (chain_rpc) takes that chain's id.
type SandboxChain struct {
	ChainID int64 `yaml:"chain_id"`
}

// maxChainID is the largest chain id a JSON number holds exactly, the
// bound EIP-2294 proposes.
const maxChainID = 4503599627370476

func (s SandboxChain) validate(add adder) {
	if s.ChainID < 1 || s.ChainID > maxChainID {
		add("sandbox.chain_id", "must be between 1 and %d, got %d", int64(maxChainID), s.ChainID)
	}
}

// realChain is a problem when the sandbox's chain id is that of a built-in
// network (known): its test USDC would be offered as that network's.
func realChain(cfg *Config, known []string) Problems {
	id := fmt.Sprintf("eip155:%d", cfg.Sandbox.ChainID)
	for _, name := range known {
		if name == id {
			return Problems{{Key: "sandbox.chain_id", Message: fmt.Sprintf("%d is the chain id of %s, a real network; take one no network uses, such as 1337", cfg.Sandbox.ChainID, id)}}
		}
	}
	return nil
}
