package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/upkeep/upkeeptest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
)

// The reconciler's own tests are in edge/upkeep (reconcile_test.go). Those
// here meet it with the server: a paid call whose process died before
// Record, reconciled and then served at /receipt and replayed; a released
// authorization the server refuses; a deposit whose charge the server's
// channel book makes or drops (DepositLanded, DepositFailed).

// reconcilerFor reconciles the harness's ledger against chain, with a clock
// the test sets, logging to the server's log when it has one.
func (h *harness) reconcilerFor(chain upkeep.SettlementFinder, now *time.Time) *upkeeptest.Reconciling {
	h.t.Helper()
	log := h.srv.pay.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return upkeeptest.NewReconciling(h.t, upkeep.Reconciliation{
		Ledger: h.store, Finders: map[string]upkeep.SettlementFinder{x402.Base.ID: chain}, BaseURL: testBase,
		Log: log, Now: func() time.Time { return *now },
	})
}

// A payment settled on chain whose process died before Record gets its
// receipt from reconciliation, and /receipt serves it.
func TestReconcileRecordsASettledPayment(t *testing.T) {
	h := newHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	p := h.payment(echoPath, nil)
	paid := h.pay(echoPath, echoBody, p)
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(paid.header[x402.HeaderResponse], &settled); err != nil || paid.status != 200 {
		t.Fatalf("%d %s %v", paid.status, paid.body, err)
	}
	h.start()
	pend := h.pending()
	if len(pend) != 1 {
		t.Fatalf("pending %+v", pend)
	}

	chain := x402test.New()
	now := pend[0].Since.Add(time.Second)
	r := h.reconcilerFor(chain, &now)
	r.Pass(t, 1) // counted, but a call most likely records it in a moment
	r.WantCounts(t, 1, 0, 0, 0)
	if len(chain.Asked()) != 0 {
		t.Fatalf("a payment settling for 1s was looked up")
	}
	now = pend[0].Since.Add(upkeep.FirstLook)
	r.Pass(t, 1) // not on chain yet, and its expiry is unknown
	r.WantCounts(t, 1, 0, 0, 0)

	blockTime := time.Date(2026, 5, 4, 10, 11, 12, 0, time.FixedZone("CEST", 2*3600))
	chain.Land(pend[0].Payer, pend[0].Nonce, x402test.Landed{Tx: settled.Transaction, At: blockTime})
	now = now.Add(upkeep.FirstLook - time.Millisecond)
	r.Pass(t, 1) // backing off
	now = now.Add(time.Millisecond)
	r.Pass(t, 0)
	r.WantCounts(t, 0, 1, 0, 0)
	if want := pend[0].Since.Add(-ledger.DefaultHold); !chain.Asked()[1].Equal(want) {
		t.Fatalf("searched from %v, want a hold before Settling: %v", chain.Asked()[1], want)
	}
	if len(h.pending()) != 0 {
		t.Fatalf("still pending: %+v", h.pending())
	}

	got := h.do("GET", "/receipt/"+settled.Transaction, "", nil)
	want := pend[0].Receipt
	want.Tx, want.SettledAt, want.ReceiptURL = settled.Transaction, blockTime.UTC(), testBase+"/receipt/"+settled.Transaction
	wantBody := mustJSON(t, &want)
	if got.status != 200 || !bytes.Equal(got.body, wantBody) {
		t.Fatalf("receipt: %d %s\nwant %s", got.status, got.body, wantBody)
	}
	if again := h.pay(echoPath, echoBody, p); again.status != 200 || !bytes.Equal(again.body, paid.body) {
		t.Fatalf("replay after reconciliation: %d %s", again.status, again.body)
	}
}

// A payment whose authorization expired without reaching the chain is
// released; the authorization itself cannot buy anything any more.
func TestReconcileReleasesAnExpiredPayment(t *testing.T) {
	h := newHarness(t)
	p := h.payment(echoPath, nil)
	a := p.Payload.Authorization
	unix, _ := strconv.ParseInt(a.ValidBefore, 10, 64)
	validBefore := time.Unix(unix, 0).UTC()
	would := &ledger.Receipt{Schema: ledger.ReceiptSchema, Payer: a.From, Tool: "test_echo", ValidBefore: validBefore}
	ctx := context.Background()
	if err := h.store.Reserve(ctx, a.From, a.Nonce, "test_echo"); err != nil {
		t.Fatal(err)
	}
	if err := h.store.Settling(ctx, a.From, a.Nonce, would, nil); err != nil {
		t.Fatal(err)
	}
	since := h.pending()[0].Since

	chain := x402test.New()
	now := since.Add(time.Minute)
	r := h.reconcilerFor(chain, &now)
	r.Pass(t, 1) // still valid: it may land
	now = validBefore.Add(upkeep.ExpiryMargin - upkeep.MaxBackoff)
	r.Pass(t, 1) // expired, but a late block may still carry it
	r.WantCounts(t, 1, 0, 0, 0)
	if len(chain.Asked()) != 2 {
		t.Fatalf("looked up %d times, want 2", len(chain.Asked()))
	}

	chain.FailLookups(errors.New("connection refused"))
	now = validBefore.Add(upkeep.ExpiryMargin)
	r.Pass(t, 1)
	r.WantCounts(t, 1, 0, 0, 1)

	chain.FailLookups(nil)
	now = now.Add(upkeep.MaxBackoff)
	r.Pass(t, 0)
	r.WantCounts(t, 0, 0, 1, 1)
	if len(h.pending()) != 0 {
		t.Fatalf("still pending: %+v", h.pending())
	}

	h.srv.pay.Now = func() time.Time { return now }
	again := h.pay(echoPath, echoBody, p)
	if code, reason := again.errorOf(t); again.status != 402 || code != "payment_invalid" || reason != x402.ReasonValidBefore {
		t.Fatalf("the released authorization: %d %s", again.status, again.body)
	}
	if runs := h.rt.runs.Load(); runs != 0 {
		t.Fatalf("the tool ran %d times", runs)
	}
}

