package x402

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// Network is an EVM network and the EIP-3009 token sold on it.
type Network struct {
	ID           string // CAIP-2, e.g. eip155:8453
	V1Name       string // the v1 name, e.g. base; "" where v1 clients name none
	ChainID      *big.Int
	Name         string // human-readable, e.g. Base
	Asset        common.Address
	AssetName    string // the token's EIP-712 domain name
	AssetVersion string // the token's EIP-712 domain version
}

// The built-in networks: USDC, which implements EIP-3009, on each. A
// buyer's client signs against the domain these name, so each agrees with
// the official client's own table (testdata/evm-networks.json).
var (
	Base        = usdc("eip155:8453", "base", 8453, "Base", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "USD Coin")
	BaseSepolia = usdc("eip155:84532", "base-sepolia", 84532, "Base Sepolia", "0x036CbD53842c5426634e7929541eC2318f3dCF7e", "USDC")
	Polygon     = usdc("eip155:137", "polygon", 137, "Polygon", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", "USD Coin")
	ArbitrumOne = usdc("eip155:42161", "", 42161, "Arbitrum One", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "USD Coin")
	Optimism    = usdc("eip155:10", "", 10, "OP Mainnet", "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "USD Coin")
	Avalanche   = usdc("eip155:43114", "avalanche", 43114, "Avalanche C-Chain", "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E", "USD Coin")
)

// Networks is the built-in table, in the order documents list them.
var Networks = []Network{Base, BaseSepolia, Polygon, ArbitrumOne, Optimism, Avalanche}

// usdc is Circle's USDC (6 decimals, EIP-712 version 2) on one chain.
func usdc(id, v1 string, chain int64, name, asset, domainName string) Network {
	return Network{ID: id, V1Name: v1, ChainID: big.NewInt(chain), Name: name,
		Asset: common.HexToAddress(asset), AssetName: domainName, AssetVersion: "2"}
}

// LookupNetwork finds a network of the built-in table by its CAIP-2 id or
// its v1 name.
func LookupNetwork(name string) (Network, bool) {
	for _, n := range Networks {
		if n.ID == name || n.V1Name != "" && n.V1Name == name {
			return n, true
		}
	}
	return Network{}, false
}

// CustomNetwork is a network outside the table: its CAIP-2 id must be
// eip155:<chainID>, and its token must implement EIP-3009 under the given
// EIP-712 domain name and version.
func CustomNetwork(id string, chainID int64, name, asset, domainName, domainVersion string) (Network, error) {
	switch {
	case id != fmt.Sprintf("eip155:%d", chainID) || chainID <= 0:
		return Network{}, fmt.Errorf("id %q must be eip155:<chain_id> with chain_id %d", id, chainID)
	case !common.IsHexAddress(asset):
		return Network{}, fmt.Errorf("asset %q is not a 0x token address", asset)
	case strings.TrimSpace(domainName) == "" || strings.TrimSpace(domainVersion) == "":
		return Network{}, fmt.Errorf("the token's EIP-712 domain name and version are both needed: a buyer signs against them")
	}
	if name == "" {
		name = id
	}
	return Network{ID: id, ChainID: big.NewInt(chainID), Name: name, Asset: common.HexToAddress(asset),
		AssetName: domainName, AssetVersion: domainVersion}, nil
}

// Domain is the token's EIP-712 domain.
func (n Network) Domain() Domain {
	return Domain{Name: n.AssetName, Version: n.AssetVersion, ChainID: n.ChainID, VerifyingContract: n.Asset}
}

// extra is the requirements' extra object: the domain a buyer signs against.
func (n Network) extra() map[string]any {
	return map[string]any{"name": n.AssetName, "version": n.AssetVersion}
}
