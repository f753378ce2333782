package upkeep

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// Start runs the reconciler and the claimer; Stop returns once both have
// returned, and no round runs after it.
func TestJobsStartAndStop(t *testing.T) {
	store, err := ledger.OpenFile(filepath.Join(t.TempDir(), "ledger.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	if err := store.Reserve(ctx, "0xpayer", "0x01", "test_echo"); err != nil {
		t.Fatal(err)
	}
	if err := store.Settling(ctx, "0xpayer", "0x01", &ledger.Receipt{Tool: "test_echo"}, nil); err != nil {
		t.Fatal(err)
	}
	r, err := NewReconciler(Reconciliation{Ledger: store, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	channels := &leadLedger{lead: true}
	c, err := NewClaimer(Claimer{Ledger: channels, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	jobs := &Jobs{Reconciler: r, Claimer: c, ClaimEvery: 5 * time.Millisecond}
	jobs.Start(ctx)
	for deadline := time.Now().Add(5 * time.Second); channels.listed.Load() == 0 || testutil.ToFloat64(r.pending.WithLabelValues("under_1m")) != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			jobs.Stop()
			t.Fatalf("after 5 s: %d claim rounds, %v payments counted pending; want both jobs running",
				channels.listed.Load(), testutil.ToFloat64(r.pending.WithLabelValues("under_1m")))
		}
	}
	jobs.Stop()
	rounds := channels.listed.Load()
	time.Sleep(50 * time.Millisecond)
	if got := channels.listed.Load(); got != rounds {
		t.Fatalf("%d claim rounds after Stop", got-rounds)
	}
}
