package ledgertest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// idTests are the suite's tests of what frees a payment id and what bounds
// them: an id costs whoever binds it a payment, never the buyers after.
var idTests = []struct {
	name string
	run  func(t *testing.T, open Opener)
}{
	{"IDFreedWithItsPayment", idFreedWithItsPayment},
	{"UnfundedPayersFillNothing", unfundedPayersFillNothing},
	{"PendingIDsCappedPerPayer", pendingIDsCappedPerPayer},
	{"PaidIDsBounded", paidIDsBounded},
}

// bindID reserves the pair and binds the id to it, and fails the test
// unless the id was bound.
func bindID(t *testing.T, s ledger.Store, payer, id, fingerprint, nonce string) {
	t.Helper()
	c := ctx(t)
	must(t, "reserve "+nonce, s.Reserve(c, payer, nonce, "tool_a"))
	if b, err := s.Identify(c, payer, id, fingerprint, nonce); err != nil || b != nil {
		t.Fatalf("bind %s to %s: %+v, %v; want bound", id, nonce, b, err)
	}
}

// wantBound fails the test unless the id is bound to want.
func wantBound(t *testing.T, s ledger.Store, payer, id, nonce string, want ledger.Binding) {
	t.Helper()
	want.Nonce = strings.ToLower(want.Nonce)
	if b, err := s.Identify(ctx(t), payer, id, want.Fingerprint, nonce); err != nil || b == nil || *b != want {
		t.Fatalf("%s: %+v, %v; want bound to %+v", id, b, err, want)
	}
}

// A payment refused or released frees its id at once, for any request;
// only a settlement whose outcome is unknown, or a settled one, keeps it.
func idFreedWithItsPayment(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	n := func(i int) string { return fmt.Sprintf("%s%d", nonce[:len(nonce)-1], i) }
	bindID(t, s, payer, paymentID, "fp-a", n(1))
	must(t, "release", s.Release(c, payer, n(1))) // verify refused, or the tool failed
	bindID(t, s, payer, paymentID, "fp-b", n(2))  // another request: nothing was charged
	must(t, "settling", s.Settling(c, payer, n(2), wouldBe(), answer))
	must(t, "release", s.Release(c, payer, n(2))) // settlement refused
	bindID(t, s, payer, paymentID, "fp-a", n(3))
	must(t, "settling", s.Settling(c, payer, n(3), wouldBe(), answer)) // no answer from /settle

	must(t, "reserve", s.Reserve(c, payer, n(4), "tool_a"))
	wantBound(t, s, payer, paymentID, n(4), ledger.Binding{Fingerprint: "fp-a", Nonce: n(3)})
	must(t, "close", s.Close())
	s = open()
	wantBound(t, s, payer, paymentID, n(4), ledger.Binding{Fingerprint: "fp-a", Nonce: n(3)})
	must(t, "record", s.Record(c, payer, n(3), receipt(txHash(3))))
	wantBound(t, s, payer, paymentID, n(4), ledger.Binding{Fingerprint: "fp-a", Nonce: n(3)})
}

// Wallets without funds bind ids that their refused payments release:
// however many they send, a funded buyer's new id is bound, in a ledger
// that holds four.
func unfundedPayersFillNothing(t *testing.T, open Opener) {
	opts := []ledger.Option{ledger.WithPaymentIDs(4), ledger.WithPendingIDs(2)}
	s, c := open(opts...), ctx(t)
	for w := range 50 {
		unfunded := fmt.Sprintf("0x%040x", 0xdead0000+w)
		for i := range 10 {
			n := fmt.Sprintf("0x%064x", i)
			bindID(t, s, unfunded, fmt.Sprintf("pay_%032d", i), "fp-a", n)
			must(t, "release", s.Release(c, unfunded, n))
		}
	}
	bindID(t, s, payer, paymentID, "fp-a", nonce)
	must(t, "settling", s.Settling(c, payer, nonce, wouldBe(), answer))
	must(t, "record", s.Record(c, payer, nonce, receipt(txHash(1))))
	must(t, "close", s.Close())
	s = open(opts...)
	bindID(t, s, payer, "pay_0f8e2b6a1c4d4e7f9a3b5c7d9e1f2a4b", "fp-a", nonce+"2")
}

