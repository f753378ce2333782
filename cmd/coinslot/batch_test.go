package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// The batch-settlement scheme's own tests run in edge over its batch
// seller (edge/scheme_batch_chain_test.go). Those here need the binary: the
// buyer's MCP client of coinslot call (call_mcp.go), a sandbox configured
// onto another's chain and /facilitator, two services sharing a
// PostgreSQL ledger, a facilitator_url behind a faulty proxy, and the
// claimer and chain watch as the service starts them.

// batchSandbox is a sandbox service whose claimer runs only when a test
// asks, and the route its buyers pay (business_days unless sell changes it).
type batchSandbox struct {
	t       *testing.T
	base    string        // the service
	log     *lockedBuffer // the service's JSON log
	svc     *service
	url     string
	tool    string // the tool at url
	overMCP bool   // send pays through /mcp's tools/call rather than the route
	terms   x402.PaymentRequired
	price   *big.Int
}

func startBatchSandbox(t *testing.T, env ...string) *batchSandbox {
	ln, base, cfg := sandboxOn(t, "", append([]string{"COINSLOT_BATCH_SETTLEMENT_CLAIM_EVERY=5m"}, env...)...)
	b := &batchSandbox{t: t, base: base, log: new(lockedBuffer)}
	b.svc = startService(t, ln, cfg, slog.New(slog.NewJSONHandler(b.log, nil)))
	b.sell("business_days")
	return b
}

// sell points the sandbox's buyers at the tool's route and its terms.
func (b *batchSandbox) sell(name string) *registry.Tool {
	b.t.Helper()
	tool, _ := registry.Lookup(name)
	b.url, b.tool = b.base+tool.Path, name
	res, _, err := post(b.url, []byte(`{}`), "")
	if err != nil {
		b.t.Fatal(err)
	}
	if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &b.terms); err != nil {
		b.t.Fatal(err)
	}
	b.price = big.NewInt(tool.PriceAtomic())
	return tool
}

func (b *batchSandbox) buyer(key string, salt byte) *x402.BatchBuyer {
	k, err := crypto.HexToECDSA(key)
	if err != nil {
		b.t.Fatal(err)
	}
	for _, acc := range b.terms.Accepts {
		if acc.Scheme == x402.SchemeBatch {
			return &x402.BatchBuyer{Key: k, Terms: acc, Resource: b.terms.Resource, Salt: common.Hash{salt}}
		}
	}
	b.t.Fatal("the 402 offers no batch-settlement")
	return nil
}

// paid is one answer: its status, settlement and refusal.
type paid struct {
	status    int
	settled   x402.SettleResponse
	required  x402.PaymentRequired
	errorBody map[string]any
}

const batchRequest = `{"start_date":"2024-12-20","end_date":"2025-01-03"}`

func (b *batchSandbox) send(p *x402.Payload, err error) paid {
	b.t.Helper()
	return b.sendFor(batchRequest, p, err)
}

func (b *batchSandbox) sendFor(request string, p *x402.Payload, err error) paid {
	b.t.Helper()
	if err != nil {
		b.t.Fatal(err)
	}
	if b.overMCP {
		return b.sendMCP(request, p)
	}
	header, err := x402.EncodeHeader(p)
	if err != nil {
		b.t.Fatal(err)
	}
	res, body, err := post(b.url, []byte(request), header)
	if err != nil {
		b.t.Fatal(err)
	}
	out := paid{status: res.StatusCode}
	if v := res.Header.Get(x402.HeaderResponse); v != "" {
		x402.DecodeHeader(v, &out.settled)
	}
	if res.StatusCode != http.StatusOK {
		x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &out.required)
		json.Unmarshal(body, &out.errorBody)
	}
	return out
}

var mcpReason = regexp.MustCompile(`^[a-z_]+ \(([a-z0-9_]+)\): `)

// sendMCP pays with p in a tools/call's _meta: a result is a 200, an
// error result carrying the terms a 402, any other error result a 400.
func (b *batchSandbox) sendMCP(request string, p *x402.Payload) paid {
	b.t.Helper()
	res, err := (&mcpSeller{b: &buyer{http: client, base: b.base}, tool: b.tool}).call([]byte(request), p)
	if err != nil {
		b.t.Fatal(err)
	}
	out := paid{status: http.StatusOK}
	if v, ok := res.Meta["x402/payment-response"]; ok {
		json.Unmarshal(v, &out.settled)
	}
	if res.IsError {
		out.status = http.StatusBadRequest
		json.Unmarshal(res.StructuredContent, &out.errorBody)
		if json.Unmarshal(res.StructuredContent, &out.required) == nil && out.required.X402Version != 0 {
			out.status = http.StatusPaymentRequired
			// "code (reason): message": the reason, as the header's error has it
			if m := mcpReason.FindStringSubmatch(out.required.Error); m != nil {
				out.required.Error = m[1]
			}
		}
	}
	return out
}

