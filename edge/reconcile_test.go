package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/prometheus/client_golang/prometheus"
)

// fakeChain answers FindSettlement from a table: payer|nonce → settlement.
type fakeChain struct {
	mu      sync.Mutex
	settled map[string]fakeSettlement
	err     error
	asked   []time.Time // every search's start
}

type fakeSettlement struct {
	tx     string
	at     time.Time
	denied bool // the nonce paid someone else, or another amount
}

func (c *fakeChain) FindSettlement(_ context.Context, a *x402.Authorization, after time.Time) (string, time.Time, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, after)
	s := c.settled[a.From+"|"+a.Nonce]
	return s.tx, s.at, s.tx != "" && !s.denied, c.err
}

// reconciling is a reconciler and the registry its metrics are exported to.
type reconciling struct {
	*upkeep.Reconciler
	metrics *prometheus.Registry
}

// reconcilerFor reconciles the harness's ledger against chain, with a clock
// the test sets, logging to the server's log when it has one.
func (h *harness) reconcilerFor(chain upkeep.SettlementFinder, now *time.Time) *reconciling {
	h.t.Helper()
	reg := prometheus.NewRegistry()
	log := h.srv.pay.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	r, err := upkeep.NewReconciler(upkeep.Reconciliation{
		Ledger: h.store, Finders: map[string]upkeep.SettlementFinder{x402.Base.ID: chain}, BaseURL: testBase, Metrics: reg,
		Log: log, Now: func() time.Time { return *now },
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return &reconciling{r, reg}
}

func (r *reconciling) wantCounts(t *testing.T, pending, settled, released, failed float64) {
	t.Helper()
	got := [4]float64{r.pendingCount(t), r.reconciled(t, "settled"), r.reconciled(t, "released"), r.reconciled(t, "failed")}
	if want := [4]float64{pending, settled, released, failed}; got != want {
		t.Fatalf("pending, settled, released, failed = %v, want %v", got, want)
	}
}

// series is every series of the metric name, by the value of its one
// label.
func (r *reconciling) series(t *testing.T, name string) map[string]float64 {
	t.Helper()
	families, err := r.metrics.Gather()
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]float64{}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			values[m.GetLabel()[0].GetValue()] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	return values
}

// reconciled is coinslot_settlements_reconciled_total{outcome}.
func (r *reconciling) reconciled(t *testing.T, outcome string) float64 {
	return r.series(t, "coinslot_settlements_reconciled_total")[outcome]
}

// A pending payment whose nonce the chain shows spent by a transaction that
// did not pay the price to pay_to is a failed payment: the pair is released
// with its answer, nothing is recorded, and the denial is counted.
func TestReconcileReleasesADeniedPayment(t *testing.T) {
	h := newHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	if r := h.pay(echoPath, echoBody, h.payment(echoPath, nil)); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	pend := h.pending()
	if len(pend) != 1 {
		t.Fatalf("pending %+v", pend)
	}
	const theirs = "0x" + "ab0000000000000000000000000000000000000000000000000000000000cd"
	now := pend[0].Since.Add(upkeep.FirstLook)
	chain := &fakeChain{settled: map[string]fakeSettlement{pend[0].Payer + "|" + pend[0].Nonce: {tx: theirs, at: now, denied: true}}}
	r := h.reconcilerFor(chain, &now)
	once(t, r, 0)
	r.wantCounts(t, 0, 0, 0, 0)
	if got := r.reconciled(t, "denied"); got != 1 {
		t.Fatalf("denied %v, want 1", got)
	}
	pm, err := h.store.Payment(context.Background(), pend[0].Payer, pend[0].Nonce)
	if err != nil || pm.State != ledger.Free || pm.Answer != nil {
		t.Fatalf("the denied pair: %+v %v", pm, err)
	}
	if got := h.do("GET", "/receipt/"+theirs, "", nil); got.status != 404 {
		t.Fatalf("receipt of the payer's own transaction: %d %s", got.status, got.body)
	}
}

// A pending payment whose nonce the chain shows spent by no transaction it
// can name (a Permit2 nonce a permit to another spender used) is denied
// too, once its authorization has expired; a lookup that failed otherwise
// leaves it pending.
func TestReconcileReleasesAPaymentSpentUnnamed(t *testing.T) {
	h := newHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	if r := h.pay(echoPath, echoBody, h.payment(echoPath, nil)); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	pend := h.pending()
	if len(pend) != 1 {
		t.Fatalf("pending %+v", pend)
	}
	now := pend[0].Since.Add(upkeep.FirstLook)
	chain := &fakeChain{err: errors.New("Permit2 nonce 7 of the payer is used, and a transaction ran an x402 proxy from another contract")}
	r := h.reconcilerFor(chain, &now)
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 1)

	// Spent by no transaction found: pending while the authorization
	// lasts (a node's logs may lag its state), denied once it expired.
	now = now.Add(upkeep.MaxBackoff)
	chain.err = fmt.Errorf("Permit2 nonce 7 of the payer is used, but no transaction sent it to an x402 proxy: %w", x402.ErrNonceSpent)
	once(t, r, 1)
	if got := r.reconciled(t, "denied"); got != 0 {
		t.Fatalf("denied %v before the authorization expired", got)
	}
	now = pend[0].Receipt.ValidBefore.Add(upkeep.ExpiryMargin)
	once(t, r, 0)
	r.wantCounts(t, 0, 0, 0, 1)
	if got := r.reconciled(t, "denied"); got != 1 {
		t.Fatalf("denied %v, want 1", got)
	}
	pm, err := h.store.Payment(context.Background(), pend[0].Payer, pend[0].Nonce)
	if err != nil || pm.State != ledger.Free || pm.Answer != nil {
		t.Fatalf("the denied pair: %+v %v", pm, err)
	}
}

