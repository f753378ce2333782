package ledger_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/coinslot/coinslot/edge/ledger"
)

func TestOpenChoosesDriver(t *testing.T) {
	ctx := context.Background()
	s, err := ledger.Open(ctx, "file", filepath.Join(t.TempDir(), "ledger.db"), "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*ledger.File); !ok {
		t.Fatalf("driver file opened a %T", s)
	}
	_, err = ledger.Open(ctx, "sqlite", "ledger.db", "")
	if want := `ledger: unknown driver "sqlite" (want file or postgres)`; err == nil || err.Error() != want {
		t.Fatalf("unknown driver: got %v, want %q", err, want)
	}
}
