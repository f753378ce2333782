package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// Two sandboxes on chain ids 1337 and 31338 are two offline networks, as
// TestTwoNetworksOnGeth's geth node and sandbox are: a production instance
// sells on both through their two facilitators. Every 402 offers exact on
// both and batch-settlement on the first; an exact payment on each settles
// on its own chain, a channel's deposit, voucher and claim on the first,
// and receipts and the revenue metric name each network.
func TestTwoNetworksOnTwoSandboxes(t *testing.T) {
	first := startSandbox(t)
	ln, second, cfg := sandboxOn(t, "", "COINSLOT_SANDBOX_CHAIN_ID=31338")
	startService(t, ln, cfg, slog.New(slog.DiscardHandler))
	if cfg.Sandbox.ChainID != 31338 {
		t.Fatalf("sandbox.chain_id %d from the environment, want 31338", cfg.Sandbox.ChainID)
	}

	seller := common.HexToAddress("0x5e11e7000000000000000000000000000000c0de")
	asset := facilitator.SandboxNetwork(31338).Asset.Hex()
	ln, base, cfg := sandboxOn(t, fmt.Sprintf(`mode: production
pay_to: "%s"
facilitator_url: %s/facilitator
facilitators: [{url: %s/facilitator}]
network: [eip155:1337, eip155:31338]
custom_networks:
  - {id: eip155:1337, chain_id: 1337, name: first sandbox, asset: "%s", domain_name: USD Coin, domain_version: "2"}
  - {id: eip155:31338, chain_id: 31338, name: second sandbox, asset: "%s", domain_name: USD Coin, domain_version: "2"}
chain_rpc: [%s/sandbox/rpc, %s/sandbox/rpc]
batch_settlement: {enabled: true, claim_every: 5m}
`, seller.Hex(), first, second, asset, asset, first, second))
	b, tool := sellOnTwoNetworks(t, ln, base, cfg, "exact eip155:1337, batch-settlement eip155:1337, exact (permit2) eip155:1337, exact eip155:31338, exact (permit2) eip155:31338")

	// The same buyer pays exact on each network: each chain is its own.
	for _, network := range []string{"eip155:1337", "eip155:31338"} {
		k, _ := crypto.HexToECDSA(buyer2)
		terms := b.terms
		terms.Accepts = nil
		for _, a := range b.terms.Accepts {
			if a.Kind() == x402.KindExact && a.Network == network {
				terms.Accepts = append(terms.Accepts, a)
			}
		}
		header, _, err := x402.Pay(k, &terms, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		res, body, err := post(b.url, []byte(batchRequest), header)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("exact on %s: %v %v %s", network, res, err, body)
		}
		var settled x402.SettleResponse
		if err := x402.DecodeHeader(res.Header.Get(x402.HeaderResponse), &settled); err != nil || settled.Network != network {
			t.Fatalf("exact on %s settled %+v (%v)", network, settled, err)
		}
		if r := receiptOf(t, base, settled.Transaction); r.Network != network || r.AmountAtomic != b.price.String() || r.PayTo != seller.Hex() {
			t.Fatalf("exact on %s: receipt %+v", network, r)
		}
	}
	chains := map[string]*ethclient.Client{}
	for name, url := range map[string]string{"first": first, "second": second} {
		c, err := ethclient.Dial(url + pathSandboxRPC)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		chains[name] = c
	}
	for name, want := range map[string]int64{"first": 1337, "second": 31338} {
		if id, err := chains[name].ChainID(context.Background()); err != nil || id.Int64() != want {
			t.Fatalf("the %s sandbox's chain id %v (%v), want %d", name, id, err, want)
		}
		if got := tokenBalance(t, bind.ContractBackend(chains[name]), common.HexToAddress(asset), seller); got.Cmp(b.price) != 0 {
			t.Fatalf("the seller holds %s on the %s sandbox after one exact payment there, want %s", got, name, b.price)
		}
	}

	// A channel on the first: a deposit of three prices paying the first
	// call, a voucher for the second, then the seller's claim.
	buyer := b.buyer(buyer3, 61)
	if r := b.send(buyer.Deposit(b.times(3), b.times(1), time.Now())); r.status != http.StatusOK || r.settled.Network != "eip155:1337" {
		t.Fatalf("deposit: %d %+v %+v", r.status, r.settled, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK || r.settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(2).String() {
		t.Fatalf("voucher: %d %+v", r.status, r.settled)
	}
	if n := b.svc.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
	if got, want := tokenBalance(t, bind.ContractBackend(chains["first"]), common.HexToAddress(asset), seller), new(big.Int).Add(b.price, b.times(2)); got.Cmp(want) != 0 {
		t.Fatalf("the seller holds %s on the first sandbox, want %s", got, want)
	}
	if got, want := revenue(t, base, tool.Name), fmt.Sprintf("eip155:1337=%s eip155:31338=%s", b.times(3), b.price); got != want {
		t.Fatalf("revenue %s, want %s", got, want)
	}
}

// sellOnTwoNetworks starts the service of cfg on ln and reads business_days'
// 402, whose offers (scheme and network, in order) must be want.
func sellOnTwoNetworks(t *testing.T, ln net.Listener, base string, cfg *config.Config, want string) (*batchSandbox, *registry.Tool) {
	t.Helper()
	b := &batchSandbox{t: t, base: base, log: new(lockedBuffer)}
	b.svc = startService(t, ln, cfg, slog.New(slog.NewJSONHandler(b.log, nil)))
	tool := b.sell("business_days")
	var offered []string
	for _, a := range b.terms.Accepts {
		offered = append(offered, a.Kind().String()+" "+a.Network)
	}
	if got := strings.Join(offered, ", "); got != want {
		t.Fatalf("402 offers %s, want %s", got, want)
	}
	return b, tool
}
