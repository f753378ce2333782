package main

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"io"
	"math/big"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// testUSDCMinted is what --deploy-test-usdc mints to the gas key's account:
// 1000 test USDC, in atomic units, as a sandbox buyer starts with.
const testUSDCMinted = 1000_000000

// deployTestUSDC deploys the EIP-3009 test token (contracts/TestUSDC.sol,
// domain "USD Coin" version 2, as Base USDC) from key on a development
// chain, mints testUSDCMinted to key's account, and returns the token.
func deployTestUSDC(ctx context.Context, client *ethclient.Client, chainID *big.Int, key *ecdsa.PrivateKey) (common.Address, error) {
	opts := bind.NewKeyedTransactor(key, chainID)
	opts.Context = ctx
	token := usdc.NewTestUSDC()
	asset, deploy, err := bind.DeployContract(opts, common.FromHex(usdc.TestUSDCMetaData.Bin), client, token.PackConstructor("USD Coin", "2"))
	if err != nil {
		return common.Address{}, fmt.Errorf("deploying the test USDC: %w", err)
	}
	if _, err := bind.WaitDeployed(ctx, client, deploy.Hash()); err != nil {
		return common.Address{}, fmt.Errorf("deploying the test USDC: %w", err)
	}
	mint, err := bind.Transact(token.Instance(client, asset), opts, token.PackMint(opts.From, big.NewInt(testUSDCMinted)))
	if err != nil {
		return common.Address{}, fmt.Errorf("minting test USDC: %w", err)
	}
	receipt, err := bind.WaitMined(ctx, client, mint.Hash())
	if err != nil {
		return common.Address{}, fmt.Errorf("minting test USDC: %w", err)
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		return common.Address{}, fmt.Errorf("minting test USDC: transaction %s reverted", mint.Hash().Hex())
	}
	return asset, nil
}

// printSellerConfig writes the config lines of a seller selling on network
// through the facilitator at facilitatorURL, reading the chain at rpc.
func printSellerConfig(w io.Writer, network x402.Network, facilitatorURL, rpc string, key *ecdsa.PrivateKey) {
	fmt.Fprintf(w, "test USDC %s on %s; %d.%06d minted to %s, the gas key's account\n",
		network.Asset.Hex(), network.ID, testUSDCMinted/1_000000, testUSDCMinted%1_000000, crypto.PubkeyToAddress(key.PublicKey).Hex())
	fmt.Fprintf(w, "a seller's config selling on it:\n"+
		"network: [%s]\n"+
		"custom_networks:\n"+
		"  - {id: %s, chain_id: %s, asset: \"%s\", domain_name: %s, domain_version: \"%s\"}\n"+
		"facilitator_url: %s\n"+
		"chain_rpc: [%s]\n",
		network.ID, network.ID, network.ChainID, network.Asset.Hex(), network.AssetName, network.AssetVersion, facilitatorURL, rpc)
}
