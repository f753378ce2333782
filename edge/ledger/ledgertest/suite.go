// Package ledgertest is the suite every ledger backend passes, and the
// benchmark they share.
package ledgertest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// Opener opens one test's ledger. Calling it again after closing the store
// it returned reopens the same ledger.
type Opener func(opts ...ledger.Option) ledger.Store

// Backend makes a fresh, empty ledger for one test (or benchmark) and removes
// it when the test ends.
type Backend func(tb testing.TB) Opener

const (
	payer = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"
	nonce = "0xF00D000000000000000000000000000000000000000000000000000000000001"
	hold  = time.Minute
)

// Run runs the suite against the backend.
func Run(t *testing.T, fresh Backend) {
	tests := []struct {
		name string
		run  func(t *testing.T, open Opener)
	}{
		{"ReserveThenReplay", reserveThenReplay},
		{"ConcurrentReserve", concurrentReserve},
		{"ReleaseThenReserve", releaseThenReserve},
		{"RecordThenReserve", recordThenReserve},
		{"RecordIdempotent", recordIdempotent},
		{"ReceiptRoundTrip", receiptRoundTrip},
		{"UnknownTx", unknownTx},
		{"PendingThenComplete", pendingThenComplete},
		{"PendingThenRelease", pendingThenRelease},
		{"Reopen", reopen},
		{"StaleReservationExpires", staleReservationExpires},
		{"AnswerKept", answerKept},
		{"PaymentKeysKept", paymentKeysKept},
		{"AnswerRetention", answerRetention},
		{"OrphanedReservationFreed", orphanedReservationFreed},
		{"IdentifyBindsOnce", identifyBindsOnce},
		{"ConcurrentIdentify", concurrentIdentify},
		{"IdentifyForgottenWithTheAnswer", identifyForgottenWithTheAnswer},
		{"AnsweredByRequest", answeredByRequest},
		{"ChallengeSpentOnce", challengeSpentOnce},
		{"ChannelAnswered", channelAnswered},
		{"PayerPayments", payerPayments},
		{"PayerChannels", payerChannels},
		{"ChannelVersions", channelVersions},
		{"ConcurrentChannelWrites", concurrentChannelWrites},
		{"ManyChannelsAtOnce", manyChannelsAtOnce},
	}
	for _, tc := range append(tests, idTests...) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, fresh(t))
		})
	}
}

// receipt is a svc.receipt.v1 document with every field set.
func receipt(tx string) *ledger.Receipt {
	return &ledger.Receipt{
		Schema:         ledger.ReceiptSchema,
		ReceiptID:      "rcpt_" + tx[len(tx)-8:],
		Tx:             tx,
		Network:        "eip155:8453",
		Asset:          "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
		Payer:          payer,
		PayTo:          "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
		AmountAtomic:   "20000",
		AmountUSD:      "0.02",
		Tool:           "trending_markets",
		Endpoint:       "/paid/polymarket/trending",
		RequestSHA256:  "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		ResponseSHA256: "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752",
		SettledAt:      time.Date(2026, 3, 1, 12, 30, 45, 123456789, time.FixedZone("CET", 3600)),
		ReceiptURL:     "https://coinslot.example/receipt/" + tx,
	}
}

// wouldBe is the receipt as the pipeline knows it before settling: no
// transaction yet, so no id, URL or settlement time either, and the
// authorization's expiry.
func wouldBe() *ledger.Receipt {
	r := receipt(txHash(0))
	r.Tx, r.ReceiptID, r.ReceiptURL, r.SettledAt = "", "", "", time.Time{}
	r.ValidBefore = time.Date(2026, 3, 1, 9, 10, 0, 0, time.UTC)
	r.RequestKey = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"
	return r
}

func txHash(i int) string { return fmt.Sprintf("0x%064x", 0xbeef0000+i) }

// ctx bounds every call, so a wedged backend fails the test instead of
// hanging it.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func wantErr(t *testing.T, what string, got, want error) {
	t.Helper()
	if !errors.Is(got, want) {
		t.Fatalf("%s: got error %v, want %v", what, got, want)
	}
}

