package x402

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// fakeFacilitator answers or fails as told, and counts what it was asked.
type fakeFacilitator struct {
	mu               sync.Mutex
	down             bool  // no usable answer: as a timeout, a 5xx or a lost connection
	unreached        error // never reached: every call fails with it
	verifies, settle int
	supported        *Supported // its /supported; nil: it cannot be read
}

func (f *fakeFacilitator) Supported(context.Context) (*Supported, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.supported == nil {
		return nil, &FacilitatorError{Op: "supported", Message: "cannot resolve dead.invalid: no such host", Unreached: true}
	}
	return f.supported, nil
}

func (f *fakeFacilitator) Verify(context.Context, *Payload, *Requirements) (*VerifyResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.verifies++
	if f.unreached != nil {
		return nil, f.unreached
	}
	if f.down {
		return nil, &FacilitatorError{Op: "verify", Status: 502, Message: "server error"}
	}
	return &VerifyResponse{IsValid: true}, nil
}

func (f *fakeFacilitator) Settle(context.Context, *Payload, *Requirements) (*SettleResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.settle++
	if f.unreached != nil {
		return nil, f.unreached
	}
	if f.down {
		return nil, &FacilitatorError{Op: "settle", Status: 0, Message: "timed out"}
	}
	return &SettleResponse{Success: true, Transaction: "0x01", Network: "eip155:8453"}, nil
}

func (f *fakeFacilitator) counts() (int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.verifies, f.settle
}

// TestFailover: /verify moves to the second facilitator when the first
// fails; a /settle the first leaves unknown is returned as unknown and never
// sent to the second; once the first's breaker opens, /settle goes to the
// second; after the cooldown one trial call closes it again.
func TestFailover(t *testing.T) {
	first, second := &fakeFacilitator{down: true}, &fakeFacilitator{}
	reg := prometheus.NewRegistry()
	f, err := NewFailover([]Member{{"first.test", first}, {"second.test", second}}, 2, time.Minute, reg)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	f.now = func() time.Time { return now }
	ctx, p, r := context.Background(), &Payload{X402Version: 2}, &Requirements{Scheme: SchemeExact}
	calls := func(name, op, outcome string) float64 {
		return testutil.ToFloat64(f.calls.WithLabelValues(name, op, outcome))
	}

	if v, err := f.Verify(ctx, p, r); err != nil || !v.IsValid {
		t.Fatalf("verify: %+v %v", v, err)
	}
	if v1, _ := first.counts(); v1 != 1 || calls("first.test", "verify", "failed") != 1 || calls("second.test", "verify", "answered") != 1 {
		t.Fatalf("verify did not move to the second: first asked %d", v1)
	}

	// The first's breaker is still closed (one failure of two): the settle
	// goes to it, its outcome is unknown, and the second never sees it.
	if _, err := f.Settle(ctx, p, r); err == nil {
		t.Fatal("an unknown settlement was reported settled")
	}
	if _, s1 := first.counts(); s1 != 1 {
		t.Fatalf("first settled %d times", s1)
	}
	if _, s2 := second.counts(); s2 != 0 {
		t.Fatalf("the unknown settlement was sent again to the second facilitator (%d)", s2)
	}
	if got := testutil.ToFloat64(f.state.WithLabelValues("first.test")); got != breakerOpen {
		t.Fatalf("first's breaker %v after two failures, want open", got)
	}

	// Open: the first is skipped for both operations.
	if resp, err := f.Settle(ctx, p, r); err != nil || !resp.Success {
		t.Fatalf("settle with the first open: %+v %v", resp, err)
	}
	if _, s2 := second.counts(); s2 != 1 || calls("first.test", "settle", "skipped") != 1 {
		t.Fatalf("settle did not move to the second: %d, skipped %v", s2, calls("first.test", "settle", "skipped"))
	}
	f.Verify(ctx, p, r)
	if v1, _ := first.counts(); v1 != 1 {
		t.Fatalf("an open facilitator was asked to verify (%d)", v1)
	}

	// A batch-settlement payment stays with the first: its channel names
	// the first's receiver authorizer.
	if _, err := f.Settle(ctx, p, &Requirements{Scheme: SchemeBatch}); err != ErrNoFacilitator {
		t.Fatalf("batch-settlement with the first open: %v, want %v", err, ErrNoFacilitator)
	}

	// After the cooldown one trial passes; its success closes the breaker.
	now = now.Add(time.Minute)
	first.mu.Lock()
	first.down = false
	first.mu.Unlock()
	if _, err := f.Verify(ctx, p, r); err != nil {
		t.Fatal(err)
	}
	if v1, _ := first.counts(); v1 != 2 || testutil.ToFloat64(f.state.WithLabelValues("first.test")) != breakerClosed {
		t.Fatalf("trial: first asked %d times, breaker %v", v1, testutil.ToFloat64(f.state.WithLabelValues("first.test")))
	}
	if n, err := testutil.GatherAndCount(reg, "coinslot_facilitator_calls_total", "coinslot_facilitator_breaker_state"); err != nil || n == 0 {
		t.Fatalf("metrics not exported: %d %v", n, err)
	}

	// Every breaker open: nothing is asked.
	first.mu.Lock()
	first.down = true
	first.mu.Unlock()
	second.mu.Lock()
	second.down = true
	second.mu.Unlock()
	for range 2 {
		f.Verify(ctx, p, r)
	}
	if _, err := f.Verify(ctx, p, r); err != ErrNoFacilitator {
		t.Fatalf("all open: %v", err)
	}
}