func (b *batchSandbox) times(n int64) *big.Int { return new(big.Int).Mul(b.price, big.NewInt(n)) }

// record is the seller's record of the buyer's channel.
func (b *batchSandbox) record(buyer *x402.BatchBuyer) *ledger.Channel {
	b.t.Helper()
	p, err := buyer.Voucher(new(big.Int)) // names the channel
	if err != nil {
		b.t.Fatal(err)
	}
	rec, err := b.svc.ledger.Channel(context.Background(), p.Payload.BatchPayload.Voucher.ChannelID)
	if err != nil {
		b.t.Fatal(err)
	}
	return rec
}

const (
	buyer1 = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	buyer2 = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"
)

func ethereumCall(to common.Address, data []byte) ethereum.CallMsg {
	return ethereum.CallMsg{To: &to, Data: data}
}

func getURL(url string) (*http.Response, []byte, error) {
	res, err := client.Get(url)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

// MCP sells through the same payment core: a deposit and a voucher paid in
// _meta, each answered with its settlement in the result's _meta.
func TestBatchSettlementOverMCP(t *testing.T) {
	b := startBatchSandbox(t)
	m := &mcpSeller{b: &buyer{http: client, base: b.base}, tool: "business_days"}
	terms, failure, err := m.terms([]byte(batchRequest))
	if err != nil || failure != "" {
		t.Fatalf("terms: %v %s", err, failure)
	}
	b.terms = *terms
	buyer := b.buyer(buyer2, 7)
	deposit, err := buyer.Deposit(b.times(3), b.times(1), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	_, settled, unpaid, err := m.pay([]byte(batchRequest), "", deposit)
	if err != nil || unpaid != nil || settled.Transaction == "" || settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(1).String() {
		t.Fatalf("deposit over MCP: %v %+v %+v", err, unpaid, settled)
	}
	voucher, _ := buyer.Voucher(b.times(2))
	body, settled, unpaid, err := m.pay([]byte(batchRequest), "", voucher)
	if err != nil || unpaid != nil || settled.Transaction != "" || settled.Extra.ChargedAmount != b.price.String() || len(body) == 0 {
		t.Fatalf("voucher over MCP: %v %+v %+v", err, unpaid, settled)
	}
	stale, _ := buyer.Voucher(b.times(2))
	res, err := m.call([]byte(`{"start_date":"2024-12-20","end_date":"2025-01-10"}`), stale)
	if err != nil || !res.IsError || !strings.Contains(string(res.StructuredContent), x402.BatchCumulativeMismatch) ||
		!strings.Contains(string(res.StructuredContent), `"chargedCumulativeAmount":"`+b.times(2).String()+`"`) {
		t.Fatalf("stale voucher over MCP: %v %s", err, res.StructuredContent)
	}
}

// A sandbox selling on another's chain through its /facilitator over HTTP:
// the deposit, a voucher, the claim and the sweep go through the remote
// facilitator, and the seller is paid on that chain.
func TestBatchSettlementThroughARemoteFacilitator(t *testing.T) {
	slow(t)
	chainBase := startSandbox(t)
	b := startBatchSandbox(t, "COINSLOT_CHAIN_RPC="+chainBase+"/sandbox/rpc", "COINSLOT_FACILITATOR_URL="+chainBase+"/facilitator")
	buyer := b.buyer(buyer2, 5)
	if r := b.send(buyer.Deposit(b.times(3), b.times(1), time.Now())); r.status != http.StatusOK || r.settled.Transaction == "" {
		t.Fatalf("deposit: %d %+v %+v", r.status, r.settled, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK || r.settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(2).String() {
		t.Fatalf("voucher: %d %+v", r.status, r.settled)
	}
	if n := b.svc.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
	if paid, err := sellerOnChain(chainBase); err != nil || paid.Cmp(b.times(2)) != 0 {
		t.Fatalf("the seller holds %v (%v) on the chain, want %s", paid, err, b.times(2))
	}
}
