package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
)

// A payment that reached the sandbox chain while the process died before
// Record stays pending in the ledger; reconciliation finds its transaction
// on chain by payer and nonce, and /receipt then serves its receipt.
func TestReconcileASettlementInterruptedBeforeRecord(t *testing.T) {
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
	r, err := edge.NewReconciler(edge.Reconciliation{
		Ledger: svc.ledger, BaseURL: base, Log: slog.New(slog.DiscardHandler),
		Finder: facilitator.Finder{Chain: sb.Client(), ChainID: sb.Network.ChainID, Asset: sb.Network.Asset}, Network: sb.Network.ID,
		Now: func() time.Time { return time.Now().Add(2 * time.Minute) }, // past the live call's window
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
