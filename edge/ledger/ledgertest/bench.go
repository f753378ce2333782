package ledgertest

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coinslot/coinslot/edge/ledger"
)

// Benchmark measures one paid call's ledger work: Reserve then Record.
func Benchmark(b *testing.B, s ledger.Store) {
	c := context.Background()
	r := receipt(txHash(0))
	i := 0
	for b.Loop() {
		n := fmt.Sprintf("0x%064x", i)
		r.Tx = txHash(i)
		if err := s.Reserve(c, payer, n, r.Tool); err != nil {
			b.Fatal(err)
		}
		if err := s.Record(c, payer, n, r); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkPaymentsParallel measures exact payments in flight together,
// as a busy seller takes them: 32 callers, each reserving a pair,
// keeping it settling with its answer, then recording it settled.
func BenchmarkPaymentsParallel(b *testing.B, s ledger.Store) {
	c := context.Background()
	var next atomic.Int64
	answer := []byte(`{"data":"` + strings.Repeat("a", 2048) + `"}`)
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1))
			n := fmt.Sprintf("0x%064x", i)
			r := receipt(txHash(i))
			if err := s.Reserve(c, payer, n, r.Tool); err != nil {
				b.Error(err)
				return
			}
			if err := s.Settling(c, payer, n, wouldBe(), answer); err != nil {
				b.Error(err)
				return
			}
			if err := s.Record(c, payer, n, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkCharge measures a voucher call's write: one channel's record
// with a 2 KiB answer, written at its version, one caller.
func BenchmarkCharge(b *testing.B, s ledger.Store) {
	c := context.Background()
	rec := &ledger.Channel{ID: fmt.Sprintf("0x%064x", 1), Config: []byte(`{"payer":"` + payer + `"}`), Charged: "0",
		Answer: []byte(`{"data":"` + strings.Repeat("a", 2048) + `"}`), Settlement: []byte(`{"success":true}`)}
	for b.Loop() {
		rec.Charged = fmt.Sprint(rec.Version)
		if err := s.PutChannel(c, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChargeParallel measures voucher calls in flight together, as a
// busy seller makes them: 32 callers, each charging a channel of its own
// with the record BenchmarkCharge writes.
func BenchmarkChargeParallel(b *testing.B, s ledger.Store) {
	c := context.Background()
	var next atomic.Int64
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	b.RunParallel(func(pb *testing.PB) {
		rec := &ledger.Channel{ID: fmt.Sprintf("0x%064x", next.Add(1)), Config: []byte(`{"payer":"` + payer + `"}`), Charged: "0",
			Answer: []byte(`{"data":"` + strings.Repeat("a", 2048) + `"}`), Settlement: []byte(`{"success":true}`)}
		for pb.Next() {
			rec.Charged = fmt.Sprint(rec.Version)
			if err := s.PutChannel(c, rec); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
