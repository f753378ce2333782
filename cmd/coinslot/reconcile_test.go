package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// A payment that reached the sandbox chain while the process died before
// Record stays pending in the ledger; reconciliation finds its transaction
// on chain by payer and nonce, and /receipt then serves its receipt.
func TestReconcileASettlementInterruptedBeforeRecord(t *testing.T) {
	slow(t)
	ln, base, cfg := sandboxOn(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	svc, err := start(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := edge.HTTPServer(svc.Handler, cfg.Limits)
	go srv.Serve(ln)
	t.Cleanup(func() {
		srv.Shutdown()
		svc.Close()
		cancel()
	})

	// The pipeline's steps up to /settle, then the crash.
	const path = "/paid/utility/business-days"
	res, _, err := post(base+path, []byte(`{}`), "")
	if err != nil || res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("terms: %v %v", res, err)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &terms); err != nil {
		t.Fatal(err)
	}
	_, payment, err := x402.Pay(svc.sandbox.Buyers[0].Key, &terms, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	a := payment.Payload.Authorization
	validBefore, _ := strconv.ParseInt(a.ValidBefore, 10, 64)
	draft := &ledger.Receipt{
		Schema: ledger.ReceiptSchema, ReceiptID: "rcpt_interrupted", Network: terms.Accepts[0].Network, Asset: terms.Accepts[0].Asset,
		Payer: a.From, PayTo: a.To, AmountAtomic: a.Value, AmountUSD: "0.01", Tool: "business_days", Endpoint: base + path,
		RequestSHA256: strings.Repeat("a", 64), ResponseSHA256: strings.Repeat("b", 64), ValidBefore: time.Unix(validBefore, 0),
	}
	if err := svc.ledger.Reserve(ctx, a.From, a.Nonce, draft.Tool); err != nil {
		t.Fatal(err)
	}
	if err := svc.ledger.Settling(ctx, a.From, a.Nonce, draft, nil); err != nil {
		t.Fatal(err)
	}
	settled, err := svc.sandbox.Facilitator.Settle(ctx, payment, &terms.Accepts[0])
	if err != nil || !settled.Success {
		t.Fatalf("settle: %+v %v", settled, err)
	}
	if got := get(t, base+"/receipt/"+settled.Transaction); got.StatusCode != http.StatusNotFound {
		t.Fatalf("receipt before reconciliation: HTTP %d", got.StatusCode)
	}

	sb := svc.sandbox
	r, err := upkeep.NewReconciler(upkeep.Reconciliation{
		Ledger: svc.ledger, BaseURL: base, Log: slog.New(slog.DiscardHandler),
		Finders: map[string]upkeep.SettlementFinder{sb.Network.ID: facilitator.Finder{Chain: sb.Client(), ChainID: sb.Network.ChainID, Asset: sb.Network.Asset}},
		Now:     func() time.Time { return time.Now().Add(2 * time.Minute) }, // past the live call's window
	})
	if err != nil {
		t.Fatal(err)
	}
	if left, err := r.Once(ctx); err != nil || left != 0 {
		t.Fatalf("reconcile: %d left, %v", left, err)
	}

	receipt, err := sb.Client().TransactionReceipt(ctx, common.HexToHash(settled.Transaction))
	if err != nil {
		t.Fatal(err)
	}
	block, err := sb.Client().HeaderByNumber(ctx, receipt.BlockNumber)
	if err != nil {
		t.Fatal(err)
	}
	got := get(t, base+"/receipt/"+settled.Transaction)
	var served ledger.Receipt
	if err := json.NewDecoder(got.Body).Decode(&served); err != nil || got.StatusCode != http.StatusOK {
		t.Fatalf("receipt: HTTP %d, %v", got.StatusCode, err)
	}
	want := *draft
	want.Tx, want.SettledAt, want.ReceiptURL, want.ValidBefore = settled.Transaction, time.Unix(int64(block.Time), 0).UTC(), base+"/receipt/"+settled.Transaction, time.Time{}
	if served != want {
		t.Fatalf("receipt:\n got %+v\nwant %+v", served, want)
	}

	// The gauge is refreshed by the reconciler's next pass over the journal.
	eventually(t, "coinslot_settlements_pending{age=\"under_1m\"} 0 in /metrics", func() bool {
		text, _ := io.ReadAll(get(t, base+"/metrics").Body)
		return strings.Contains(string(text), "\ncoinslot_settlements_pending{age=\"under_1m\"} 0\n")
	})
}

func get(t *testing.T, url string) *http.Response {
	t.Helper()
	res, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// Denial of settlement: while the seller's /settle has no answer, the buyer
// spends the payment's nonce on a transfer of 1 unit to himself. The nonce
// is used on chain, but the seller was not paid: reconciliation finds no
// transfer of the price to pay_to with it, so the payment failed, and the
// buyer's retry gets no answer and no receipt.
func TestReconcileRefusesANonceTheBuyerSpentElsewhere(t *testing.T) {
	slow(t)
	chainBase := startSandbox(t)
	// /settle never reaches the facilitator; the rest does.
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/settle" {
			http.Error(w, "no answer", http.StatusBadGateway)
			return
		}
		req, _ := http.NewRequest(r.Method, chainBase+"/facilitator"+r.URL.Path, r.Body)
		req.Header = r.Header.Clone()
		res, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		w.Header().Set("Content-Type", res.Header.Get("Content-Type"))
		w.WriteHeader(res.StatusCode)
		io.Copy(w, res.Body)
	}))
	t.Cleanup(proxy.Close)
	ln, base, cfg := sandboxOn(t, "", "COINSLOT_CHAIN_RPC="+chainBase+"/sandbox/rpc", "COINSLOT_FACILITATOR_URL="+proxy.URL)
	svc := startService(t, ln, cfg, slog.New(slog.DiscardHandler))

	const path, body = "/paid/utility/business-days", `{"start_date":"2024-12-20","end_date":"2025-01-03"}`
	res, _, err := post(base+path, []byte(body), "")
	if err != nil || res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("terms: %v %v", res, err)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &terms); err != nil {
		t.Fatal(err)
	}
	key, _ := crypto.HexToECDSA(buyer1)
	header, payment, err := x402.Pay(key, &terms, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if res, answer, err := post(base+path, []byte(body), header); err != nil || res.StatusCode != http.StatusGatewayTimeout || !strings.Contains(string(answer), "settlement_pending") {
		t.Fatalf("paid call with /settle unanswered: %v %v %s", res, err, answer)
	}

	// The buyer's own transfer under the same nonce: 1 unit, to himself.
	mine := payment.Accepted
	mine.PayTo, mine.Amount = crypto.PubkeyToAddress(key.PublicKey).Hex(), "1"
	auth := payment.Payload.Authorization
	auth.To, auth.Value = mine.PayTo, mine.Amount
	domain, _ := x402.DomainOf(&mine)
	own := &x402test.Draft{Payload: x402.Payload{X402Version: 2, Resource: payment.Resource, Accepted: mine,
		Payload: x402.SchemePayload{ExactPayload: &x402.ExactPayload{Authorization: auth}}}, Domain: domain, Key: key}
	spent, err := x402.NewHTTPFacilitator(chainBase+"/facilitator", "").Settle(context.Background(), own.Sign(t), &mine)
	if err != nil || !spent.Success {
		t.Fatalf("the buyer's own transfer: %+v %v", spent, err)
	}

	chain, err := ethclient.Dial(chainBase + "/sandbox/rpc")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(chain.Close)
	reg := prometheus.NewRegistry()
	r, err := upkeep.NewReconciler(upkeep.Reconciliation{
		Ledger: svc.ledger, BaseURL: base, Log: slog.New(slog.DiscardHandler), Metrics: reg,
		Finders: map[string]upkeep.SettlementFinder{facilitator.SandboxNetwork(1337).ID: facilitator.Finder{Chain: chain, ChainID: facilitator.SandboxNetwork(1337).ChainID, Asset: facilitator.SandboxNetwork(1337).Asset}},
		Now:     func() time.Time { return time.Now().Add(2 * time.Minute) }, // past the live call's window
	})
	if err != nil {
		t.Fatal(err)
	}
	if left, err := r.Once(context.Background()); err != nil || left != 0 {
		t.Fatalf("reconcile: %d left, %v", left, err)
	}
	res, answer, err := post(base+path, []byte(body), header)
	if err != nil || res.StatusCode != http.StatusPaymentRequired || res.Header.Get(x402.HeaderResponse) != "" ||
		!strings.Contains(string(answer), `"reason":"`+facilitator.ReasonNonceUsed+`"`) {
		t.Fatalf("retry of the denied payment: %v %v %v %s", res, err, res.Header, answer)
	}
	if got := get(t, base+"/receipt/"+spent.Transaction); got.StatusCode != http.StatusNotFound {
		t.Fatalf("a receipt for the buyer's own transaction: HTTP %d", got.StatusCode)
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader(`
# HELP coinslot_settlements_reconciled_total Pending payments resolved from the chain, by outcome.
# TYPE coinslot_settlements_reconciled_total counter
coinslot_settlements_reconciled_total{outcome="denied"} 1
`), "coinslot_settlements_reconciled_total"); err != nil {
		t.Fatal(err)
	}

	if paid, err := sellerOnChain(chainBase); err != nil || paid.Sign() != 0 {
		t.Fatalf("the seller holds %v (%v)", paid, err)
	}
}
