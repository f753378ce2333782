package ledger_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	bolt "go.etcd.io/bbolt"
)

func fileBackend(tb testing.TB) ledgertest.Opener {
	path := filepath.Join(tb.TempDir(), "ledger.db")
	return func(opts ...ledger.Option) ledger.Store {
		s, err := ledger.OpenFile(path, opts...)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { s.Close() })
		return s
	}
}

func TestFile(t *testing.T) { ledgertest.Run(t, fileBackend) }

func BenchmarkFile(b *testing.B) { ledgertest.Benchmark(b, fileBackend(b)()) }

func BenchmarkFilePaymentsParallel(b *testing.B) {
	ledgertest.BenchmarkPaymentsParallel(b, fileBackend(b)())
}

func BenchmarkFileCharge(b *testing.B) { ledgertest.BenchmarkCharge(b, fileBackend(b)()) }

func BenchmarkFileChargeParallel(b *testing.B) {
	ledgertest.BenchmarkChargeParallel(b, fileBackend(b)())
}

// A reservation is held in memory only: reopening the file frees a reserved
// pair (its call never reached /settle), never a settling or settled one.
func TestFileReservationDiesWithItsProcess(t *testing.T) {
	open := fileBackend(t)
	s, c := open(), context.Background()
	const payer, nonce = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", "0xf00d"
	for _, n := range []string{nonce + "1", nonce + "2", nonce + "3"} {
		if err := s.Reserve(c, payer, n, "tool_a"); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Settling(c, payer, nonce+"2", &ledger.Receipt{Tool: "tool_a"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(c, payer, nonce+"3", &ledger.Receipt{Tool: "tool_a", Tx: "0x3"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open()
	if err := s.Reserve(c, payer, nonce+"1", "tool_a"); err != nil {
		t.Fatalf("reserved before the restart: %v", err)
	}
	for _, n := range []string{nonce + "2", nonce + "3"} {
		if err := s.Reserve(c, payer, n, "tool_a"); !errors.Is(err, ledger.ErrReplayed) {
			t.Fatalf("%s after the restart: got %v, want ErrReplayed", n, err)
		}
	}
}

// Earlier versions wrote reservations to the file; whoever made them is
// gone when the file opens, so they are dropped and the pair is free.
func TestFileDropsReservationsOfEarlierVersions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("reservations"))
		if err != nil {
			return err
		}
		since := time.Now().UTC().Format(time.RFC3339Nano)
		return b.Put([]byte("0xabc/0x1"), []byte(`{"tool":"tool_a","state":"reserved","since":"`+since+`"}`))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err := ledger.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Reserve(context.Background(), "0xABC", "0x1", "tool_a"); err != nil {
		t.Fatalf("reserve a pair reserved by an earlier version: %v", err)
	}
}

// Bindings written before bindings were dated are dated when the file
// opens, and pruned a retention later like the others; those an earlier
// version bound to a payment that never settled are dropped, as such a
// payment was refused or its call failed.
func TestFileDatesBindingsOfEarlierVersions(t *testing.T) {
	const id, refused = "pay_7d5d747be160e280504c099d984bcfe0", "pay_0000000000000000aaaaaaaaaaaaaaaa"
	path := filepath.Join(t.TempDir(), "ledger.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, kv := range [][3]string{
			{"payment_ids", "0xabc/" + id, `{"fingerprint":"fp-a","nonce":"0x1"}`},
			{"payment_ids", "0xabc/" + refused, `{"fingerprint":"fp-a","nonce":"0x9"}`},
			{"spent", "0xabc/0x1", "0x1"},
			{"receipts", "0x1", `{"tx":"0x1","tool":"tool_a"}`},
		} {
			b, err := tx.CreateBucketIfNotExists([]byte(kv[0]))
			if err == nil {
				err = b.Put([]byte(kv[1]), []byte(kv[2]))
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	s, err := ledger.OpenFile(path, ledger.WithClock(func() time.Time { return now }), ledger.WithRetention(time.Hour, 1<<30), ledger.WithPaymentIDs(1))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := context.Background()
	if b, err := s.Identify(c, "0xABC", id, "fp-b", "0x2"); err != nil || b == nil || b.Nonce != "0x1" {
		t.Fatalf("an earlier version's binding: %+v, %v; want it kept", b, err)
	}
	if err := s.Reserve(c, "0xABC", "0x2", "tool_a"); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Identify(c, "0xABC", refused, "fp-b", "0x2"); !errors.Is(err, ledger.ErrIDsFull) {
		t.Fatalf("an earlier version's binding of a payment never settled: %+v, %v; want it dropped, and not counted", b, err)
	}
	if err := s.Release(c, "0xABC", "0x2"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Hour + time.Second)
	for _, step := range []func() error{
		func() error { return s.Reserve(c, "0xABC", "0x3", "tool_a") },
		func() error { return s.Settling(c, "0xABC", "0x3", &ledger.Receipt{Tool: "tool_a"}, nil) },
		func() error { return s.Record(c, "0xABC", "0x3", &ledger.Receipt{Tool: "tool_a", Tx: "0x3"}) },
		func() error { return s.Reserve(c, "0xABC", "0x2", "tool_a") },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := s.Identify(c, "0xABC", id, "fp-b", "0x2"); err != nil || b != nil {
		t.Fatalf("an earlier version's binding a retention after: %+v, %v; want it pruned", b, err)
	}
}