// A payer may have at most its cap of ids bound to calls not yet
// settling; a new id beyond is refused, and nobody else's; an id it holds
// is still answered. A settling or released call's id no longer counts,
// nor one of a process gone.
func pendingIDsCappedPerPayer(t *testing.T, open Opener) {
	clk := newClock()
	opts := append(clk.options(), ledger.WithLease(10*time.Second), ledger.WithPendingIDs(2))
	s, c := open(opts...), ctx(t)
	n := func(i int) string { return fmt.Sprintf("%s%d", nonce[:len(nonce)-1], i) }
	id := func(i int) string { return fmt.Sprintf("pay_%032d", i) }
	const other = "0x1111111111111111111111111111111111111111"
	bindID(t, s, payer, id(1), "fp-a", n(1))
	bindID(t, s, payer, id(2), "fp-a", n(2))
	must(t, "reserve", s.Reserve(c, payer, n(3), "tool_a"))
	if b, err := s.Identify(c, payer, id(3), "fp-a", n(3)); !errors.Is(err, ledger.ErrIDsPending) || b != nil {
		t.Fatalf("a third id pending: %+v, %v; want ErrIDsPending", b, err)
	}
	wantBound(t, s, payer, id(1), n(3), ledger.Binding{Fingerprint: "fp-a", Nonce: n(1)})
	bindID(t, s, other, id(3), "fp-a", n(3))
	bindID(t, s, other, id(4), "fp-a", n(4))

	must(t, "settling", s.Settling(c, payer, n(1), wouldBe(), answer))
	if b, err := s.Identify(c, payer, id(3), "fp-a", n(3)); err != nil || b != nil {
		t.Fatalf("an id once another's call is settling: %+v, %v; want bound", b, err)
	}
	must(t, "reserve", s.Reserve(c, payer, n(4), "tool_a"))
	if _, err := s.Identify(c, payer, id(4), "fp-a", n(4)); !errors.Is(err, ledger.ErrIDsPending) {
		t.Fatalf("a third id pending again: %v; want ErrIDsPending", err)
	}
	must(t, "release", s.Release(c, payer, n(2)))
	if b, err := s.Identify(c, payer, id(4), "fp-a", n(4)); err != nil || b != nil {
		t.Fatalf("an id once another's call is released: %+v, %v; want bound", b, err)
	}

	must(t, "close", s.Close())
	clk.advance(11 * time.Second)
	s = open(opts...)
	bindID(t, s, payer, id(5), "fp-a", n(5))
	bindID(t, s, payer, id(6), "fp-a", n(6))
}

// The bound counts the ids of paid calls (settled or settling), never those
// pending: a ledger of two binds a third id while the calls run, refuses a
// new one once two are paid, still answers those it holds, and binds anew
// once pruning has made room.
func paidIDsBounded(t *testing.T, open Opener) {
	clk := newClock()
	opts := append(clk.options(), ledger.WithRetention(time.Hour, 1<<30), ledger.WithPaymentIDs(2))
	s, c := open(opts...), ctx(t)
	n := func(i int) string { return fmt.Sprintf("%s%d", nonce[:len(nonce)-1], i) }
	id := func(i int) string { return fmt.Sprintf("pay_%032d", i) }
	for i := 1; i <= 3; i++ {
		bindID(t, s, payer, id(i), "fp-a", n(i))
	}
	for i := 1; i <= 2; i++ {
		must(t, "settling", s.Settling(c, payer, n(i), wouldBe(), answer))
	}
	must(t, "record", s.Record(c, payer, n(1), receipt(txHash(1))))
	must(t, "release", s.Release(c, payer, n(3)))
	must(t, "close", s.Close())
	s = open(opts...)
	must(t, "reserve", s.Reserve(c, payer, n(4), "tool_a"))
	if b, err := s.Identify(c, payer, id(4), "fp-a", n(4)); !errors.Is(err, ledger.ErrIDsFull) || b != nil {
		t.Fatalf("a new id with two paid: %+v, %v; want ErrIDsFull", b, err)
	}
	wantBound(t, s, payer, id(1), n(4), ledger.Binding{Fingerprint: "fp-a", Nonce: n(1)})
	wantBound(t, s, payer, id(2), n(4), ledger.Binding{Fingerprint: "fp-a", Nonce: n(2)})

	clk.advance(time.Hour + 2*time.Minute)
	must(t, "record", s.Record(c, payer, n(2), receipt(txHash(2)))) // prunes the first
	if b, err := s.Identify(c, payer, id(4), "fp-a", n(4)); err != nil || b != nil {
		t.Fatalf("a new id once one is pruned: %+v, %v; want bound", b, err)
	}
}