// pendingCount is coinslot_settlements_pending summed over its ages.
func (r *reconciling) pendingCount(t *testing.T) float64 {
	var n float64
	for _, v := range r.series(t, "coinslot_settlements_pending") {
		n += v
	}
	return n
}

func once(t *testing.T, r *reconciling, wantLeft int) {
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
	now := pend[0].Since.Add(time.Second)
	r := h.reconcilerFor(chain, &now)
	once(t, r, 1) // counted, but a call most likely records it in a moment
	r.wantCounts(t, 1, 0, 0, 0)
	if len(chain.asked) != 0 {
		t.Fatalf("a payment settling for 1s was looked up")
	}
	now = pend[0].Since.Add(upkeep.FirstLook)
	once(t, r, 1) // not on chain yet, and its expiry is unknown
	r.wantCounts(t, 1, 0, 0, 0)

	blockTime := time.Date(2026, 5, 4, 10, 11, 12, 0, time.FixedZone("CEST", 2*3600))
	chain.settled[pend[0].Payer+"|"+pend[0].Nonce] = fakeSettlement{tx: settled.Transaction, at: blockTime}
	now = now.Add(upkeep.FirstLook - time.Millisecond)
	once(t, r, 1) // backing off
	now = now.Add(time.Millisecond)
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

	chain := &fakeChain{}
	now := since.Add(time.Minute)
	r := h.reconcilerFor(chain, &now)
	once(t, r, 1) // still valid: it may land
	now = validBefore.Add(upkeep.ExpiryMargin - upkeep.MaxBackoff)
	once(t, r, 1) // expired, but a late block may still carry it
	r.wantCounts(t, 1, 0, 0, 0)
	if len(chain.asked) != 2 {
		t.Fatalf("looked up %d times, want 2", len(chain.asked))
	}

	chain.err = errors.New("connection refused")
	now = validBefore.Add(upkeep.ExpiryMargin)
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 1)

	chain.err = nil
	now = now.Add(upkeep.MaxBackoff)
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

