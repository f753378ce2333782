package main

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
)

// tokenPermitNonce is owner's next EIP-2612 permit nonce on token, which a
// Permit2 payment's sponsored permit is signed with.
func tokenPermitNonce(ctx context.Context, chain ethereum.ContractCaller, token, owner common.Address) (*big.Int, error) {
	abi := usdc.NewTestUSDC() // nonces(address) is EIP-2612's, the same on every token that has it
	out, err := chain.CallContract(ctx, ethereum.CallMsg{To: &token, Data: abi.PackNonces(owner)}, nil)
	if err != nil {
		return nil, fmt.Errorf("reading the permit nonce of %s: %w", owner.Hex(), err)
	}
	n, err := abi.UnpackNonces(out)
	if err != nil {
		return nil, fmt.Errorf("the token at %s has no EIP-2612 nonces: %w", token.Hex(), err)
	}
	return n, nil
}

// permitNonce reads owner's permit nonce on acc's token through the
// JSON-RPC at rpc, which must serve acc's chain.
func permitNonce(rpc string, acc *x402.Requirements, owner common.Address) (*big.Int, error) {
	domain, err := x402.DomainOf(acc)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, err := ethclient.DialContext(ctx, rpc)
	if err != nil {
		return nil, fmt.Errorf("--rpc %s: %w", rpc, err)
	}
	defer client.Close()
	id, err := client.ChainID(ctx)
	switch {
	case err != nil:
		return nil, fmt.Errorf("--rpc %s: %w", rpc, err)
	case id.Cmp(domain.ChainID) != 0:
		return nil, fmt.Errorf("--rpc %s serves chain %s; %s is chain %s", rpc, id, acc.Network, domain.ChainID)
	}
	return tokenPermitNonce(ctx, client, domain.VerifyingContract, owner)
}
