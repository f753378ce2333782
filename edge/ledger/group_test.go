package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/coinslot/coinslot/edge/ledger"
)

const groupPayer = "0x1111111111111111111111111111111111111111"

func nonce(i int) string { return fmt.Sprintf("0x%064x", i) }

// Writes that share a commit each get their own answer: a replayed pair
// fails alone and every other write in its group still commits.
func TestFileGroupedWrites(t *testing.T) {
	s, err := ledger.OpenFile(filepath.Join(t.TempDir(), "ledger.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := context.Background()
	const n = 64
	var wg sync.WaitGroup
	var sameOK, sameReplayed atomic.Int64
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = s.Reserve(c, groupPayer, nonce(i), "tool_a") })
		wg.Go(func() {
			switch err := s.Reserve(c, groupPayer, nonce(1000), "tool_a"); {
			case err == nil:
				sameOK.Add(1)
			case errors.Is(err, ledger.ErrReplayed):
				sameReplayed.Add(1)
			default:
				t.Errorf("same pair: %v", err)
			}
		})
	}
	wg.Wait()
	if sameOK.Load() != 1 || sameReplayed.Load() != n-1 {
		t.Errorf("one pair reserved %d times concurrently: %d reserved, %d replayed; want 1 and %d", n, sameOK.Load(), sameReplayed.Load(), n-1)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("distinct pair %d: %v", i, err)
		}
		if err := s.Reserve(c, groupPayer, nonce(i), "tool_a"); !errors.Is(err, ledger.ErrReplayed) {
			t.Errorf("pair %d reserved again: %v, want ErrReplayed (the first reservation was not committed)", i, err)
		}
	}
}

// BenchmarkFileParallel is the ledger work of paid calls in flight
// together, as the edge makes it: they share fsyncs.
func BenchmarkFileParallel(b *testing.B) {
	s, err := ledger.OpenFile(filepath.Join(b.TempDir(), "ledger.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	c := context.Background()
	var next atomic.Int64
	b.SetParallelism(16)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			n := nonce(int(next.Add(1)))
			if err := s.Reserve(c, groupPayer, n, "tool_a"); err != nil {
				b.Error(err)
				return
			}
			if err := s.Record(c, groupPayer, n, &ledger.Receipt{Tx: n, Tool: "tool_a"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
