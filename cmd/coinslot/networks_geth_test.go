package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/upstreams/polymarket"
	"github.com/coinslot/coinslot/upstreams/replay"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// Buyers of the test: on the geth chain, funded there by the developer
// account; on the sandbox chain, its own second and third buyers.
const (
	gethExactBuyer = "8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"
	gethBatchBuyer = "92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e"
	gethNpmBuyer   = "4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356"
)

// A production instance sells on two networks through two facilitators:
// its own (coinslot facilitator) on a go-ethereum --dev node, where the
// test USDC is deployed and funded by transactions, and a sandbox's on the
// sandbox chain. Every 402 offers exact on both and batch-settlement on the
// geth chain; an exact payment on each settles through the facilitator
// that settles its network, a channel's deposit, voucher and claim settle
// on geth, and the seller's balance there is what the ledger recorded.
// The official @x402/fetch client then pays on each network (with node and
// test/npm's packages), and its receipts and the revenue metric name it;
// and on geth, from a fresh wallet holding only USDC, the official exact
// client pays through Permit2 and the upto client pays a metered tool
// (answered from its recorded source) what it delivered.
func TestTwoNetworksOnGeth(t *testing.T) {
	g := startGeth(t)
	recorded, err := replay.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { recorded.Close() })
	key := func(hex string) common.Address {
		k, _ := crypto.HexToECDSA(hex)
		return crypto.PubkeyToAddress(k.PublicKey)
	}
	// The developer account, which holds the gas, also funds permit2.mjs's
	// fresh wallet with USDC.
	asset := g.deployUSDC(1000_000000, key(gethExactBuyer), key(gethBatchBuyer), key(gethNpmBuyer), key(gethDevKey))
	own := g.ownFacilitatorOn(asset)
	sandbox := startSandbox(t)

	// An address of no funded account on either chain: what it holds, it was paid.
	seller := common.HexToAddress("0x5e11e7000000000000000000000000000000c0de")
	ln, base, cfg := sandboxOn(t, fmt.Sprintf(`mode: production
pay_to: "%s"
facilitator_url: %s
facilitators: [{url: %s/facilitator}]
network: [eip155:31337, eip155:1337]
custom_networks:
  - {id: eip155:31337, chain_id: 31337, name: geth dev chain, asset: "%s", domain_name: USD Coin, domain_version: "2"}
  - {id: eip155:1337, chain_id: 1337, name: coinslot sandbox chain, asset: "%s", domain_name: USD Coin, domain_version: "2"}
chain_rpc: [%s, %s/sandbox/rpc]
batch_settlement: {enabled: true, claim_every: 5m}
upstreams: {%[8]s: {base_url: %[9]s/%[8]s}}
`, seller.Hex(), own, sandbox, asset.Hex(), facilitator.SandboxNetwork(1337).Asset.Hex(), g.url, sandbox, polymarket.Gamma.Name, recorded.URL()))
	b, tool := sellOnTwoNetworks(t, ln, base, cfg,
		"exact eip155:31337, batch-settlement eip155:31337, exact (permit2) eip155:31337, exact eip155:1337, exact (permit2) eip155:1337")

	// Exact on each network: the seller is paid on its chain, and the
	// receipt names the network.
	for _, pay := range []struct{ network, key string }{{"eip155:31337", gethExactBuyer}, {"eip155:1337", buyer2}} {
		k, _ := crypto.HexToECDSA(pay.key)
		terms := b.terms
		terms.Accepts = nil
		for _, a := range b.terms.Accepts {
			if a.Kind() == x402.KindExact && a.Network == pay.network {
				terms.Accepts = append(terms.Accepts, a)
			}
		}
		header, _, err := x402.Pay(k, &terms, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		res, body, err := post(b.url, []byte(batchRequest), header)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("exact on %s: %v %v %s", pay.network, res, err, body)
		}
		var settled x402.SettleResponse
		if err := x402.DecodeHeader(res.Header.Get(x402.HeaderResponse), &settled); err != nil || settled.Network != pay.network {
			t.Fatalf("exact on %s settled %+v (%v)", pay.network, settled, err)
		}
		if r := receiptOf(t, base, settled.Transaction); r.Network != pay.network || r.AmountAtomic != b.price.String() || r.PayTo != seller.Hex() {
			t.Fatalf("exact on %s: receipt %+v", pay.network, r)
		}
	}
	sandboxChain, err := ethclient.Dial(sandbox + pathSandboxRPC)
	if err != nil {
		t.Fatal(err)
	}
	defer sandboxChain.Close()
	for _, on := range []struct {
		name  string
		chain bind.ContractBackend
		asset common.Address
	}{{"geth", g.client, asset}, {"the sandbox chain", sandboxChain, facilitator.SandboxNetwork(1337).Asset}} {
		if got := tokenBalance(t, on.chain, on.asset, seller); got.Cmp(b.price) != 0 {
			t.Fatalf("the seller holds %s on %s after one exact payment there, want %s", got, on.name, b.price)
		}
	}

	// A channel on geth: a deposit of three prices paying the first call, a
	// voucher for the second, then the seller's claim.
	buyer := b.buyer(gethBatchBuyer, 1)
	if r := b.send(buyer.Deposit(b.times(3), b.times(1), time.Now())); r.status != http.StatusOK || r.settled.Network != "eip155:31337" {
		t.Fatalf("deposit: %d %+v %+v", r.status, r.settled, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK || r.settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(2).String() {
		t.Fatalf("voucher: %d %+v", r.status, r.settled)
	}
	if n := b.svc.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
	rec := b.record(buyer)
	charged, _ := new(big.Int).SetString(rec.Charged, 10)
	if got, want := tokenBalance(t, g.client, asset, seller), new(big.Int).Add(b.price, charged); charged.Cmp(b.times(2)) != 0 || got.Cmp(want) != 0 {
		t.Fatalf("the seller holds %s on geth, the ledger records %s exact and %s charged on the channel", got, b.price, rec.Charged)
	}
	if got, want := revenue(t, base, tool.Name), fmt.Sprintf("eip155:1337=%s eip155:31337=%s", b.price, b.times(3)); got != want {
		t.Fatalf("revenue %s, want %s", got, want)
	}

	// The official client pays on each network.
	dir, _ := filepath.Abs("../../test/npm")
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "@x402", "fetch")); err != nil || statErr != nil {
		if os.Getenv("COINSLOT_REQUIRE_NODE") != "" {
			t.Fatalf("node (%v) or test/npm's packages (%v) are missing", err, statErr)
		}
		t.Log("the official client's payments need node and `npm ci` in test/npm; skipped")
		return
	}
	cmd := exec.Command(node, "networks.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BASE_URL="+base, "TOOL="+tool.Name,
		"BUYERS=eip155:31337=0x"+gethNpmBuyer+",eip155:1337=0x"+buyer1)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("networks.mjs: %v\n%s", err, out)
	}
	t.Logf("networks.mjs:\n%s", out)
	if got, want := revenue(t, base, tool.Name), fmt.Sprintf("eip155:1337=%s eip155:31337=%s", b.times(2), b.times(4)); got != want {
		t.Fatalf("revenue after the official client's payments %s, want %s", got, want)
	}

	before := tokenBalance(t, g.client, asset, seller)
	cmd = exec.Command(node, "permit2.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BASE_URL="+base, "TOOL="+tool.Name, "NETWORK=eip155:31337", "RPC="+g.url,
		"COINSLOT_BUYER_KEY=0x"+gethDevKey, "UPTO_TOOL=trending_markets", `UPTO_BODY={"limit":20}`)
	if out, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("permit2.mjs: %v\n%s", err, out)
	}
	t.Logf("permit2.mjs:\n%s", out)
	uptoPaid := revenueOn(t, base, "trending_markets", "eip155:31337")
	if got, want := tokenBalance(t, g.client, asset, seller), new(big.Int).Add(before, new(big.Int).Add(b.price, uptoPaid)); got.Cmp(want) != 0 || uptoPaid.Sign() <= 0 {
		t.Fatalf("the seller holds %s on geth, want %s: %s before, the price through Permit2 and %s under upto", got, want, before, uptoPaid)
	}
}