// Every pending payment is counted from its first second, by age; each is
// looked up from upkeep.FirstLook on, at doubling intervals up to upkeep.MaxBackoff.
func TestReconcileBacksOffAndCountsByAge(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	for i := range 2 {
		p := h.payment(echoPath, nil)
		a := p.Payload.Authorization
		if err := h.store.Reserve(ctx, a.From, a.Nonce, "test_echo"); err != nil {
			t.Fatal(err)
		}
		if err := h.store.Settling(ctx, a.From, a.Nonce, &ledger.Receipt{Tool: "test_echo"}, nil); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			time.Sleep(10 * time.Millisecond) // the ledger orders by its own clock
		}
	}
	pend := h.pending()
	chain := &fakeChain{}
	now := pend[1].Since
	r := h.reconcilerFor(chain, &now)
	once(t, r, 2)
	if len(chain.asked) != 0 {
		t.Fatalf("looked up at once: %d", len(chain.asked))
	}
	var lookups []time.Duration // the newer payment's ages at the lookups
	for step := time.Duration(0); step <= 5*time.Minute; step += time.Second {
		now = pend[1].Since.Add(step)
		before := len(chain.asked)
		once(t, r, 2)
		switch len(chain.asked) - before {
		case 2:
			lookups = append(lookups, step)
		case 1:
			t.Fatalf("at %v one payment was looked up, not both", step)
		}
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second, 64 * time.Second,
		124 * time.Second, 184 * time.Second, 244 * time.Second}
	if fmt.Sprint(lookups) != fmt.Sprint(want) {
		t.Fatalf("looked up at %v, want %v", lookups, want)
	}
	if got, want := r.series(t, "coinslot_settlements_pending"), map[string]float64{"under_1m": 0, "1m_to_10m": 2, "10m_to_1h": 0, "over_1h": 0}; !maps.Equal(got, want) {
		t.Fatalf("pending by age: %v, want %v", got, want)
	}
}

// A payment noted while the reconciler runs belongs to a call that may
// still be settling it: it is first looked up once that call has given up,
// upkeep.SettleBudget after, so slow settlements are not all looked up on chain;
// one noted before the reconciler started is looked up from upkeep.FirstLook.
func TestReconcileWaitsForCallsInFlight(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	note := func() ledger.Pending {
		p := h.payment(echoPath, nil)
		a := p.Payload.Authorization
		if err := h.store.Reserve(ctx, a.From, a.Nonce, "test_echo"); err != nil {
			t.Fatal(err)
		}
		if err := h.store.Settling(ctx, a.From, a.Nonce, &ledger.Receipt{Tool: "test_echo"}, nil); err != nil {
			t.Fatal(err)
		}
		for _, pend := range h.pending() {
			if pend.Nonce == a.Nonce {
				return pend
			}
		}
		t.Fatal("not pending")
		return ledger.Pending{}
	}
	earlier := note()
	now := earlier.Since.Add(time.Millisecond)
	chain := &fakeChain{}
	r := h.reconcilerFor(chain, &now)
	time.Sleep(10 * time.Millisecond) // the ledger stamps by its own clock
	live := note()
	lookups := func(p ledger.Pending) (n int) {
		chain.mu.Lock()
		defer chain.mu.Unlock()
		for _, after := range chain.asked {
			if after.Equal(p.Since.Add(-ledger.DefaultHold)) {
				n++
			}
		}
		return n
	}
	for _, step := range []struct {
		after         time.Duration // since the live payment was noted
		earlier, live int           // lookups so far
	}{
		{upkeep.FirstLook, 1, 0},
		{upkeep.SettleBudget - time.Millisecond, 2, 0}, // the live call may still be settling
		{upkeep.SettleBudget, 2, 1},                    // it has given up by now
	} {
		now = live.Since.Add(step.after)
		once(t, r, 2)
		if e, l := lookups(earlier), lookups(live); e != step.earlier || l != step.live {
			t.Fatalf("%v after the live payment was noted: looked up %d times and the live one %d, want %d and %d", step.after, e, l, step.earlier, step.live)
		}
	}
}

