package upkeep_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
)

// The claimer lists records without their latest call's answer and
// settlement; the records its claims and its chain watch write keep them.
func TestClaimerWritesKeepTheAnswer(t *testing.T) {
	store := openLedger(t)
	ctx := context.Background()
	chain := &scaleChain{states: map[string]x402.ChannelState{}}
	const claimed, watched = "0x01", "0x02"
	answer, settlement := json.RawMessage(`{"data":"the answer"}`), json.RawMessage(`{"success":true}`)
	for _, id := range []string{claimed, watched} {
		cfg, _ := json.Marshal(x402.ChannelConfig{Payer: testPayer, WithdrawDelay: 86400, Salt: id})
		rec := &ledger.Channel{ID: id, Config: cfg, Charged: "100", SignedMax: "100", TotalClaimed: "100", Balance: "1000",
			RefundNonce: "0", SyncedAt: time.Now().UTC(), Tool: "t", Answer: answer, Settlement: settlement}
		if id == claimed {
			rec.Charged, rec.SignedMax = "150", "150"
		}
		if err := store.PutChannel(ctx, rec); err != nil {
			t.Fatal(err)
		}
		chain.set(id, x402.ChannelState{ChannelID: id, Balance: "1000", TotalClaimed: "100", RefundNonce: "0"})
	}
	chain.set(watched, x402.ChannelState{ChannelID: watched, Balance: "900", TotalClaimed: "100", RefundNonce: "0"}) // a refund
	c, err := upkeep.NewClaimer(upkeep.Claimer{Ledger: store, Facilitator: &claimingChain{x402test.New(), chain}, Chain: chain,
		Terms: scaleTerms, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := c.Once(ctx); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
	for id, want := range map[string][2]string{claimed: {"150", "1000"}, watched: {"100", "900"}} {
		rec, err := store.Channel(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.TotalClaimed != want[0] || rec.Balance != want[1] || rec.Version != 2 {
			t.Errorf("%s: claimed %s, balance %s at version %d; want %s, %s at 2", id, rec.TotalClaimed, rec.Balance, rec.Version, want[0], want[1])
		}
		if string(rec.Answer) != string(answer) || string(rec.Settlement) != string(settlement) {
			t.Errorf("%s: answer %s and settlement %s after the claimer's write", id, rec.Answer, rec.Settlement)
		}
	}
}