// receiptOf is the receipt base serves for tx.
func receiptOf(t *testing.T, base, tx string) ledger.Receipt {
	t.Helper()
	res, body, err := getURL(base + "/receipt/" + tx)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("receipt %s: %v %v %s", tx, res, err, body)
	}
	var r ledger.Receipt
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

var revenueLine = regexp.MustCompile(`(?m)^coinslot_revenue_atomic_total\{network="([^"]+)",tool="([^"]+)"\} (\S+)$`)

// revenue is coinslot_revenue_atomic_total of tool by network, as
// "network=value ...", in the order /metrics lists them.
// revenueOn is tool's revenue on network in atomic units, 0 when none.
func revenueOn(t *testing.T, base, tool, network string) *big.Int {
	t.Helper()
	for _, kv := range strings.Fields(revenue(t, base, tool)) {
		if v, ok := strings.CutPrefix(kv, network+"="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return big.NewInt(int64(f))
		}
	}
	return new(big.Int)
}

func revenue(t *testing.T, base, tool string) string {
	t.Helper()
	res, err := client.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var out []string
	for _, m := range revenueLine.FindAllStringSubmatch(string(body), -1) {
		if m[2] == tool {
			out = append(out, m[1]+"="+m[3])
		}
	}
	return strings.Join(out, " ")
}
