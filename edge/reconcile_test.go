package edge

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// fakeChain answers FindSettlement from a table: payer|nonce → settlement.
type fakeChain struct {
	mu      sync.Mutex
	settled map[string]fakeSettlement
	err     error
	asked   []time.Time // every search's start
}

type fakeSettlement struct {
	tx string
	at time.Time
}

func (c *fakeChain) FindSettlement(_ context.Context, payer, nonce string, after time.Time) (string, time.Time, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, after)
	s := c.settled[payer+"|"+nonce]
	return s.tx, s.at, c.err
}

// reconcilerFor reconciles the harness's ledger against chain, with a clock
// the test sets.
func (h *harness) reconcilerFor(chain SettlementFinder, now *time.Time) *Reconciler {
	h.t.Helper()
	r, err := NewReconciler(Reconciliation{
		Ledger: h.store, Finder: chain, BaseURL: testBase, Metrics: prometheus.NewRegistry(),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return *now },
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

func (r *Reconciler) wantCounts(t *testing.T, pending, settled, released, failed float64) {
	t.Helper()
	got := [4]float64{testutil.ToFloat64(r.pending), testutil.ToFloat64(r.reconciled.WithLabelValues(reconciledSettled)),
		testutil.ToFloat64(r.reconciled.WithLabelValues(reconciledReleased)), testutil.ToFloat64(r.reconciled.WithLabelValues(reconciledFailed))}
	if want := [4]float64{pending, settled, released, failed}; got != want {
		t.Fatalf("pending, settled, released, failed = %v, want %v", got, want)
	}
}

func once(t *testing.T, r *Reconciler, wantLeft int) {
	t.Helper()
	left, err := r.Once(context.Background())
	if err != nil || left != wantLeft {
		t.Fatalf("Once: %d left (%v), want %d", left, err, wantLeft)
	}
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

	chain := &fakeChain{settled: map[string]fakeSettlement{}}
	now := pend[0].Since.Add(30 * time.Second)
	r := h.reconcilerFor(chain, &now)
	once(t, r, 0) // a call may still be settling it
	if len(chain.asked) != 0 {
		t.Fatalf("a payment settling for 30s was looked up")
	}
	now = pend[0].Since.Add(time.Minute)
	once(t, r, 1) // not on chain yet, and its expiry is unknown
	r.wantCounts(t, 1, 0, 0, 0)

	blockTime := time.Date(2026, 5, 4, 10, 11, 12, 0, time.FixedZone("CEST", 2*3600))
	chain.settled[pend[0].Payer+"|"+pend[0].Nonce] = fakeSettlement{settled.Transaction, blockTime}
	once(t, r, 0)
	r.wantCounts(t, 0, 1, 0, 0)
	if want := pend[0].Since.Add(-ledger.DefaultHold); !chain.asked[1].Equal(want) {
		t.Fatalf("searched from %v, want a hold before Settling: %v", chain.asked[1], want)
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
	if again := h.pay(echoPath, echoBody, p); again.status != 402 || !bytes.Contains(again.body, []byte("payment_replayed")) {
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
	if err := h.store.Settling(ctx, a.From, a.Nonce, would); err != nil {
		t.Fatal(err)
	}
	since := h.pending()[0].Since

	chain := &fakeChain{}
	now := since.Add(time.Minute)
	r := h.reconcilerFor(chain, &now)
	once(t, r, 1) // still valid: it may land
	now = validBefore.Add(expiryMargin - time.Second)
	once(t, r, 1) // expired, but a late block may still carry it
	r.wantCounts(t, 1, 0, 0, 0)
	if len(chain.asked) != 2 {
		t.Fatalf("looked up %d times, want 2", len(chain.asked))
	}

	chain.err = errors.New("connection refused")
	now = validBefore.Add(expiryMargin)
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 1)

	chain.err = nil
	once(t, r, 0)
	r.wantCounts(t, 0, 0, 1, 1)
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

// Without a chain to read, pending payments are counted, never resolved.
func TestReconcileWithoutAChainOnlyCounts(t *testing.T) {
	h := newHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	if r := h.pay(echoPath, echoBody, h.payment(echoPath, nil)); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	now := h.pending()[0].Since.Add(24 * time.Hour)
	r := h.reconcilerFor(nil, &now)
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 0)
	if len(h.pending()) != 1 {
		t.Fatalf("pending %+v", h.pending())
	}
}
