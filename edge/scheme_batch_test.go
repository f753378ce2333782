package edge

import (
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
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
