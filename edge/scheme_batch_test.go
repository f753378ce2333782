package edge

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
)

// A channel whose withdrawal ends before a claim is sure to land is not
// charged; one with time for two claims is.
func TestChargesStopBeforeAWithdrawalEnds(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := &Server{pay: Payments{Now: func() time.Time { return now }}}
	cfg := &config.Config{BatchSettlement: config.BatchSettlement{ClaimEvery: config.Duration(time.Minute)}}
	call := &x402.BatchCall{Channel: x402.Channel{WithdrawDelay: 900}}
	for _, tc := range []struct {
		requested int64 // seconds before now; 0: no withdrawal
		refused   bool
	}{
		{0, false},
		{60, false},        // ends in 14 minutes
		{900 - 121, false}, // ends in 2 minutes and a second
		{900 - 119, true},  // ends within two claim intervals
		{1000, true},       // could have ended already
	} {
		state := &x402.ChannelState{}
		if tc.requested != 0 {
			state.WithdrawRequestedAt = uint64(now.Unix() - tc.requested)
		}
		r := s.withdrawing(cfg, call, state)
		if (r != nil) != tc.refused || r != nil && (r.Reason != x402.BatchCumulativeExceedsBal || !strings.Contains(r.Message, "withdrawal completes at")) {
			t.Errorf("withdrawal requested %ds ago: %v", tc.requested, r)
		}
	}
}

// batch_settlement.claim_above is the claimer's from the configuration in
// force: a reload that changes it changes the threshold.
func TestClaimAboveFollowsAReload(t *testing.T) {
	parse := func(above string) *config.Config {
		cfg, err := config.Parse(nil, []string{"COINSLOT_PAY_TO=" + testSeller, "COINSLOT_BASE_URL=" + testBase, "COINSLOT_BATCH_SETTLEMENT_CLAIM_ABOVE=" + above})
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	store, err := ledger.OpenFile(filepath.Join(t.TempDir(), "ledger.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	s, err := New(parse("5"), &fakeRuntime{}, Payments{Networks: []x402.Network{x402.Base}, Facilitator: x402test.NewServed(t).Client(), Ledger: store,
		Batch: &x402.BatchTerms{Network: x402.Base.ID, ReceiverAuthorizer: common.HexToAddress(testSeller), WithdrawDelay: 900}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Claimer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Above(); got != 5_000_000 {
		t.Fatalf("at start: %d, want 5000000", got)
	}
	g, err := s.Prepare(parse("7.5"))
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(g)
	if got := c.Above(); got != 7_500_000 {
		t.Fatalf("after the reload: %d, want 7500000", got)
	}
}
