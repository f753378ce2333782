package main

import (
	"context"
	"log/slog"
	"math/big"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// A sandbox given another sandbox's /sandbox/rpc and /facilitator sells on
// that chain: the payment lands there, where a client reading the first
// sandbox's JSON-RPC sees the seller paid.
func TestSandboxJoinsAnothersChain(t *testing.T) {
	chainBase := startSandbox(t)
	ln, base, cfg := sandboxOn(t, "", "COINSLOT_CHAIN_RPC="+chainBase+"/sandbox/rpc", "COINSLOT_FACILITATOR_URL="+chainBase+"/facilitator")
	if svc := startService(t, ln, cfg, slog.New(slog.DiscardHandler)); svc.sandbox != nil {
		t.Fatal("the joined sandbox started a chain of its own")
	}
	tool, _ := registry.Lookup("business_days")
	buyer, err := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	if err != nil {
		t.Fatal(err)
	}
	if err := buy(base, buyer, tool); err != nil {
		t.Fatal(err)
	}

	if paid, err := sellerOnChain(chainBase); err != nil || !paid.IsInt64() || paid.Int64() != tool.PriceAtomic() {
		t.Fatalf("the seller holds %v (%v) on the first sandbox's chain, want %d", paid, err, tool.PriceAtomic())
	}
}

// sellerOnChain is the sandbox seller's test USDC on the chain another
// sandbox serves at chainBase.
func sellerOnChain(chainBase string) (*big.Int, error) {
	chain, err := ethclient.Dial(chainBase + "/sandbox/rpc")
	if err != nil {
		return nil, err
	}
	defer chain.Close()
	token := usdc.NewTestUSDC()
	return bind.Call(token.Instance(chain, facilitator.SandboxNetwork(1337).Asset), &bind.CallOpts{Context: context.Background()},
		token.PackBalanceOf(facilitator.SandboxPayTo()), token.UnpackBalanceOf)
}