func reserveThenReplay(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	must(t, "first reserve", s.Reserve(c, payer, nonce, "tool_a"))
	wantErr(t, "same pair again", s.Reserve(c, payer, nonce, "tool_a"), ledger.ErrReplayed)
	wantErr(t, "same pair in other case", s.Reserve(c, "0xABCDEF0123456789ABCDEF0123456789ABCDEF01", "0xf00d000000000000000000000000000000000000000000000000000000000001", "tool_b"), ledger.ErrReplayed)
	must(t, "other nonce", s.Reserve(c, payer, nonce+"2", "tool_a"))
	must(t, "other payer", s.Reserve(c, "0x1111111111111111111111111111111111111111", nonce, "tool_a"))
}

func concurrentReserve(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	const n = 50
	var won, replayed atomic.Int32
	errs := make(chan error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			<-start
			switch err := s.Reserve(c, payer, nonce, "tool_a"); {
			case err == nil:
				won.Add(1)
			case errors.Is(err, ledger.ErrReplayed):
				replayed.Add(1)
			default:
				errs <- err
			}
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("reserve: %v", err)
	}
	if won.Load() != 1 || replayed.Load() != n-1 {
		t.Fatalf("%d concurrent reserves: %d won, %d replayed; want 1 and %d", n, won.Load(), replayed.Load(), n-1)
	}
}

func releaseThenReserve(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	must(t, "release of an unknown pair", s.Release(c, payer, nonce))
	must(t, "reserve", s.Reserve(c, payer, nonce, "tool_a"))
	must(t, "release", s.Release(c, payer, nonce))
	must(t, "reserve after release", s.Reserve(c, payer, nonce, "tool_a"))
	wantErr(t, "reserve while held again", s.Reserve(c, payer, nonce, "tool_a"), ledger.ErrReplayed)
}

func recordThenReserve(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	must(t, "reserve", s.Reserve(c, payer, nonce, "trending_markets"))
	must(t, "record", s.Record(c, payer, nonce, receipt(txHash(1))))
	wantErr(t, "reserve after record", s.Reserve(c, payer, nonce, "trending_markets"), ledger.ErrReplayed)
	must(t, "release of a settled pair", s.Release(c, payer, nonce))
	wantErr(t, "reserve after releasing a settled pair", s.Reserve(c, payer, nonce, "trending_markets"), ledger.ErrReplayed)
	wantErr(t, "settling of a settled pair", s.Settling(c, payer, nonce, receipt(txHash(1)), nil), ledger.ErrNotReserved)
}

func recordIdempotent(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	must(t, "reserve", s.Reserve(c, payer, nonce, "trending_markets"))
	must(t, "record", s.Record(c, payer, nonce, receipt(txHash(1))))
	must(t, "record again, same tx", s.Record(c, payer, nonce, receipt(txHash(1))))
	wantErr(t, "record with another tx", s.Record(c, payer, nonce, receipt(txHash(2))), ledger.ErrReplayed)
	if _, err := s.Receipt(c, txHash(2)); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("receipt of the refused record: got %v, want ErrNotFound", err)
	}
	noTx := receipt(txHash(3))
	noTx.Tx = ""
	if err := s.Record(c, payer, nonce+"3", noTx); err == nil {
		t.Fatal("record without a tx: got nil error")
	}
}

func receiptRoundTrip(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	r := receipt(txHash(7))
	must(t, "reserve", s.Reserve(c, payer, nonce, r.Tool))
	must(t, "record", s.Record(c, payer, nonce, r))
	got, err := s.Receipt(c, r.Tx)
	must(t, "receipt", err)
	want := *receipt(txHash(7))
	want.SettledAt = time.Date(2026, 3, 1, 11, 30, 45, 123456000, time.UTC)
	if *got != want {
		t.Fatalf("receipt round trip:\n got %+v\nwant %+v", *got, want)
	}
	if r.SettledAt.Nanosecond() != 123456789 {
		t.Fatalf("Record changed the caller's receipt: settled_at %v", r.SettledAt)
	}
}

