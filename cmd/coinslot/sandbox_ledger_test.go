package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
)

// A sandbox's ledger file belongs to the chain it was made on. A sandbox
// restarted with a new in-process chain does not read the old one, so a
// buyer's channel, whose id is the same on the new chain, starts from
// nothing rather than from the charged total of a chain that is gone; a
// sandbox restarted on a chain that outlived it (chain_rpc) keeps its
// ledger; a file that records no chain is moved aside, never read.
func TestSandboxLedgerBelongsToItsChain(t *testing.T) {
	dir := t.TempDir()
	// run serves a sandbox on the ledger at path until stop.
	run := func(path string, env ...string) (b *batchSandbox, stop func()) {
		t.Helper()
		ln, base, cfg := sandboxOn(t, "", append([]string{"COINSLOT_LEDGER_PATH=" + path, "COINSLOT_BATCH_SETTLEMENT_CLAIM_EVERY=5m"}, env...)...)
		b = &batchSandbox{t: t, base: base, log: new(lockedBuffer)}
		ctx, cancel := context.WithCancel(context.Background())
		svc, err := start(ctx, cfg, slog.New(slog.NewJSONHandler(b.log, nil)))
		if err != nil {
			t.Fatal(err)
		}
		srv := edge.HTTPServer(svc.Handler, cfg.Limits)
		go srv.Serve(ln)
		b.svc = svc
		b.sell("business_days")
		return b, func() {
			srv.Shutdown()
			svc.Close()
			cancel()
		}
	}
	charged := func(b *batchSandbox) string {
		t.Helper()
		cfg, _ := b.buyer(buyer1, 12).Config()
		ch, _ := cfg.Parse()
		rec, err := b.svc.ledger.Channel(context.Background(), ch.ID(facilitator.SandboxNetwork(1337).ChainID).Hex())
		if errors.Is(err, ledger.ErrNotFound) {
			return "none"
		}
		if err != nil {
			t.Fatal(err)
		}
		return rec.Charged
	}

	own := filepath.Join(dir, "own.db")
	// A ledger an earlier version made, which records no chain.
	earlier, err := ledger.OpenFile(own)
	if err != nil {
		t.Fatal(err)
	}
	if err := earlier.Record(context.Background(), "0xabc", "0x1", &ledger.Receipt{Tool: "business_days", Tx: "0x1"}); err != nil {
		t.Fatal(err)
	}
	earlier.Close()
	b, stop := run(own)
	if !strings.Contains(b.log.String(), "the ledger file records no sandbox chain; moved aside") {
		t.Fatalf("no line on the file moved aside in\n%s", b.log.String())
	}
	if aside, _ := filepath.Glob(own + ".before-*"); len(aside) != 1 {
		t.Fatalf("moved aside: %v", aside)
	} else if kept, err := ledger.OpenFile(aside[0]); err != nil {
		t.Fatal(err)
	} else if _, err := kept.Receipt(context.Background(), "0x1"); err != nil {
		t.Fatalf("the ledger moved aside: %v", err)
	} else {
		kept.Close()
	}
	buyer := b.buyer(buyer1, 12)
	if r := b.send(buyer.Deposit(b.times(5), b.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %+v", r.status, r.errorBody)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK {
		t.Fatalf("voucher: %d %q", r.status, r.required.Error)
	}
	stop()

	b, stop = run(own) // a new in-process chain
	defer stop()
	if got := charged(b); got != "none" {
		t.Fatalf("the new chain's sandbox reads the old chain's channel, charged %s", got)
	}
	if !strings.Contains(b.log.String(), "the ledger file was made on another sandbox chain, which is gone; starting an empty ledger") {
		t.Fatalf("no line on the ledger reset in\n%s", b.log.String())
	}
	buyer = b.buyer(buyer1, 12)
	if r := b.send(buyer.Deposit(b.times(5), b.times(1), time.Now())); r.status != http.StatusOK || r.settled.Extra.ChargedAmount != b.price.String() ||
		r.settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(1).String() {
		t.Fatalf("deposit on the new chain: %d %+v", r.status, r.settled)
	}

	// On a chain that outlives the sandbox, its ledger stays.
	chainBase := startSandbox(t)
	joined := filepath.Join(dir, "joined.db")
	env := []string{"COINSLOT_CHAIN_RPC=" + chainBase + "/sandbox/rpc", "COINSLOT_FACILITATOR_URL=" + chainBase + "/facilitator"}
	j, stopJoined := run(joined, env...)
	buyer = j.buyer(buyer1, 12)
	if r := j.send(buyer.Deposit(j.times(5), j.times(1), time.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit on the joined chain: %d %+v", r.status, r.errorBody)
	}
	stopJoined()
	j, stopJoined = run(joined, env...)
	defer stopJoined()
	if got := charged(j); got != j.times(1).String() {
		t.Fatalf("restarted on the same chain: charged %s, want %s", got, j.times(1))
	}
}