// A pending payment on another network than the chain read is never
// released from it: its authorization is unused on this chain whatever
// happened on its own.
func TestReconcileLeavesOtherNetworksPayments(t *testing.T) {
	h := newHarness(t)
	a := h.payment(echoPath, nil).Payload.Authorization
	unix, _ := strconv.ParseInt(a.ValidBefore, 10, 64)
	would := &ledger.Receipt{Schema: ledger.ReceiptSchema, Payer: a.From, Tool: "test_echo", Network: x402.Polygon.ID, ValidBefore: time.Unix(unix, 0).UTC()}
	ctx := context.Background()
	if err := h.store.Reserve(ctx, a.From, a.Nonce, "test_echo"); err != nil {
		t.Fatal(err)
	}
	if err := h.store.Settling(ctx, a.From, a.Nonce, would, nil); err != nil {
		t.Fatal(err)
	}
	chain := &fakeChain{}
	now := would.ValidBefore.Add(upkeep.ExpiryMargin + time.Hour)
	r := h.reconcilerFor(chain, &now)
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 0)
	if len(chain.asked) != 0 {
		t.Fatalf("looked up on Base's chain %d times", len(chain.asked))
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
		chain   fakeSettlement
		expired bool
		want    ledger.State
	}{
		{"landed", fakeSettlement{tx: tx, at: time.Unix(1_800_000_000, 0)}, false, ledger.Settled},
		{"spent elsewhere", fakeSettlement{tx: tx, denied: true}, false, ledger.Free},
		{"expired unused", fakeSettlement{}, true, ledger.Free},
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
			chain := &fakeChain{settled: map[string]fakeSettlement{payer + "|" + dnonce: tc.chain}}
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

// An instance sold on two networks reads each one's chain: a payment left
// pending on Polygon is found on Polygon's chain and recorded there, never
// looked up on Base's, where its nonce is unused; without a reader for a
// network, its payments are counted and left pending.
func TestReconcileReadsEachNetworksChain(t *testing.T) {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: newFacilitatorDouble(t),
		nets: []x402.Network{x402.Base, x402.Polygon}}
	h.start()
	h.srv.pay.Ledger = crashingStore{h.store}
	polygon := *h.terms(echoPath)
	polygon.Accepts = polygon.Accepts[1:]
	_, p, err := x402.Pay(buyerKey, &polygon, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var settled x402.SettleResponse
	if r := h.pay(echoPath, echoBody, p); r.status != 200 || x402.DecodeHeader(r.header[x402.HeaderResponse], &settled) != nil || settled.Network != x402.Polygon.ID {
		t.Fatalf("paid on Polygon: %d %s", r.status, r.body)
	}
	pend := h.pending()
	if len(pend) != 1 || pend[0].Receipt.Network != x402.Polygon.ID {
		t.Fatalf("pending %+v", pend)
	}
	key := pend[0].Payer + "|" + pend[0].Nonce
	base, onPolygon := &fakeChain{settled: map[string]fakeSettlement{}}, &fakeChain{settled: map[string]fakeSettlement{
		key: {tx: settled.Transaction, at: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)}}}
	now := pend[0].Since.Add(upkeep.FirstLook)
	reconciler := func(finders map[string]upkeep.SettlementFinder) *reconciling {
		reg := prometheus.NewRegistry()
		r, err := upkeep.NewReconciler(upkeep.Reconciliation{Ledger: h.store, Finders: finders, BaseURL: testBase, Metrics: reg,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		return &reconciling{r, reg}
	}

	r := reconciler(map[string]upkeep.SettlementFinder{x402.Base.ID: base})
	once(t, r, 1)
	r.wantCounts(t, 1, 0, 0, 0)
	if len(base.asked) != 0 {
		t.Fatalf("a Polygon payment was looked up on Base's chain %d times", len(base.asked))
	}

	r = reconciler(map[string]upkeep.SettlementFinder{x402.Base.ID: base, x402.Polygon.ID: onPolygon})
	once(t, r, 0)
	r.wantCounts(t, 0, 1, 0, 0)
	if len(base.asked) != 0 || len(onPolygon.asked) != 1 {
		t.Fatalf("lookups: Base %d, Polygon %d; want 0 and 1", len(base.asked), len(onPolygon.asked))
	}
	if got := h.do("GET", "/receipt/"+settled.Transaction, "", nil).json(t); got["network"] != x402.Polygon.ID {
		t.Fatalf("receipt %v", got)
	}
}
