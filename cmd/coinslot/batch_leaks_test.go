package main

import (
	"context"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/facilitator/channels"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/prometheus/client_golang/prometheus"
)

// Attacks on a seller of batch-settlement channels, each ending with the
// check that no answer left unpaid: the seller's record, the chain and the
// buyer agree (see agree).

const buyer3 = "7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"

// transports runs test over each way a buyer pays: the route's HTTP
// headers, and /mcp's tools/call.
func transports(t *testing.T, test func(t *testing.T, overMCP bool)) {
	t.Run("http", func(t *testing.T) { test(t, false) })
	t.Run("mcp", func(t *testing.T) { test(t, true) })
}

// chainOf reads the chain a sandbox at base serves.
func chainOf(t *testing.T, base string) *ethclient.Client {
	t.Helper()
	c, err := ethclient.Dial(base + pathSandboxRPC)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// onChain is the buyer's channel as the contract holds it.
func (b *batchSandbox) onChain(chain ethereum.ContractCaller, buyer *x402.BatchBuyer) *x402.ChannelState {
	b.t.Helper()
	id := strings.ToLower(b.record(buyer).ID)
	st, err := facilitator.ChannelReader{Chain: chain}.ChannelState(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	return st
}

// agree checks, after a claim round, that the seller charged the channel
// exactly the calls it answered, that the chain holds every charge claimed
// (so no answer left unpaid, whatever the buyer does next) and that the
// seller's record mirrors the chain; and that the buyer's wallet moved by
// what the buyer deposited less what was refunded.
func (b *batchSandbox) agree(chain ethereum.ContractCaller, buyer *x402.BatchBuyer, served int64, walletBefore, deposited, refunded *big.Int) {
	b.t.Helper()
	b.svc.claimer.Once(context.Background())
	rec, st := b.record(buyer), b.onChain(chain, buyer)
	charged := b.times(served).String()
	if rec.Charged != charged || st.TotalClaimed != charged {
		b.t.Errorf("%d answers served: the seller charged %s and claimed %s on chain, want %s each", served, rec.Charged, st.TotalClaimed, charged)
	}
	if rec.Balance != st.Balance || rec.TotalClaimed != st.TotalClaimed || rec.RefundNonce != st.RefundNonce {
		b.t.Errorf("the seller's record (balance %s, claimed %s, refund nonce %s) is not the chain's (%s, %s, %s)",
			rec.Balance, rec.TotalClaimed, rec.RefundNonce, st.Balance, st.TotalClaimed, st.RefundNonce)
	}
	payer := crypto.PubkeyToAddress(buyer.Key.PublicKey)
	want := new(big.Int).Sub(walletBefore, deposited)
	want.Add(want, refunded)
	if got := b.tokenBalanceOn(chain, payer); got.Cmp(want) != 0 {
		b.t.Errorf("the buyer holds %s, want %s (deposited %s, refunded %s)", got, want, deposited, refunded)
	}
}

func (b *batchSandbox) tokenBalanceOn(chain ethereum.ContractCaller, who common.Address) *big.Int {
	b.t.Helper()
	token := usdc.NewTestUSDC()
	out, err := chain.CallContract(context.Background(), ethereumCall(facilitator.SandboxNetwork(1337).Asset, token.PackBalanceOf(who)), nil)
	if err != nil {
		b.t.Fatal(err)
	}
	n, err := token.UnpackBalanceOf(out)
	if err != nil {
		b.t.Fatal(err)
	}
	return n
}

// A partial refund, the next voucher, a full refund at once, then calls
// on: the voucher after the partial refund is served (not refused as busy),
// and once the full refund has landed nothing more is served on the empty
// channel.
func TestBatchRefundThenKeepCalling(t *testing.T) {
	slow(t)
	transports(t, refundThenKeepCalling)
}

func refundThenKeepCalling(t *testing.T, overMCP bool) {
	b := startBatchSandbox(t)
	b.overMCP = overMCP
	chain := b.svc.sandbox.Client()
	buyer := b.buyer(buyer1, 11)
	wallet := b.tokenBalanceOn(chain, crypto.PubkeyToAddress(buyer.Key.PublicKey))
	deposit := b.times(10)
	if r := b.send(buyer.Deposit(deposit, b.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK {
		t.Fatalf("voucher: %d %q", r.status, r.required.Error)
	}
	refunded := new(big.Int)
	r := b.send(buyer.Refund(b.times(2), b.times(1)))
	if r.status != http.StatusOK || r.settled.Amount != b.times(1).String() {
		t.Fatalf("partial refund: %d %q %+v", r.status, r.required.Error, r.errorBody)
	}
	refunded.Add(refunded, b.times(1))
	if r := b.send(buyer.Voucher(b.times(3))); r.status != http.StatusOK {
		t.Fatalf("the voucher after a partial refund: %d %q %+v", r.status, r.required.Error, r.errorBody)
	}
	r = b.send(buyer.Refund(b.times(3), nil))
	rest := new(big.Int).Sub(deposit, b.times(4)) // less the partial refund and the 3 charged
	if r.status != http.StatusOK || r.settled.Amount != rest.String() {
		t.Fatalf("full refund: %d %q %+v", r.status, r.required.Error, r.errorBody)
	}
	refunded.Add(refunded, rest)
	for range 9 {
		r := b.send(buyer.Voucher(b.times(4)))
		if r.status == http.StatusOK {
			t.Fatalf("a voucher for a fourth call served on a refunded channel")
		}
		if r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchCumulativeExceedsBal {
			t.Errorf("a voucher for a fourth call on a refunded channel: %d %q", r.status, r.required.Error)
		}
	}
	b.agree(chain, buyer, 3, wallet, deposit, refunded)
}

// startSharedSandboxes starts two sandboxes on one chain (the first's) and
// one PostgreSQL ledger: two instances of one seller, under one base URL
// (the first's), as behind a load balancer.
func startSharedSandboxes(t *testing.T, facilitatorURL func(chainBase string) string) (a, b *batchSandbox) {
	ledgertest.RequirePostgres(t)
	dsn := ledgertest.PostgresSchema(t)
	a = startBatchSandbox(t, "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+dsn)
	fac := a.base + "/facilitator"
	if facilitatorURL != nil {
		fac = facilitatorURL(a.base)
	}
	b = startBatchSandbox(t, "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+dsn,
		"COINSLOT_CHAIN_RPC="+a.base+pathSandboxRPC, "COINSLOT_FACILITATOR_URL="+fac, "COINSLOT_BASE_URL="+a.base)
	return a, b
}

// A refund signed at an old charged total, sent to the instance that last
// saw it, while the other instance served the channel since: it is
// refused, and the refund at the charged total leaves the other instance
// nothing more to serve.
func TestBatchStaleRefundAcrossInstances(t *testing.T) {
	slow(t)
	transports(t, staleRefundAcrossInstances)
}

func staleRefundAcrossInstances(t *testing.T, overMCP bool) {
	a, b := startSharedSandboxes(t, nil)
	a.overMCP, b.overMCP = overMCP, overMCP
	chain := a.svc.sandbox.Client()
	buyer := a.buyer(buyer2, 12)
	wallet := a.tokenBalanceOn(chain, crypto.PubkeyToAddress(buyer.Key.PublicKey))
	deposit := a.times(10)
	if r := a.send(buyer.Deposit(deposit, a.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	if r := a.send(buyer.Voucher(a.times(2))); r.status != http.StatusOK {
		t.Fatalf("voucher on a: %d %q", r.status, r.required.Error)
	}
	for n := int64(3); n <= 5; n++ {
		if r := b.send(buyer.Voucher(a.times(n))); r.status != http.StatusOK {
			t.Fatalf("voucher %d on b: %d %q %+v", n, r.status, r.required.Error, r.errorBody)
		}
	}
	r := a.send(buyer.Refund(a.times(2), nil))
	if r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchCumulativeMismatch {
		t.Errorf("a refund at a stale charged total: %d %q %+v", r.status, r.required.Error, r.settled)
	}
	refunded := new(big.Int)
	if r.status == http.StatusOK {
		refunded.SetString(r.settled.Amount, 10)
	} else {
		r = a.send(buyer.Refund(a.times(5), nil))
		if r.status != http.StatusOK {
			t.Fatalf("refund at the charged total: %d %q %+v", r.status, r.required.Error, r.errorBody)
		}
		refunded.SetString(r.settled.Amount, 10)
	}
	served := int64(5)
	for n := int64(6); n <= 10; n++ {
		if r := b.send(buyer.Voucher(a.times(n))); r.status == http.StatusOK {
			served = n
			t.Errorf("voucher for %d calls served on b after the refund", n)
		}
	}
	a.agree(chain, buyer, served, wallet, deposit, refunded)
}

// faultProxy stands in front of a facilitator: down answers 503 without
// asking it; lose asks it and then drops its answer (a 502), as a
// connection cut after the request went through would.
type faultProxy struct {
	down, lose atomic.Bool
	asked      atomic.Int64
}

func startFaultProxy(t *testing.T, target string) (*faultProxy, string) {
	p := &faultProxy{}
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p.down.Load() {
			http.Error(w, "facilitator down", http.StatusServiceUnavailable)
			return
		}
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, u.String()+r.URL.Path, r.Body)
		req.Header = r.Header.Clone()
		res, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		p.asked.Add(1)
		if p.lose.Load() && strings.HasSuffix(r.URL.Path, "/settle") {
			http.Error(w, "answer lost", http.StatusBadGateway)
			return
		}
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return p, srv.URL
}

// metric is the value of a gauge the service exports.
func (b *batchSandbox) metric(name string) float64 {
	b.t.Helper()
	return gathered(b.t, b.svc.metrics, name)
}

func gathered(t *testing.T, reg prometheus.Gatherer, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.Metric) == 1 {
			if g := mf.Metric[0].GetGauge(); g != nil {
				return g.GetValue()
			}
		}
	}
	t.Fatalf("no gauge %s", name)
	return 0
}

// A facilitator outage quarantines nothing: every charged channel is
// claimed within two claim rounds of the facilitator's recovery, and the
// quarantine gauge stays 0. Then a claim that lands but whose answer is
// lost is found on chain and counted as claimed.
func TestBatchClaimsSurviveAFacilitatorOutage(t *testing.T) {
	slow(t)
	chainSide := startBatchSandbox(t)
	proxy, proxyURL := startFaultProxy(t, chainSide.base+"/facilitator")
	b := startBatchSandbox(t, "COINSLOT_CHAIN_RPC="+chainSide.base+pathSandboxRPC, "COINSLOT_FACILITATOR_URL="+proxyURL)
	chain := chainOf(t, chainSide.base)
	buyers := []*x402.BatchBuyer{b.buyer(buyer1, 21), b.buyer(buyer2, 22), b.buyer(buyer3, 23)}
	wallets := make([]*big.Int, len(buyers))
	for i, buyer := range buyers {
		wallets[i] = b.tokenBalanceOn(chain, crypto.PubkeyToAddress(buyer.Key.PublicKey))
		if r := b.send(buyer.Deposit(b.times(5), b.times(1), time.Now())); r.status != http.StatusOK {
			t.Fatalf("deposit %d: %d %+v", i, r.status, r.errorBody)
		}
		wallets[i].Sub(wallets[i], b.times(5))
		if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK {
			t.Fatalf("voucher %d: %d %q", i, r.status, r.required.Error)
		}
	}
	proxy.down.Store(true)
	for round := range 3 {
		if n := b.svc.claimer.Once(context.Background()); n != 0 {
			t.Fatalf("round %d claimed %d channels through a facilitator that is down", round, n)
		}
		if q := b.metric("coinslot_channels_quarantined"); q != 0 {
			t.Fatalf("round %d of an outage quarantined %v channels", round, q)
		}
	}
	if u := b.metric("coinslot_channel_unclaimed_usd"); u != 0.06 {
		t.Fatalf("unclaimed during the outage: %v USD, want 0.06", u)
	}
	proxy.down.Store(false)
	claimed := 0
	for range 2 {
		claimed += b.svc.claimer.Once(context.Background())
	}
	if claimed != len(buyers) {
		t.Fatalf("claimed %d channels within two rounds of the recovery, want %d", claimed, len(buyers))
	}
	if q, u := b.metric("coinslot_channels_quarantined"), b.metric("coinslot_channel_unclaimed_usd"); q != 0 || u != 0 {
		t.Fatalf("after the recovery: %v quarantined, %v USD unclaimed", q, u)
	}
	for i, buyer := range buyers {
		b.agree(chain, buyer, 2, wallets[i], new(big.Int), new(big.Int))
	}

	// The claim lands; its answer does not.
	for _, buyer := range buyers {
		if r := b.send(buyer.Voucher(b.times(3))); r.status != http.StatusOK {
			t.Fatalf("voucher: %d %q", r.status, r.required.Error)
		}
	}
	proxy.lose.Store(true)
	if n := b.svc.claimer.Once(context.Background()); n != len(buyers) {
		t.Fatalf("a claim whose answer was lost: %d channels counted as claimed, want %d", n, len(buyers))
	}
	proxy.lose.Store(false)
	if q, u := b.metric("coinslot_channels_quarantined"), b.metric("coinslot_channel_unclaimed_usd"); q != 0 || u != 0 {
		t.Fatalf("after a lost answer: %v quarantined, %v USD unclaimed", q, u)
	}
	for i, buyer := range buyers {
		b.agree(chain, buyer, 3, wallets[i], new(big.Int), new(big.Int))
	}
}

// A retry of the latest voucher is the same request when it is for the
// same route and the same canonical request: re-ordered keys get the
// answer again without a charge; the same voucher and body for another
// tool never get the first tool's answer. Over HTTP and over MCP, whose
// tools share one resource.
func TestBatchVoucherRetryIsTheSameRequestOnTheSameRoute(t *testing.T) {
	b := startBatchSandbox(t)
	chain := b.svc.sandbox.Client()
	payer := b.buyer(buyer1, 31)
	wallet := b.tokenBalanceOn(chain, crypto.PubkeyToAddress(payer.Key.PublicKey))
	deposit := b.times(10)
	if r := b.send(payer.Deposit(deposit, b.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	businessDays := b.url
	voucher := func(n int64) string {
		p, err := payer.Voucher(b.times(n))
		if err != nil {
			t.Fatal(err)
		}
		h, err := x402.EncodeHeader(p)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	res, first, err := post(businessDays, []byte(`{"start_date":"2024-12-20","end_date":"2025-01-03"}`), voucher(2))
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("voucher: %v %d %s", err, res.StatusCode, first)
	}
	res, again, err := post(businessDays, []byte(`{ "end_date": "2025-01-03",  "start_date": "2024-12-20" }`), voucher(2))
	if err != nil || res.StatusCode != http.StatusOK || string(again) != string(first) {
		t.Fatalf("the voucher retried with re-ordered keys: %v %d %s, want the first answer %s", err, res.StatusCode, again, first)
	}
	var settled x402.SettleResponse
	if x402.DecodeHeader(res.Header.Get(x402.HeaderResponse), &settled) != nil || settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(2).String() {
		t.Fatalf("the redelivered settlement %+v", settled)
	}

	// business_days with {}, then the same voucher and body for currency_rates.
	res, days, err := post(businessDays, []byte(`{}`), voucher(3))
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("voucher: %v %d %s", err, res.StatusCode, days)
	}
	b.sell("currency_rates")
	res, rates, err := post(b.url, []byte(`{}`), voucher(3))
	if err != nil || res.StatusCode != http.StatusPaymentRequired || string(rates) == string(days) {
		t.Fatalf("business_days' voucher retried on currency_rates: %v %d %s", err, res.StatusCode, rates)
	}

	// Over MCP: the next voucher pays for business_days; retried with
	// re-ordered keys, the answer again; for currency_rates, a refusal.
	mcp := func(tool, args string, n int64) *toolResult {
		t.Helper()
		b.sell(tool) // the voucher names the tool's resource
		p, err := b.buyer(buyer1, 31).Voucher(b.times(n))
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&mcpSeller{b: &buyer{http: client, base: b.base}, tool: tool}).call([]byte(args), p)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	paid := mcp("business_days", `{"start_date":"2024-12-20","end_date":"2025-01-10"}`, 4)
	if paid.IsError {
		t.Fatalf("voucher over MCP: %s", paid.StructuredContent)
	}
	retried := mcp("business_days", `{"end_date":"2025-01-10","start_date":"2024-12-20"}`, 4)
	if retried.IsError || string(retried.StructuredContent) != string(paid.StructuredContent) {
		t.Fatalf("the voucher retried over MCP with re-ordered keys: %s, want %s", retried.StructuredContent, paid.StructuredContent)
	}
	other := mcp("currency_rates", `{"start_date":"2024-12-20","end_date":"2025-01-10"}`, 4)
	if !other.IsError || string(other.StructuredContent) == string(paid.StructuredContent) {
		t.Fatalf("business_days' voucher retried over MCP on currency_rates: %s", other.StructuredContent)
	}
	other = mcp("currency_rates", `{}`, 4)
	if !other.IsError || !strings.Contains(string(other.StructuredContent), x402.BatchCumulativeMismatch) {
		t.Fatalf("business_days' voucher retried over MCP on currency_rates: %s", other.StructuredContent)
	}
	b.agree(chain, payer, 4, wallet, deposit, new(big.Int))
}

// initiateWithdraw is the buyer beginning a timed withdrawal of the
// channel's whole balance on chain, past the seller.
func (b *batchSandbox) initiateWithdraw(buyer *x402.BatchBuyer, amount *big.Int) {
	b.t.Helper()
	cfg, err := buyer.Config()
	if err != nil {
		b.t.Fatal(err)
	}
	ch, err := cfg.Parse()
	if err != nil {
		b.t.Fatal(err)
	}
	batch := channels.NewBatchSettlement()
	data := batch.PackInitiateWithdraw(channels.ChannelConfig{Payer: ch.Payer, PayerAuthorizer: ch.PayerAuthorizer, Receiver: ch.Receiver,
		ReceiverAuthorizer: ch.ReceiverAuthorizer, Token: ch.Token, WithdrawDelay: new(big.Int).SetUint64(ch.WithdrawDelay), Salt: ch.Salt}, amount)
	ctx := context.Background()
	sb := b.svc.sandbox
	opts := bind.NewKeyedTransactor(buyer.Key, sb.Network.ChainID)
	opts.Context = ctx
	tx, err := bind.Transact(batch.Instance(sb.Client(), x402.BatchSettlementAddress), opts, data)
	if err != nil {
		b.t.Fatal(err)
	}
	if err := sb.Mine(ctx, tx.Hash()); err != nil {
		b.t.Fatal(err)
	}
}

// A buyer's withdrawal begun on chain reaches the seller's record within a
// survey of the running claimer, with no call on the channel, and its
// charges are claimed at once rather than at the next claim interval (5
// minutes here); so is every charge served while the withdrawal runs.
func TestBatchChainWatchSeesAWithdrawal(t *testing.T) {
	b := startBatchSandbox(t)
	chain := b.svc.sandbox.Client()
	buyer := b.buyer(buyer2, 41)
	wallet := b.tokenBalanceOn(chain, crypto.PubkeyToAddress(buyer.Key.PublicKey))
	deposit := b.times(5)
	if r := b.send(buyer.Deposit(deposit, b.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK {
		t.Fatalf("voucher: %d %q", r.status, r.required.Error)
	}
	b.initiateWithdraw(buyer, deposit)
	// The claimer surveys every 5 s.
	eventually(t, "withdrawal in the seller's record", func() bool { return b.record(buyer).WithdrawRequestedAt != 0 })
	eventually(t, "claim of the withdrawing channel's 2 calls", func() bool { return b.onChain(chain, buyer).TotalClaimed == b.times(2).String() })
	// The withdrawal ends in 15 minutes, two claim intervals away: the
	// channel is still served, and each charge claimed within a survey.
	if r := b.send(buyer.Voucher(b.times(3))); r.status != http.StatusOK {
		t.Fatalf("voucher during the withdrawal: %d %q", r.status, r.required.Error)
	}
	eventually(t, "claim of a call served during the withdrawal", func() bool { return b.onChain(chain, buyer).TotalClaimed == b.times(3).String() })
	b.agree(chain, buyer, 3, wallet, deposit, new(big.Int))
}

// Two instances on one ledger: one keeps serving a channel's vouchers as
// fast as the buyer sends them while the other refunds it. Whatever the
// interleaving, every answer served is claimed by the refund or stays
// covered on chain, and the buyer got back exactly the rest.
func TestBatchRefundRacesCallsAcrossInstances(t *testing.T) {
	slow(t)
	transports(t, refundRacesCallsAcrossInstances)
}

func refundRacesCallsAcrossInstances(t *testing.T, overMCP bool) {
	a, b := startSharedSandboxes(t, nil)
	a.overMCP, b.overMCP = overMCP, overMCP
	chain := a.svc.sandbox.Client()
	buyer := a.buyer(buyer1, 13)
	wallet := a.tokenBalanceOn(chain, crypto.PubkeyToAddress(buyer.Key.PublicKey))
	deposit := a.times(2000)
	if r := a.send(buyer.Deposit(deposit, a.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	var charged atomic.Int64
	charged.Store(1)
	done := make(chan struct{})
	go func() { // a buyer calling every 10 ms, until refused 5 times in a row
		defer close(done)
		for refused := 0; refused < 5; time.Sleep(10 * time.Millisecond) {
			n := charged.Load() + 1
			if r := b.send(buyer.Voucher(a.times(n))); r.status == http.StatusOK {
				charged.Store(n)
				refused = 0
			} else {
				refused++
			}
		}
	}()
	time.Sleep(100 * time.Millisecond) // a few calls in
	refunded := new(big.Int)
	for deadline := time.Now().Add(30 * time.Second); ; {
		r := a.send(buyer.Refund(a.times(charged.Load()), nil))
		if r.status == http.StatusOK {
			refunded.SetString(r.settled.Amount, 10)
			break
		}
		if time.Now().After(deadline) {
			<-done
			t.Fatalf("no refund in 30 s: %d %q", r.status, r.required.Error)
		}
	}
	<-done
	t.Logf("%d calls served on one instance, then a refund of %s on the other", charged.Load(), refunded)
	a.agree(chain, buyer, charged.Load(), wallet, deposit, refunded)
	if st := a.onChain(chain, buyer); st.Balance != st.TotalClaimed {
		t.Errorf("after the refund the channel holds %s with %s claimed: the refund left something", st.Balance, st.TotalClaimed)
	}
}

// A quarantine is in the channel's record: the other instance sharing the
// ledger, taking over the claims, leaves the channel out too, while the
// good channel beside it is claimed.
func TestBatchQuarantineIsSharedAcrossInstances(t *testing.T) {
	slow(t)
	a, b := startSharedSandboxes(t, nil)
	chain := a.svc.sandbox.Client()
	good, bad := a.buyer(buyer1, 51), a.buyer(buyer2, 52)
	wallet := a.tokenBalanceOn(chain, crypto.PubkeyToAddress(good.Key.PublicKey))
	for _, buyer := range []*x402.BatchBuyer{good, bad} {
		if r := a.send(buyer.Deposit(a.times(5), a.times(1), time.Now())); r.status != http.StatusOK {
			t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
		}
	}
	rec := a.record(bad)
	forged, _ := good.Voucher(a.times(1))
	rec.Signature = forged.Payload.BatchPayload.Voucher.Signature
	if err := a.svc.ledger.PutChannel(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	if n := a.svc.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("the first instance claimed %d channels, want the good one", n)
	}
	if n := b.svc.claimer.Once(context.Background()); n != 0 {
		t.Fatalf("the other instance claimed %d channels, want none: the bad one is quarantined", n)
	}
	if g := b.metric("coinslot_channels_quarantined"); g != 1 {
		t.Fatalf("the other instance's quarantine gauge %v, want 1", g)
	}
	a.agree(chain, good, 1, wallet, a.times(5), new(big.Int))
}
