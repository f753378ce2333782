package ledger_test

import (
	"path/filepath"
	"testing"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
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
