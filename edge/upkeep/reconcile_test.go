package upkeep_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/upkeep/upkeeptest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

const (
	testBase  = "https://coinslot.test"
	testPayer = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"
	testPayTo = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
)

func openLedger(t *testing.T) ledger.Store {
	t.Helper()
	store, err := ledger.OpenFile(filepath.Join(t.TempDir(), "ledger.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// reconcilerFor reconciles store against finders, with the clock at *now;
// nil finders: no chain is read.
func reconcilerFor(t *testing.T, store ledger.Store, finders map[string]upkeep.SettlementFinder, now *time.Time) *upkeeptest.Reconciling {
	return upkeeptest.NewReconciling(t, upkeep.Reconciliation{Ledger: store, Finders: finders, BaseURL: testBase,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return *now }})
}

// onBase reads chain as Base's.
func onBase(chain *x402test.Facilitator) map[string]upkeep.SettlementFinder {
	return map[string]upkeep.SettlementFinder{x402.Base.ID: chain}
}

// payment is a payment of 0.05 USDC on network, valid for a minute, its
// nonce fresh.
func payment(t *testing.T, network string) (nonce string, receipt *ledger.Receipt) {
	t.Helper()
	n := make([]byte, 32)
	rand.Read(n)
	return hexutil.Encode(n), &ledger.Receipt{Schema: ledger.ReceiptSchema, Network: network, Payer: testPayer, PayTo: testPayTo,
		AmountAtomic: "50000", Tool: "test_echo", ValidBefore: time.Now().Add(time.Minute).Truncate(time.Second).UTC()}
}

// settling notes the payment as a call does before /settle, with its
// answer, and returns it as the ledger lists it pending.
func settling(t *testing.T, store ledger.Store, nonce string, r *ledger.Receipt, answer []byte) ledger.Pending {
	t.Helper()
	ctx := context.Background()
	if err := store.Reserve(ctx, testPayer, nonce, r.Tool); err != nil {
		t.Fatal(err)
	}
	if err := store.Settling(ctx, testPayer, nonce, r, answer); err != nil {
		t.Fatal(err)
	}
	for _, p := range pending(t, store) {
		if p.Nonce == nonce {
			return p
		}
	}
	t.Fatal("not pending")
	return ledger.Pending{}
}

func pending(t *testing.T, store ledger.Store) []ledger.Pending {
	t.Helper()
	p, err := store.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A pending payment whose nonce the chain shows spent by a transaction that
// did not pay the price to pay_to is a failed payment: the pair is released
// with its answer, nothing is recorded, and the denial is counted.
func TestReconcileReleasesADeniedPayment(t *testing.T) {
	store := openLedger(t)
	nonce, receipt := payment(t, x402.Base.ID)
	pend := settling(t, store, nonce, receipt, []byte(`{"text":"hi"}`))
	const theirs = "0x" + "ab0000000000000000000000000000000000000000000000000000000000cd"
	now := pend.Since.Add(upkeep.FirstLook)
	chain := x402test.New()
	chain.Land(pend.Payer, pend.Nonce, x402test.Landed{Tx: theirs, At: now, Denied: true})
	r := reconcilerFor(t, store, onBase(chain), &now)
	r.Pass(t, 0)
	r.WantCounts(t, 0, 0, 0, 0)
	if got := r.Reconciled(t, "denied"); got != 1 {
		t.Fatalf("denied %v, want 1", got)
	}
	pm, err := store.Payment(context.Background(), pend.Payer, pend.Nonce)
	if err != nil || pm.State != ledger.Free || pm.Answer != nil {
		t.Fatalf("the denied pair: %+v %v", pm, err)
	}
	// /receipt/{tx} serves what the ledger holds for tx.
	if got, err := store.Receipt(context.Background(), theirs); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("receipt of the payer's own transaction: %+v %v", got, err)
	}
}

// A pending payment whose nonce the chain shows spent by no transaction it
// can name (a Permit2 nonce a permit to another spender used) is denied
// too, once its authorization has expired; a lookup that failed otherwise
// leaves it pending.
func TestReconcileReleasesAPaymentSpentUnnamed(t *testing.T) {
	store := openLedger(t)
	nonce, receipt := payment(t, x402.Base.ID)
	pend := settling(t, store, nonce, receipt, []byte(`{"text":"hi"}`))
	now := pend.Since.Add(upkeep.FirstLook)
	chain := x402test.New()
	chain.FailLookups(errors.New("Permit2 nonce 7 of the payer is used, and a transaction ran an x402 proxy from another contract"))
	r := reconcilerFor(t, store, onBase(chain), &now)
	r.Pass(t, 1)
	r.WantCounts(t, 1, 0, 0, 1)

	// Spent by no transaction found: pending while the authorization
	// lasts (a node's logs may lag its state), denied once it expired.
	now = now.Add(upkeep.MaxBackoff)
	chain.FailLookups(fmt.Errorf("Permit2 nonce 7 of the payer is used, but no transaction sent it to an x402 proxy: %w", x402.ErrNonceSpent))
	r.Pass(t, 1)
	if got := r.Reconciled(t, "denied"); got != 0 {
		t.Fatalf("denied %v before the authorization expired", got)
	}
	now = pend.Receipt.ValidBefore.Add(upkeep.ExpiryMargin)
	r.Pass(t, 0)
	r.WantCounts(t, 0, 0, 0, 1)
	if got := r.Reconciled(t, "denied"); got != 1 {
		t.Fatalf("denied %v, want 1", got)
	}
	pm, err := store.Payment(context.Background(), pend.Payer, pend.Nonce)
	if err != nil || pm.State != ledger.Free || pm.Answer != nil {
		t.Fatalf("the denied pair: %+v %v", pm, err)
	}
}

// Without a chain to read, pending payments are counted, never resolved.
func TestReconcileWithoutAChainOnlyCounts(t *testing.T) {
	store := openLedger(t)
	nonce, receipt := payment(t, x402.Base.ID)
	now := settling(t, store, nonce, receipt, []byte(`{"text":"hi"}`)).Since.Add(24 * time.Hour)
	r := reconcilerFor(t, store, nil, &now)
	r.Pass(t, 1)
	r.WantCounts(t, 1, 0, 0, 0)
	if len(pending(t, store)) != 1 {
		t.Fatalf("pending %+v", pending(t, store))
	}
}

// Every pending payment is counted from its first second, by age; each is
// looked up from upkeep.FirstLook on, at doubling intervals up to upkeep.MaxBackoff.
func TestReconcileBacksOffAndCountsByAge(t *testing.T) {
	store := openLedger(t)
	for i := range 2 {
		nonce, _ := payment(t, x402.Base.ID)
		settling(t, store, nonce, &ledger.Receipt{Tool: "test_echo"}, nil)
		if i == 0 {
			time.Sleep(10 * time.Millisecond) // the ledger orders by its own clock
		}
	}
	pend := pending(t, store)
	chain := x402test.New()
	now := pend[1].Since
	r := reconcilerFor(t, store, onBase(chain), &now)
	r.Pass(t, 2)
	if len(chain.Asked()) != 0 {
		t.Fatalf("looked up at once: %d", len(chain.Asked()))
	}
	var lookups []time.Duration // the newer payment's ages at the lookups
	for step := time.Duration(0); step <= 5*time.Minute; step += time.Second {
		now = pend[1].Since.Add(step)
		before := len(chain.Asked())
		r.Pass(t, 2)
		switch len(chain.Asked()) - before {
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
	if got, want := r.Series(t, "coinslot_settlements_pending"), map[string]float64{"under_1m": 0, "1m_to_10m": 2, "10m_to_1h": 0, "over_1h": 0}; !maps.Equal(got, want) {
		t.Fatalf("pending by age: %v, want %v", got, want)
	}
}

// A payment noted while the reconciler runs belongs to a call that may
// still be settling it: it is first looked up once that call has given up,
// upkeep.SettleBudget after, so slow settlements are not all looked up on chain;
// one noted before the reconciler started is looked up from upkeep.FirstLook.
func TestReconcileWaitsForCallsInFlight(t *testing.T) {
	store := openLedger(t)
	note := func() ledger.Pending {
		nonce, _ := payment(t, x402.Base.ID)
		return settling(t, store, nonce, &ledger.Receipt{Tool: "test_echo"}, nil)
	}
	earlier := note()
	now := earlier.Since.Add(time.Millisecond)
	chain := x402test.New()
	r := reconcilerFor(t, store, onBase(chain), &now)
	time.Sleep(10 * time.Millisecond) // the ledger stamps by its own clock
	live := note()
	lookups := func(p ledger.Pending) (n int) {
		for _, after := range chain.Asked() {
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
		r.Pass(t, 2)
		if e, l := lookups(earlier), lookups(live); e != step.earlier || l != step.live {
			t.Fatalf("%v after the live payment was noted: looked up %d times and the live one %d, want %d and %d", step.after, e, l, step.earlier, step.live)
		}
	}
}

// A pending payment on another network than the chain read is never
// released from it: its authorization is unused on this chain whatever
// happened on its own.
func TestReconcileLeavesOtherNetworksPayments(t *testing.T) {
	store := openLedger(t)
	nonce, would := payment(t, x402.Polygon.ID)
	settling(t, store, nonce, would, nil)
	chain := x402test.New()
	now := would.ValidBefore.Add(upkeep.ExpiryMargin + time.Hour)
	r := reconcilerFor(t, store, onBase(chain), &now)
	r.Pass(t, 1)
	r.WantCounts(t, 1, 0, 0, 0)
	if len(chain.Asked()) != 0 {
		t.Fatalf("looked up on Base's chain %d times", len(chain.Asked()))
	}
}

// An instance sold on two networks reads each one's chain: a payment left
// pending on Polygon is found on Polygon's chain and recorded there, never
// looked up on Base's, where its nonce is unused; without a reader for a
// network, its payments are counted and left pending.
func TestReconcileReadsEachNetworksChain(t *testing.T) {
	store := openLedger(t)
	nonce, receipt := payment(t, x402.Polygon.ID)
	pend := settling(t, store, nonce, receipt, []byte(`{"text":"hi"}`))
	const tx = "0x00000000000000000000000000000000000000000000000000000000000b0a7"
	base, onPolygon := x402test.New(), x402test.New()
	onPolygon.Land(pend.Payer, pend.Nonce, x402test.Landed{Tx: tx, At: time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)})
	now := pend.Since.Add(upkeep.FirstLook)

	r := reconcilerFor(t, store, onBase(base), &now)
	r.Pass(t, 1)
	r.WantCounts(t, 1, 0, 0, 0)
	if len(base.Asked()) != 0 {
		t.Fatalf("a Polygon payment was looked up on Base's chain %d times", len(base.Asked()))
	}

	r = reconcilerFor(t, store, map[string]upkeep.SettlementFinder{x402.Base.ID: base, x402.Polygon.ID: onPolygon}, &now)
	r.Pass(t, 0)
	r.WantCounts(t, 0, 1, 0, 0)
	if len(base.Asked()) != 0 || len(onPolygon.Asked()) != 1 {
		t.Fatalf("lookups: Base %d, Polygon %d; want 0 and 1", len(base.Asked()), len(onPolygon.Asked()))
	}
	// /receipt/{tx} serves what the ledger holds for tx.
	if got, err := store.Receipt(context.Background(), tx); err != nil || got.Network != x402.Polygon.ID || got.ReceiptURL != testBase+"/receipt/"+tx {
		t.Fatalf("receipt %+v %v", got, err)
	}
}
