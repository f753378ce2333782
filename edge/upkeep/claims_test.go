package upkeep

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402/x402test"
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

// claimLedger holds one channel with charges to claim.
type claimLedger struct {
	leadLedger
	ch ledger.Channel
}

func (l *claimLedger) ListChannels(context.Context) ([]ledger.Channel, error) {
	l.listed.Add(1)
	return []ledger.Channel{l.ch}, nil
}

// Unclaimed charges at the threshold are claimed within a survey, long
// before the interval; below it, they wait for the interval.
func TestClaimerClaimsEarlyAboveTheThreshold(t *testing.T) {
	for _, tc := range []struct {
		above int64
		early bool
	}{{above: 20_000_000, early: true}, {above: 20_000_001, early: false}, {above: 0, early: false}} {
		l := &claimLedger{leadLedger: leadLedger{lead: true}, ch: ledger.Channel{ID: "0xab", Config: []byte(`{}`),
			Charged: "20000000", SignedMax: "20000000", TotalClaimed: "0", Balance: "50000000"}} // $20 unclaimed
		f := x402test.New() // settles every claim and sweep
		c, err := NewClaimer(Claimer{Ledger: l, Facilitator: f, Above: func() int64 { return tc.above }}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		c.runSurveying(ctx, time.Hour, 10*time.Millisecond)
		cancel()
		if claimed := f.Claims() > 0; claimed != tc.early {
			t.Errorf("above %d: claimed %v, want %v", tc.above, claimed, tc.early)
		}
	}
}

// A facilitator outage of 30 claim surveys (scaled down: surveys of 20 ms,
// claims every 200 ms) quarantines nothing, and every charged channel is
// claimed within two claim intervals of the recovery, the gauges back to 0.
func TestClaimerOutlivesAFacilitatorOutage(t *testing.T) {
	store, err := ledger.OpenFile(filepath.Join(t.TempDir(), "ledger.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, id := range []string{"0x01", "0x02", "0x03"} {
		if err := store.PutChannel(context.Background(), &ledger.Channel{ID: id, Config: []byte(`{}`), Charged: "20000", SignedMax: "20000",
			Signature: "0x01", TotalClaimed: "0", Balance: "50000"}); err != nil {
			t.Fatal(err)
		}
	}
	f := x402test.New()
	f.Down.Store(true) // every claim fails, as at an unreachable facilitator
	c, err := NewClaimer(Claimer{Ledger: store, Facilitator: f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	const every, survey = 200 * time.Millisecond, 20 * time.Millisecond
	go func() { defer close(done); c.runSurveying(ctx, every, survey) }()
	defer func() { cancel(); <-done }()

	time.Sleep(30 * survey)
	if q := testutil.ToFloat64(c.metrics.quarantined); q != 0 {
		t.Fatalf("an outage quarantined %v channels", q)
	}
	if u := testutil.ToFloat64(c.metrics.unclaimed); u != 0.06 {
		t.Fatalf("unclaimed during the outage: %v USD", u)
	}
	f.Down.Store(false)
	recovered := time.Now()
	for {
		all, err := store.ListChannels(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		claimed := 0
		for _, ch := range all {
			if ch.TotalClaimed == ch.Charged {
				claimed++
			}
		}
		if claimed == len(all) {
			break
		}
		if time.Since(recovered) > 2*every+4*survey {
			t.Fatalf("%d of %d channels claimed %s after the recovery", claimed, len(all), time.Since(recovered))
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(2 * survey) // the gauges follow at the end of the round
	if q, u := testutil.ToFloat64(c.metrics.quarantined), testutil.ToFloat64(c.metrics.unclaimed); q != 0 || u != 0 {
		t.Fatalf("after the recovery: %v quarantined, %v USD unclaimed", q, u)
	}
}
