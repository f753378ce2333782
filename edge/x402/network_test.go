package x402

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// evmTables is testdata/evm-networks.json: the official client's tables,
// written by scripts/evm-networks.sh from the pinned npm packages.
type evmTables struct {
	Packages map[string]string `json:"packages"`
	Assets   map[string][]struct {
		Asset, Name, Version, AssetTransferMethod string
		Decimals                                  int
	} `json:"assets"`
	V1Networks map[string]int64 `json:"v1Networks"`
	ViemUSDC   struct {
		Name      string            `json:"name"`
		Decimals  int               `json:"decimals"`
		Addresses map[string]string `json:"addresses"`
	} `json:"viemUSDC"`
}

// TestNetworksAgreeWithOfficialClient checks every built-in network against
// the tables @x402/evm signs from: the token address, the EIP-712 domain
// name and version, 6 decimals, EIP-3009 (no Permit2 transfer method) and
// the v1 name. A network @x402/evm does not list (OP Mainnet) is checked
// against viem's USDC table, the same client's dependency: its address and
// the token name, which is its EIP-712 domain name.
func TestNetworksAgreeWithOfficialClient(t *testing.T) {
	raw, err := os.ReadFile("testdata/evm-networks.json")
	if err != nil {
		t.Fatal(err)
	}
	var tables evmTables
	if err := json.Unmarshal(raw, &tables); err != nil {
		t.Fatal(err)
	}
	if tables.Packages["@x402/evm"] != "2.27.0" {
		t.Fatalf("snapshot of @x402/evm %q, want 2.27.0 (test/networks/package.json)", tables.Packages["@x402/evm"])
	}
	v1 := map[string]string{}
	for name, chain := range tables.V1Networks {
		v1[fmt.Sprintf("eip155:%d", chain)] = name
	}
	fromViem := 0
	for _, n := range Networks {
		if n.ID != "eip155:"+n.ChainID.String() {
			t.Errorf("%s: chain id %s does not match its CAIP-2 id", n.Name, n.ChainID)
		}
		if n.V1Name != v1[n.ID] {
			t.Errorf("%s: v1 name %q, the official client's is %q", n.ID, n.V1Name, v1[n.ID])
		}
		assets, listed := tables.Assets[n.ID]
		if !listed {
			fromViem++
			addr := tables.ViemUSDC.Addresses[n.ChainID.String()]
			if !strings.EqualFold(addr, n.Asset.Hex()) || addr == "" {
				t.Errorf("%s: asset %s, viem's USDC is %q", n.ID, n.Asset.Hex(), addr)
			}
			if n.AssetName != tables.ViemUSDC.Name || tables.ViemUSDC.Decimals != 6 {
				t.Errorf("%s: domain name %q, viem's USDC is %q with %d decimals", n.ID, n.AssetName, tables.ViemUSDC.Name, tables.ViemUSDC.Decimals)
			}
			continue
		}
		if len(assets) != 1 {
			t.Fatalf("%s: the official client lists %d assets", n.ID, len(assets))
		}
		a := assets[0]
		if a.Asset != n.Asset.Hex() || a.Name != n.AssetName || a.Version != n.AssetVersion || a.Decimals != 6 || a.AssetTransferMethod != "" {
			t.Errorf("%s: ours %s %q %q, the official client's %s %q %q (%d decimals, transfer method %q)",
				n.ID, n.Asset.Hex(), n.AssetName, n.AssetVersion, a.Asset, a.Name, a.Version, a.Decimals, a.AssetTransferMethod)
		}
	}
	if fromViem > 1 {
		t.Errorf("%d networks are checked against viem alone; only OP Mainnet should be", fromViem)
	}
}

func TestLookupNetwork(t *testing.T) {
	for name, want := range map[string]string{"eip155:84532": "eip155:84532", "base-sepolia": "eip155:84532", "polygon": "eip155:137", "eip155:10": "eip155:10"} {
		if n, ok := LookupNetwork(name); !ok || n.ID != want {
			t.Errorf("LookupNetwork(%q) = %q, %v; want %s", name, n.ID, ok, want)
		}
	}
	for _, name := range []string{"", "eip155:1337", "arbitrum", "eip155:8453 "} {
		if n, ok := LookupNetwork(name); ok {
			t.Errorf("LookupNetwork(%q) = %s; want none", name, n.ID)
		}
	}
}

func TestCustomNetwork(t *testing.T) {
	n, err := CustomNetwork("eip155:31337", 31337, "", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "USD Coin", "2")
	if err != nil || n.Name != "eip155:31337" || n.Domain().ChainID.Int64() != 31337 || n.V1Name != "" {
		t.Fatalf("CustomNetwork = %+v, %v", n, err)
	}
	for _, bad := range []struct {
		id           string
		chain        int64
		asset, dname string
		want         string
	}{
		{"eip155:1", 31337, "0x5FbDB2315678afecb367f032d93F642f64180aa3", "USDC", "must be eip155:<chain_id>"},
		{"solana:x", 1, "0x5FbDB2315678afecb367f032d93F642f64180aa3", "USDC", "must be eip155:<chain_id>"},
		{"eip155:31337", 31337, "0x5FbD", "USDC", "is not a 0x token address"},
		{"eip155:31337", 31337, "0x5FbDB2315678afecb367f032d93F642f64180aa3", " ", "domain name and version"},
	} {
		if _, err := CustomNetwork(bad.id, bad.chain, "", bad.asset, bad.dname, "2"); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("CustomNetwork(%s, %d, %s, %q) = %v; want %q", bad.id, bad.chain, bad.asset, bad.dname, err, bad.want)
		}
	}
}
