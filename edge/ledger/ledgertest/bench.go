package ledgertest

import (
	"context"
	"fmt"
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
