package ledgertest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"runtime"
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

// inFlight runs b's parallel loop on 32 goroutines, the calls a busy
// seller has in flight.
func inFlight(b *testing.B) { b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0))) }

// BenchmarkPaymentsParallel measures exact payments in flight together,
// as a busy seller takes them: 32 callers, each reserving a pair,
// keeping it settling with the answer BenchmarkCharge's record keeps,
// then recording it settled.
func BenchmarkPaymentsParallel(b *testing.B, s ledger.Store) {
	c := context.Background()
	var next atomic.Int64
	answer := chargedChannel(b, 0).Answer
	inFlight(b)
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

// The record a voucher call of section 7 of the load test wrote
// (agent_trifecta_score's answer, its settlement and the channel's
// config, 3.1 KiB), as coinslot wrote it. PostgreSQL checks a record's
// JSON at every write, at a cost that follows its tokens more than its
// bytes, so an answer made of one long string would hide most of it.
//
//go:embed testdata/channel.json
var chargedRecord []byte

// chargedChannel is channel n with the record a voucher call writes.
func chargedChannel(tb testing.TB, n int64) *ledger.Channel {
	rec := new(ledger.Channel)
	if err := json.Unmarshal(chargedRecord, rec); err != nil {
		tb.Fatal(err)
	}
	rec.ID, rec.Charged = fmt.Sprintf("0x%064x", n), "0"
	return rec
}

// BenchmarkCharge measures a voucher call's write: one channel's record,
// written at its version, one caller.
func BenchmarkCharge(b *testing.B, s ledger.Store) {
	c := context.Background()
	rec := chargedChannel(b, 1)
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
	inFlight(b)
	b.RunParallel(func(pb *testing.PB) {
		rec := chargedChannel(b, next.Add(1))
		for pb.Next() {
			rec.Charged = fmt.Sprint(rec.Version)
			if err := s.PutChannel(c, rec); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