func unknownTx(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	got, err := s.Receipt(c, txHash(404))
	wantErr(t, "unknown tx", err, ledger.ErrNotFound)
	if got != nil {
		t.Fatalf("unknown tx: got receipt %+v", got)
	}
}

// clock is a settable time source.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := new(clock)
	c.ns.Store(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// options set the clock and the hold; the lease outlasts every advance of
// the clock, as a live instance's would, unless a test sets its own.
func (c *clock) options() []ledger.Option {
	return []ledger.Option{ledger.WithClock(c.now), ledger.WithHold(hold), ledger.WithLease(1000 * hold)}
}

func wantPending(t *testing.T, s ledger.Store, want []ledger.Pending) {
	t.Helper()
	got, err := s.Pending(context.Background())
	must(t, "pending", err)
	if len(got) != len(want) {
		t.Fatalf("pending: got %d entries %+v, want %d %+v", len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("pending[%d]:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

func pendingThenComplete(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	would := wouldBe()
	wantErr(t, "settling without a reservation", s.Settling(c, payer, nonce, would, nil), ledger.ErrNotReserved)

	must(t, "reserve", s.Reserve(c, payer, nonce, would.Tool))
	clk.advance(3 * time.Second)
	began := clk.now().UTC()
	must(t, "settling", s.Settling(c, payer, nonce, would, nil))
	wantErr(t, "settling twice", s.Settling(c, payer, nonce, would, nil), ledger.ErrNotReserved)
	wantErr(t, "reserve while settling", s.Reserve(c, payer, nonce, would.Tool), ledger.ErrReplayed)
	wantPending(t, s, []ledger.Pending{{
		Payer:   "0xabcdef0123456789abcdef0123456789abcdef01",
		Nonce:   "0xf00d000000000000000000000000000000000000000000000000000000000001",
		Receipt: *would,
		Since:   began,
	}})

	settled := receipt(txHash(9))
	settled.ValidBefore = would.ValidBefore
	must(t, "record", s.Record(c, payer, nonce, settled))
	wantPending(t, s, nil)
	got, err := s.Receipt(c, txHash(9))
	if err != nil {
		t.Fatalf("receipt after completing: %v", err)
	}
	if !got.ValidBefore.IsZero() {
		t.Fatalf("a settled receipt keeps the authorization's expiry %v", got.ValidBefore)
	}
	wantErr(t, "reserve after completing", s.Reserve(c, payer, nonce, would.Tool), ledger.ErrReplayed)
}

func pendingThenRelease(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	would := wouldBe()
	unknown := wouldBe()
	unknown.ValidBefore = time.Time{}
	for i, n := range []string{nonce + "b", nonce + "a"} {
		must(t, "reserve", s.Reserve(c, payer, n, would.Tool))
		must(t, "settling", s.Settling(c, payer, n, []*ledger.Receipt{would, unknown}[i], nil))
		clk.advance(time.Duration(i+1) * time.Second)
	}
	got, err := s.Pending(c)
	must(t, "pending", err)
	if len(got) != 2 || got[0].Nonce != strings.ToLower(nonce+"b") || got[1].Nonce != strings.ToLower(nonce+"a") {
		t.Fatalf("pending not oldest first: %+v", got)
	}
	if !got[0].Receipt.ValidBefore.Equal(would.ValidBefore) || !got[1].Receipt.ValidBefore.IsZero() {
		t.Fatalf("pending expiries %v and %v, want %v and unknown", got[0].Receipt.ValidBefore, got[1].Receipt.ValidBefore, would.ValidBefore)
	}
	// The facilitator refused the settlement: the buyer was not charged.
	must(t, "release a settling pair", s.Release(c, payer, nonce+"b"))
	if got, _ := s.Pending(c); len(got) != 1 || got[0].Nonce != strings.ToLower(nonce+"a") {
		t.Fatalf("pending after release: %+v", got)
	}
	must(t, "reserve after release", s.Reserve(c, payer, nonce+"b", would.Tool))
}

func reopen(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	for i := range 3 {
		n := fmt.Sprintf("%s%d", nonce, i)
		must(t, "reserve", s.Reserve(c, payer, n, "trending_markets"))
		must(t, "record", s.Record(c, payer, n, receipt(txHash(i))))
	}
	must(t, "reserve", s.Reserve(c, payer, nonce, "trending_markets"))
	would := wouldBe()
	must(t, "settling", s.Settling(c, payer, nonce, would, nil))
	must(t, "close", s.Close())

	s = open(clk.options()...)
	for i := range 3 {
		got, err := s.Receipt(c, txHash(i))
		must(t, "receipt after reopen", err)
		if want := receipt(txHash(i)); got.Tx != want.Tx || got.Payer != want.Payer {
			t.Fatalf("receipt %d after reopen: %+v", i, got)
		}
		wantErr(t, "replay after reopen", s.Reserve(c, payer, fmt.Sprintf("%s%d", nonce, i), "trending_markets"), ledger.ErrReplayed)
	}
	pending, err := s.Pending(c)
	must(t, "pending after reopen", err)
	if len(pending) != 1 || pending[0].Receipt != *would {
		t.Fatalf("pending after reopen: %+v", pending)
	}
}

func staleReservationExpires(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	must(t, "reserve", s.Reserve(c, payer, nonce, "tool_a"))
	clk.advance(hold)
	wantErr(t, "reserve at exactly the hold", s.Reserve(c, payer, nonce, "tool_a"), ledger.ErrReplayed)
	clk.advance(time.Microsecond)
	must(t, "reserve once stale", s.Reserve(c, payer, nonce, "tool_b"))
	wantErr(t, "the takeover holds the pair", s.Reserve(c, payer, nonce, "tool_a"), ledger.ErrReplayed)

	// Settling and settled pairs never expire.
	would := wouldBe()
	must(t, "settling", s.Settling(c, payer, nonce, would, nil))
	must(t, "reserve other", s.Reserve(c, payer, nonce+"2", "tool_a"))
	must(t, "record other", s.Record(c, payer, nonce+"2", receipt(txHash(12))))
	clk.advance(100 * hold)
	wantErr(t, "reserve a settling pair long after", s.Reserve(c, payer, nonce, "tool_a"), ledger.ErrReplayed)
	wantErr(t, "reserve a settled pair long after", s.Reserve(c, payer, nonce+"2", "tool_a"), ledger.ErrReplayed)
}

// answer is a tool's answer as the ledger is given it.
var answer = []byte(`{"markets":[{"id":"0x1","question":"Will it rain?","volume_usd":1234.5}]}`)

func wantPayment(t *testing.T, s ledger.Store, nonce string, want *ledger.Payment) {
	t.Helper()
	got, err := s.Payment(context.Background(), payer, nonce)
	must(t, "payment", err)
	if got.State != want.State || !got.Since.Equal(want.Since) || string(got.Answer) != string(want.Answer) ||
		(got.Receipt == nil) != (want.Receipt == nil) || got.Receipt != nil && *got.Receipt != *want.Receipt {
		t.Fatalf("payment %s:\n got %+v (receipt %+v, answer %q)\nwant %+v (receipt %+v, answer %q)",
			nonce, got, got.Receipt, got.Answer, want, want.Receipt, want.Answer)
	}
}

// The answer given to Settling is kept through Record and a reopen, and
// Payment tells each state of a pair.
func answerKept(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	wantPayment(t, s, nonce, &ledger.Payment{State: ledger.Free})
	must(t, "reserve", s.Reserve(c, payer, nonce, "trending_markets"))
	wantPayment(t, s, nonce, &ledger.Payment{State: ledger.Reserved, Since: clk.now()})
	clk.advance(time.Second)
	would := wouldBe()
	must(t, "settling", s.Settling(c, payer, nonce, would, answer))
	wantPayment(t, s, nonce, &ledger.Payment{State: ledger.Settling, Since: clk.now(), Receipt: would, Answer: answer})

	settled := receipt(txHash(5))
	must(t, "record", s.Record(c, payer, nonce, settled))
	// The request key noted while settling stays with the pair.
	want := &ledger.Payment{State: ledger.Settled, Receipt: receipt(txHash(5)), Answer: answer}
	want.Receipt.SettledAt, want.Receipt.RequestKey = settled.SettledAt.UTC().Truncate(time.Microsecond), would.RequestKey
	want.Since = want.Receipt.SettledAt
	wantPayment(t, s, nonce, want)
	must(t, "record again", s.Record(c, payer, nonce, settled))
	wantPayment(t, s, nonce, want)

	// Released, a pair is free again; a call settled without an answer
	// (reconciliation of a pair the ledger never saw) has none.
	must(t, "reserve other", s.Reserve(c, payer, nonce+"2", "trending_markets"))
	must(t, "settling other", s.Settling(c, payer, nonce+"2", would, answer))
	must(t, "release other", s.Release(c, payer, nonce+"2"))
	wantPayment(t, s, nonce+"2", &ledger.Payment{State: ledger.Free})
	must(t, "record unseen", s.Record(c, payer, nonce+"3", receipt(txHash(6))))
	unseen := &ledger.Payment{State: ledger.Settled, Since: want.Since, Receipt: receipt(txHash(6))}
	unseen.Receipt.SettledAt = want.Receipt.SettledAt
	wantPayment(t, s, nonce+"3", unseen)

	must(t, "close", s.Close())
	s = open(clk.options()...)
	wantPayment(t, s, nonce, want)
}

// What identifies a payment, the authorization sent to be settled and its
// payment-identifier id, is kept from Settling through Pending, Record (which
// need not repeat it) and a reopen.
func paymentKeysKept(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	would := wouldBe()
	would.Sent = "b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c"
	would.IDKey = "7d865e959b2466918c9863afca942d0fb89d7c9ac0c99bafc3749504ded97730"
	must(t, "reserve", s.Reserve(c, payer, nonce, would.Tool))
	began := clk.now().UTC()
	must(t, "settling", s.Settling(c, payer, nonce, would, answer))
	wantPending(t, s, []ledger.Pending{{Payer: strings.ToLower(payer), Nonce: strings.ToLower(nonce), Receipt: *would, Since: began}})
	wantPayment(t, s, nonce, &ledger.Payment{State: ledger.Settling, Since: began, Receipt: would, Answer: answer})

	settled := receipt(txHash(7))
	must(t, "record", s.Record(c, payer, nonce, settled))
	want := &ledger.Payment{State: ledger.Settled, Receipt: receipt(txHash(7)), Answer: answer}
	want.Receipt.SettledAt = settled.SettledAt.UTC().Truncate(time.Microsecond)
	want.Receipt.RequestKey, want.Receipt.Sent, want.Receipt.IDKey = would.RequestKey, would.Sent, would.IDKey
	want.Since = want.Receipt.SettledAt
	wantPayment(t, s, nonce, want)
	must(t, "record again", s.Record(c, payer, nonce, settled))
	wantPayment(t, s, nonce, want)
	must(t, "close", s.Close())
	s = open(clk.options()...)
	wantPayment(t, s, nonce, want)
}

// Answers are dropped once older than the retention, and the oldest first
// once they take more than its bytes; the receipts stay.
func answerRetention(t *testing.T, open Opener) {
	clk := newClock()
	// Random answers do not compress: each keeps about 1 KB.
	const limit = 2500
	s, c := open(append(clk.options(), ledger.WithRetention(time.Hour, limit))...), ctx(t)
	answers := make([][]byte, 4)
	for i := range answers {
		answers[i] = make([]byte, 1000)
		rand.Read(answers[i])
		n := fmt.Sprintf("%s%d", nonce, i)
		must(t, "reserve", s.Reserve(c, payer, n, "trending_markets"))
		must(t, "settling", s.Settling(c, payer, n, wouldBe(), answers[i]))
		must(t, "record", s.Record(c, payer, n, receipt(txHash(i))))
		clk.advance(time.Minute + time.Second) // a prune is due at every Record
	}
	for i, kept := range []bool{false, false, true, true} {
		p, err := s.Payment(c, payer, fmt.Sprintf("%s%d", nonce, i))
		must(t, "payment", err)
		if p.State != ledger.Settled || p.Receipt.Tx != txHash(i) || (p.Answer != nil) != kept || kept && string(p.Answer) != string(answers[i]) {
			t.Fatalf("answer %d: state %s, receipt %v, %d bytes of answer; want settled, %s, kept %v", i, p.State, p.Receipt, len(p.Answer), txHash(i), kept)
		}
	}
	clk.advance(time.Hour)
	p, err := s.Payment(c, payer, nonce+"3")
	must(t, "payment", err)
	if p.State != ledger.Settled || p.Answer != nil {
		t.Fatalf("an answer past the retention: state %s, %d bytes", p.State, len(p.Answer))
	}
}

// A reservation whose process died is free once the ledger is reopened
// (file) or the instance's lease lapsed (PostgreSQL), long before the
// hold; a settling pair is not, since its settlement may have landed.
func orphanedReservationFreed(t *testing.T, open Opener) {
	clk := newClock()
	opts := append(clk.options(), ledger.WithLease(10*time.Second))
	s, c := open(opts...), ctx(t)
	must(t, "reserve", s.Reserve(c, payer, nonce+"1", "tool_a"))
	if b, err := s.Identify(c, payer, paymentID, "fp-a", nonce+"1"); err != nil || b != nil {
		t.Fatalf("bind: %+v, %v", b, err)
	}
	must(t, "reserve", s.Reserve(c, payer, nonce+"2", "tool_a"))
	must(t, "settling", s.Settling(c, payer, nonce+"2", wouldBe(), answer))
	must(t, "close", s.Close())
	clk.advance(11 * time.Second)

	// The orphan is free, and so is the payment id bound to it.
	s = open(opts...)
	wantPayment(t, s, nonce+"1", &ledger.Payment{State: ledger.Free})
	must(t, "reserve another", s.Reserve(c, payer, nonce+"3", "tool_a"))
	if b, err := s.Identify(c, payer, paymentID, "fp-a", nonce+"3"); err != nil || b != nil {
		t.Fatalf("the id bound to the orphan: %+v, %v; want it moved", b, err)
	}
	must(t, "reserve the orphan", s.Reserve(c, payer, nonce+"1", "tool_a"))
	wantErr(t, "reserve the settling pair", s.Reserve(c, payer, nonce+"2", "tool_a"), ledger.ErrReplayed)
	if p, err := s.Pending(c); err != nil || len(p) != 1 || p[0].Nonce != strings.ToLower(nonce+"2") {
		t.Fatalf("pending after the crash: %+v (%v)", p, err)
	}
}

const paymentID = "pay_7d5d747be160e280504c099d984bcfe0"

// An id is bound to its first request and nonce; a retry learns the
// binding, and the id binds anew only once the first one's call failed
// (its pair is free).
func identifyBindsOnce(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	n1, n2, n3 := nonce+"1", nonce+"2", nonce+"3"
	first := &ledger.Binding{Fingerprint: "fp-a", Nonce: strings.ToLower(n1)}
	must(t, "reserve", s.Reserve(c, payer, n1, "tool_a"))
	b, err := s.Identify(c, payer, paymentID, "fp-a", n1)
	if err != nil || b != nil {
		t.Fatalf("first use: %+v, %v; want bound", b, err)
	}
	for _, tc := range []struct{ fingerprint, nonce string }{{"fp-a", n2}, {"fp-b", n2}} {
		b, err := s.Identify(c, strings.ToUpper(payer[:2])+payer[2:], paymentID, tc.fingerprint, tc.nonce)
		if err != nil || b == nil || *b != *first {
			t.Fatalf("%s while the first is reserved: %+v, %v; want %+v", tc.fingerprint, b, err, first)
		}
	}
	b, err = s.Identify(c, "0x1111111111111111111111111111111111111111", paymentID, "fp-b", n2)
	if err != nil || b != nil {
		t.Fatalf("another payer's id: %+v, %v; want bound", b, err)
	}

	must(t, "release", s.Release(c, payer, n1)) // the call failed
	must(t, "reserve", s.Reserve(c, payer, n2, "tool_a"))
	if b, err := s.Identify(c, payer, paymentID, "fp-b", n2); err != nil || b != nil {
		t.Fatalf("another request once free: %+v, %v; want bound anew", b, err)
	}
	must(t, "settling", s.Settling(c, payer, n2, wouldBe(), answer))
	must(t, "record", s.Record(c, payer, n2, receipt(txHash(2))))
	must(t, "close", s.Close())
	s = open()
	second := &ledger.Binding{Fingerprint: "fp-b", Nonce: strings.ToLower(n2)}
	if b, err := s.Identify(c, payer, paymentID, "fp-b", n3); err != nil || b == nil || *b != *second {
		t.Fatalf("after settling and a reopen: %+v, %v; want %+v", b, err, second)
	}
}

// A binding lasts as long as its payment's answer: once that is past the
// retention the id is forgotten, so the ledger does not grow with every
// identified call, and the id binds anew; an id whose payment is still
// settling stays bound, since that payment may yet be charged.
func identifyForgottenWithTheAnswer(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(append(clk.options(), ledger.WithRetention(time.Hour, 1<<30))...), ctx(t)
	n1, n2, n3, n4 := nonce+"1", nonce+"2", nonce+"3", nonce+"4"
	const other = "pay_0f8e2b6a1c4d4e7f9a3b5c7d9e1f2a4b"
	must(t, "reserve", s.Reserve(c, payer, n1, "tool_a"))
	if b, err := s.Identify(c, payer, paymentID, "fp-a", n1); err != nil || b != nil {
		t.Fatalf("bind: %+v, %v", b, err)
	}
	must(t, "settling", s.Settling(c, payer, n1, wouldBe(), answer))
	must(t, "record", s.Record(c, payer, n1, receipt(txHash(1))))
	must(t, "reserve", s.Reserve(c, payer, n2, "tool_a"))
	if b, err := s.Identify(c, payer, other, "fp-a", n2); err != nil || b != nil {
		t.Fatalf("bind: %+v, %v", b, err)
	}
	must(t, "settling", s.Settling(c, payer, n2, wouldBe(), answer))

	clk.advance(time.Hour + 2*time.Minute)
	// Another call's Record prunes.
	must(t, "reserve", s.Reserve(c, payer, n3, "tool_a"))
	must(t, "settling", s.Settling(c, payer, n3, wouldBe(), answer))
	must(t, "record", s.Record(c, payer, n3, receipt(txHash(3))))

	must(t, "reserve", s.Reserve(c, payer, n4, "tool_a"))
	if b, err := s.Identify(c, payer, other, "fp-b", n4); err != nil || b == nil || *b != (ledger.Binding{Fingerprint: "fp-a", Nonce: strings.ToLower(n2)}) {
		t.Fatalf("the id of a settling payment: %+v, %v; want it kept", b, err)
	}
	if b, err := s.Identify(c, payer, paymentID, "fp-b", n4); err != nil || b != nil {
		t.Fatalf("an id past its answer's retention: %+v, %v; want it bound anew", b, err)
	}
}

func concurrentIdentify(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	const n = 20
	var bound atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			n := fmt.Sprintf("%s%d", nonce, i)
			if err := s.Reserve(c, payer, n, "tool_a"); err != nil {
				t.Error(err)
				return
			}
			b, err := s.Identify(c, payer, paymentID, "fp-a", n)
			switch {
			case err != nil:
				t.Error(err)
			case b == nil:
				bound.Add(1)
			}
		})
	}
	wg.Wait()
	if bound.Load() != 1 {
		t.Fatalf("%d concurrent calls bound one id", bound.Load())
	}
}