// TestFailoverRoutesByNetwork: facilitators that each settle their own
// network share a failover, and a payment reaches only those listing its
// (scheme, network): exact on either network, batch-settlement on the
// second's, and nothing for a network neither lists.
func TestFailoverRoutesByNetwork(t *testing.T) {
	own := &fakeFacilitator{supported: &Supported{Kinds: []SupportedKind{{X402Version: 2, Scheme: SchemeExact, Network: "eip155:1337"}}}}
	hosted := &fakeFacilitator{supported: &Supported{Kinds: []SupportedKind{
		{X402Version: 2, Scheme: SchemeExact, Network: "eip155:8453"},
		{X402Version: 2, Scheme: SchemeBatch, Network: "eip155:8453"},
	}}}
	f, err := NewFailover([]Member{{"own.test", own}, {"hosted.test", hosted}}, 2, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, p := context.Background(), &Payload{X402Version: 2}
	if _, err := f.Supported(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		scheme, network string
		own, hosted     [2]int // verifies and settlements each has seen after the payment
	}{
		{SchemeExact, "eip155:1337", [2]int{1, 1}, [2]int{0, 0}},
		{SchemeExact, "eip155:8453", [2]int{1, 1}, [2]int{1, 1}},
		{SchemeBatch, "eip155:8453", [2]int{1, 1}, [2]int{2, 2}},
	} {
		r := &Requirements{Scheme: tc.scheme, Network: tc.network}
		if v, err := f.Verify(ctx, p, r); err != nil || !v.IsValid {
			t.Fatalf("%s on %s: verify %+v %v", tc.scheme, tc.network, v, err)
		}
		if s, err := f.Settle(ctx, p, r); err != nil || !s.Success {
			t.Fatalf("%s on %s: settle %+v %v", tc.scheme, tc.network, s, err)
		}
		v1, s1 := own.counts()
		v2, s2 := hosted.counts()
		if [2]int{v1, s1} != tc.own || [2]int{v2, s2} != tc.hosted {
			t.Fatalf("%s on %s: own %d/%d, hosted %d/%d; want %v, %v", tc.scheme, tc.network, v1, s1, v2, s2, tc.own, tc.hosted)
		}
	}
	r := &Requirements{Scheme: SchemeBatch, Network: "eip155:1337"}
	if _, err := f.Verify(ctx, p, r); err != ErrNotSettled {
		t.Fatalf("verify on a network none lists: %v, want %v", err, ErrNotSettled)
	}
	if _, err := f.Settle(ctx, p, r); err != ErrNotSettled {
		t.Fatalf("settle on a network none lists: %v, want %v", err, ErrNotSettled)
	}
}

// TestFailoverPassesOverTheUnreached: a first facilitator whose /supported
// cannot be read is down, named as such, and asked after the second; one
// never reached by a /settle passes the settlement on at once, since
// nothing can have moved; once its /supported reads again it is first
// again.
func TestFailoverPassesOverTheUnreached(t *testing.T) {
	refused := &FacilitatorError{Op: "settle", Message: "connection to 127.0.0.1:1 refused", Unreached: true}
	kinds := &Supported{Kinds: []SupportedKind{{X402Version: 2, Scheme: SchemeExact, Network: "eip155:8453"}}}
	first, second := &fakeFacilitator{unreached: refused}, &fakeFacilitator{supported: kinds}
	f, err := NewFailover([]Member{{"dead.invalid", first}, {"second.test", second}}, 3, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, p, r := context.Background(), &Payload{X402Version: 2}, &Requirements{Scheme: SchemeExact, Network: "eip155:8453"}
	doc, err := f.Supported(ctx)
	var down *MembersDown
	if !errors.As(err, &down) || err.Error() != "dead.invalid is down (facilitator supported: cannot resolve dead.invalid: no such host)" || len(doc.Kinds) != 1 {
		t.Fatalf("supported: %+v, %v", doc, err)
	}
	if v, err := f.Verify(ctx, p, r); err != nil || !v.IsValid {
		t.Fatalf("verify: %+v %v", v, err)
	}
	if s, err := f.Settle(ctx, p, r); err != nil || !s.Success {
		t.Fatalf("settle: %+v %v", s, err)
	}
	if v1, s1 := first.counts(); v1+s1 != 0 {
		t.Fatalf("the down facilitator was asked: %d verifies, %d settlements", v1, s1)
	}

	// Up again by its /supported, but never reached by the settlement:
	// the second settles it.
	first.mu.Lock()
	first.supported = kinds
	first.mu.Unlock()
	if _, err := f.Supported(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err := f.Settle(ctx, p, r); err != nil || !s.Success {
		t.Fatalf("settle past the unreached: %+v %v", s, err)
	}
	if _, s1 := first.counts(); s1 != 1 || testutil.ToFloat64(f.calls.WithLabelValues("dead.invalid", "settle", callUnreached)) != 1 {
		t.Fatalf("the first was asked to settle %d times, counted unreachable %v", s1, testutil.ToFloat64(f.calls.WithLabelValues("dead.invalid", "settle", callUnreached)))
	}
	if _, s2 := second.counts(); s2 != 2 {
		t.Fatalf("the second settled %d, want 2", s2)
	}

	// None answering /supported: no document, every name given.
	second.mu.Lock()
	second.supported = nil
	second.mu.Unlock()
	first.mu.Lock()
	first.supported = nil
	first.mu.Unlock()
	if doc, err := f.Supported(ctx); doc != nil || errors.As(err, &down) || !strings.Contains(err.Error(), "dead.invalid is down") || !strings.Contains(err.Error(), "second.test is down") {
		t.Fatalf("none up: %+v, %v", doc, err)
	}
}

// TestFailoverSendsUptoToItsFacilitator: of two facilitators settling upto
// on one network, an upto payment goes only to the one its entry (and so
// its witness) names, even when that one is failing; and the extensions
// every member takes are the failover's, not those one alone takes.
func TestFailoverSendsUptoToItsFacilitator(t *testing.T) {
	upto := func(address string, extensions ...string) *fakeFacilitator {
		return &fakeFacilitator{supported: &Supported{Kinds: []SupportedKind{
			{X402Version: 2, Scheme: SchemeExact, Network: "eip155:1337"},
			{X402Version: 2, Scheme: SchemeUpto, Network: "eip155:1337", Extra: map[string]any{"facilitatorAddress": address}},
		}, Extensions: extensions}}
	}
	first := upto("0x1111111111111111111111111111111111111111", EIP2612GasSponsoring, PaymentIdentifier)
	second := upto("0x2222222222222222222222222222222222222222", EIP2612GasSponsoring)
	f, err := NewFailover([]Member{{"first.test", first}, {"second.test", second}}, 2, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, p := context.Background(), &Payload{X402Version: 2}
	doc, err := f.Supported(ctx)
	if err != nil || strings.Join(doc.Extensions, ",") != EIP2612GasSponsoring {
		t.Fatalf("extensions %v (%v), want only the one both take", doc.Extensions, err)
	}
	r := &Requirements{Scheme: SchemeUpto, Network: "eip155:1337", Extra: map[string]any{"facilitatorAddress": "0x2222222222222222222222222222222222222222"}}
	if s, err := f.Settle(ctx, p, r); err != nil || !s.Success {
		t.Fatalf("settle: %+v %v", s, err)
	}
	if _, s1 := first.counts(); s1 != 0 {
		t.Fatalf("the facilitator the witness does not name settled %d", s1)
	}
	second.mu.Lock()
	second.down = true
	second.mu.Unlock()
	if _, err := f.Settle(ctx, p, r); err == nil {
		t.Fatal("a failing named facilitator's upto payment settled elsewhere")
	}
	if _, s1 := first.counts(); s1 != 0 {
		t.Fatalf("the facilitator the witness does not name settled %d", s1)
	}
}
