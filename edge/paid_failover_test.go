package edge

import (
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
)

// failoverHarness serves through first and then the harness's facilitator,
// each passed over after one failure.
func failoverHarness(t *testing.T, first *x402.HTTPFacilitator) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: newFacilitatorDouble(t)}
	f, err := x402.NewFailover([]x402.Member{{Name: "first", Facilitator: first}, {Name: "second", Facilitator: h.fac.client()}}, 1, time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.via = f
	h.start()
	return h
}

// A first facilitator that cannot be reached: the call is verified and
// settled by the second, and paid.
func TestFailoverPaysThroughTheSecond(t *testing.T) {
	dead := x402.NewHTTPFacilitator("http://127.0.0.1:1", "")
	dead.VerifyAttempts = 1
	h := failoverHarness(t, dead)
	r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if r.status != 200 || h.fac.settleCount() != 1 || h.fac.verifies.Load() != 1 {
		t.Fatalf("paid %d %s; the second verified %d and settled %d", r.status, r.body, h.fac.verifies.Load(), h.fac.settleCount())
	}
}

// A first facilitator that verifies and then leaves the settlement unknown
// (a 502): the buyer gets 504 settlement_pending, the payment stays pending,
// and the second facilitator is never asked to settle it.
func TestFailoverNeverResendsAnUnknownSettle(t *testing.T) {
	first := newFacilitatorDouble(t)
	first.settleAs = func() (int, string) { return http.StatusBadGateway, `{"error":"upstream"}` }
	h := failoverHarness(t, first.client())
	r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if code, _ := r.errorOf(t); r.status != 504 || code != "settlement_pending" {
		t.Fatalf("unknown settle: %d %s", r.status, r.body)
	}
	if first.settleCount() != 1 || h.fac.settleCount() != 0 || h.fac.verifies.Load() != 0 {
		t.Fatalf("first settled %d; second verified %d and settled %d", first.settleCount(), h.fac.verifies.Load(), h.fac.settleCount())
	}
	if len(h.pending()) != 1 {
		t.Fatalf("pending %+v, want the payment", h.pending())
	}
	// The first's breaker is open now: the next call goes to the second.
	r = h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if r.status != 200 || h.fac.settleCount() != 1 || first.settleCount() != 1 {
		t.Fatalf("next call %d %s; second settled %d, first %d", r.status, r.body, h.fac.settleCount(), first.settleCount())
	}
}
