package main

import (
	"math/big"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// coinslot facilitator settles the USDC of any built-in network's chain
// without --asset, and another chain's token with it.
func TestFacilitatorNetworkFor(t *testing.T) {
	for _, want := range x402.Networks {
		if n, err := networkFor(want.ChainID, ""); err != nil || n.ID != want.ID || n.Asset != want.Asset || n.AssetName != want.AssetName {
			t.Errorf("chain %s: %+v %v", want.ChainID, n, err)
		}
	}
	if _, err := networkFor(big.NewInt(31337), ""); err == nil || err.Error() != "chain 31337 is none of the built-in networks: --asset must name its USDC contract" {
		t.Errorf("unknown chain without --asset: %v", err)
	}
	if n, err := networkFor(big.NewInt(31337), "0x5FbDB2315678afecb367f032d93F642f64180aa3"); err != nil || n.ID != "eip155:31337" {
		t.Errorf("unknown chain with --asset: %+v %v", n, err)
	}
}