// A deposit in doubt is resolved from the chain through the channel book:
// found paying the deposit into the channel, its call is charged with its
// kept answer and the pair is settled; spent on something else, or expired
// unused, its charge and answer are dropped and the pair is released, so
// no answer is left unpaid and nothing is charged.
func TestReconcileADepositInDoubt(t *testing.T) {
	const (
		channel = "0x00000000000000000000000000000000000000000000000000000000000c4a11"
		dnonce  = "0x00000000000000000000000000000000000000000000000000000000000d3905"
		tx      = "0x0000000000000000000000000000000000000000000000000000000000007a11"
	)
	answer := []byte(`{"answer":1}`)
	for _, tc := range []struct {
		name    string
		chain   x402test.Landed
		expired bool
		want    ledger.State
	}{
		{"landed", x402test.Landed{Tx: tx, At: time.Unix(1_800_000_000, 0)}, false, ledger.Settled},
		{"spent elsewhere", x402test.Landed{Tx: tx, Denied: true}, false, ledger.Free},
		{"expired unused", x402test.Landed{}, true, ledger.Free},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			ctx := context.Background()
			payer := strings.ToLower(buyer)
			rec := &ledger.Channel{ID: channel, Charged: "20000", SignedMax: "20000", Signature: "0xold", Balance: "30000", TotalClaimed: "0",
				Deposit: &ledger.PendingDeposit{Nonce: dnonce, Amount: "50000", Charged: "30000", Signature: "0xnew", Tool: "test_echo",
					Request: "req", Answer: answer, Settlement: []byte(`{"success":true,"network":"` + x402.Base.ID + `","extra":{"chargedAmount":"10000","channelState":{"balance":"80000"}}}`)}}
			if err := h.store.PutChannel(ctx, rec); err != nil {
				t.Fatal(err)
			}
			validBefore := time.Now().Add(time.Minute).Truncate(time.Second)
			must := func(err error) {
				if err != nil {
					t.Fatal(err)
				}
			}
			must(h.store.Reserve(ctx, payer, dnonce, "test_echo"))
			must(h.store.Settling(ctx, payer, dnonce, &ledger.Receipt{Schema: ledger.ReceiptSchema, Network: x402.Base.ID, Payer: payer,
				PayTo: x402.ERC3009CollectorAddress.Hex(), AmountAtomic: "50000", Tool: "test_echo", Channel: channel, ChargedCumulative: "30000", ValidBefore: validBefore}, answer))
			now := h.pending()[0].Since.Add(upkeep.FirstLook)
			if tc.expired {
				now = validBefore.Add(upkeep.ExpiryMargin + time.Second)
			}
			chain := x402test.New()
			chain.Land(payer, dnonce, tc.chain)
			r, err := upkeep.NewReconciler(upkeep.Reconciliation{Ledger: h.store, Finders: map[string]upkeep.SettlementFinder{x402.Base.ID: chain}, BaseURL: testBase,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now }, Deposits: h.srv})
			if err != nil {
				t.Fatal(err)
			}
			if left, err := r.Once(ctx); err != nil || left != 0 {
				t.Fatalf("reconcile: %d left, %v", left, err)
			}
			pm, err := h.store.Payment(ctx, payer, dnonce)
			if err != nil || pm.State != tc.want {
				t.Fatalf("the deposit's pair: %+v, %v; want %s", pm, err, tc.want)
			}
			got, err := h.store.Channel(ctx, channel)
			if err != nil {
				t.Fatal(err)
			}
			if got.Deposit != nil {
				t.Fatalf("the deposit is still pending on the channel: %+v", got.Deposit)
			}
			if tc.want == ledger.Free {
				if got.Charged != "20000" || got.Signature != "0xold" || got.Balance != "30000" || got.Answer != nil {
					t.Fatalf("a deposit that never paid: charged %s, signature %s, balance %s, answer %s; want the record as it was", got.Charged, got.Signature, got.Balance, got.Answer)
				}
				return
			}
			var settled x402.SettleResponse
			if err := json.Unmarshal(got.Settlement, &settled); err != nil {
				t.Fatal(err)
			}
			if got.Charged != "30000" || got.SignedMax != "30000" || got.Signature != "0xnew" || got.Balance != "80000" || !got.SyncedAt.IsZero() ||
				string(got.Answer) != string(answer) || got.Tool != "test_echo" || got.Request != "req" || settled.Transaction != tx || settled.Extra.ChannelState.Balance != "80000" {
				t.Fatalf("the channel after its deposit landed: %+v (settlement %s)", got, got.Settlement)
			}
		})
	}
}
