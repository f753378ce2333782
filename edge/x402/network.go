package x402

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Network is an EVM network and the EIP-3009 token sold on it.
type Network struct {
	ID           string // CAIP-2, e.g. eip155:8453
	V1Name       string // the v1 name, e.g. base
	ChainID      *big.Int
	Name         string // human-readable, e.g. Base
	Asset        common.Address
	AssetName    string // the token's EIP-712 domain name
	AssetVersion string // the token's EIP-712 domain version
}

// Base is USDC on Base mainnet.
var Base = Network{
	ID:           "eip155:8453",
	V1Name:       "base",
	ChainID:      big.NewInt(8453),
	Name:         "Base",
	Asset:        common.HexToAddress("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
	AssetName:    "USD Coin",
	AssetVersion: "2",
}

// Domain is the token's EIP-712 domain.
func (n Network) Domain() Domain {
	return Domain{Name: n.AssetName, Version: n.AssetVersion, ChainID: n.ChainID, VerifyingContract: n.Asset}
}

// extra is the requirements' extra object: the domain a buyer signs against.
func (n Network) extra() map[string]any {
	return map[string]any{"name": n.AssetName, "version": n.AssetVersion}
}
