package edge

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// leadLedger is a channel ledger that leads or not, and counts the claim
// rounds that list its channels.
type leadLedger struct {
	lead   bool
	listed atomic.Int64
}

func (l *leadLedger) Channel(context.Context, string) (*ledger.Channel, error) {
	return nil, ledger.ErrNotFound
}
func (l *leadLedger) PutChannel(context.Context, *ledger.Channel) error { return nil }
func (l *leadLedger) ListChannels(context.Context) ([]ledger.Channel, error) {
	l.listed.Add(1)
	return nil, nil
}
func (l *leadLedger) Lead(context.Context, string, time.Duration) (bool, error) { return l.lead, nil }

// Only the leading instance claims.
func TestClaimerClaimsOnlyWhileLeading(t *testing.T) {
	for _, lead := range []bool{false, true} {
		l := &leadLedger{lead: lead}
		c, err := NewClaimer(Claimer{Ledger: l}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		c.Run(ctx, 10*time.Millisecond)
		cancel()
		if rounds := l.listed.Load(); (rounds > 0) != lead {
			t.Errorf("leading %v: %d claim rounds", lead, rounds)
		}
		if got := testutil.ToFloat64(c.metrics.leader); got != map[bool]float64{true: 1}[lead] {
			t.Errorf("leading %v: leader gauge %v", lead, got)
		}
	}
}
