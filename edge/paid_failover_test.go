package edge

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// failoverHarness serves through first and then the harness's facilitator,
// each passed over after one failure.
func failoverHarness(t *testing.T, first *x402.HTTPFacilitator) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t)}
	f, err := x402.NewFailover([]x402.Member{{Name: "first", Facilitator: first}, {Name: "second", Facilitator: h.fac.Client()}}, 1, time.Minute, nil)
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
	if r.status != 200 || h.fac.Settles() != 1 || h.fac.Verifies() != 1 {
		t.Fatalf("paid %d %s; the second verified %d and settled %d", r.status, r.body, h.fac.Verifies(), h.fac.Settles())
	}
}

// A first facilitator that verifies and then leaves the settlement unknown
// (a 502): the buyer gets 504 settlement_pending, the payment stays pending,
// and the second facilitator is never asked to settle it.
func TestFailoverNeverResendsAnUnknownSettle(t *testing.T) {
	first := x402test.NewServed(t)
	first.SettleAs(func() (int, string) { return http.StatusBadGateway, `{"error":"upstream"}` })
	h := failoverHarness(t, first.Client())
	r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if code, _ := r.errorOf(t); r.status != 504 || code != "settlement_pending" {
		t.Fatalf("unknown settle: %d %s", r.status, r.body)
	}
	if first.Settles() != 1 || h.fac.Settles() != 0 || h.fac.Verifies() != 0 {
		t.Fatalf("first settled %d; second verified %d and settled %d", first.Settles(), h.fac.Verifies(), h.fac.Settles())
	}
	if len(h.pending()) != 1 {
		t.Fatalf("pending %+v, want the payment", h.pending())
	}
	// The first's breaker is open now: the next call goes to the second.
	r = h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if r.status != 200 || h.fac.Settles() != 1 || first.Settles() != 1 {
		t.Fatalf("next call %d %s; second settled %d, first %d", r.status, r.body, h.fac.Settles(), first.Settles())
	}
}

// A first facilitator that cannot be reached, by a port that refuses or a
// name that does not resolve, costs the buyer nothing, with the breaker's
// defaults (three failures) and the client's (three verify attempts): the
// first paid call, before anything has read /supported, is verified and
// settled by the second at once; then /readyz is ready and names the first
// down, with its cause, and the next call does not ask it.
func TestFailoverPastTheUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	for _, tc := range []struct{ name, cause string }{
		{closed, "connection to " + closed + " refused"},
		{"nonexistent.invalid", "cannot resolve nonexistent.invalid: no such host"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t)}
			calls := prometheus.NewRegistry()
			f, err := x402.NewFailover([]x402.Member{
				{Name: tc.name, Facilitator: x402.NewHTTPFacilitator("http://"+tc.name, "")},
				{Name: "second", Facilitator: h.fac.Client()},
			}, 3, 30*time.Second, calls)
			if err != nil {
				t.Fatal(err)
			}
			h.via = f
			h.start()
			start := time.Now()
			r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
			if took := time.Since(start); r.status != 200 || took > 5*time.Second {
				t.Fatalf("paid %d %s after %v", r.status, r.body, took)
			}

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			h.srv.Watch(ctx, 10*time.Millisecond, time.Second, h.srv.SupportedCheck(f.Supported))
			want := `{"status":"ready","degraded":"the facilitator's /supported: ` + tc.name + ` is down (facilitator supported: ` + tc.cause + `)"}` + "\n"
			for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				ready := h.do("GET", "/readyz", "", nil)
				if ready.status == 200 && string(ready.body) == want {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("readyz %d %s, want 200 %s", ready.status, ready.body, want)
				}
			}
			if r := h.pay(echoPath, echoBody, h.payment(echoPath, nil)); r.status != 200 || h.fac.Settles() != 2 {
				t.Fatalf("second call %d %s; the second settled %d", r.status, r.body, h.fac.Settles())
			}
			// The first was tried once per operation, by the first call only.
			if err := testutil.GatherAndCompare(calls, strings.NewReader(`
# HELP coinslot_facilitator_calls_total Calls to each facilitator by operation and outcome (answered, failed, unreachable, skipped while its breaker was open).
# TYPE coinslot_facilitator_calls_total counter
coinslot_facilitator_calls_total{facilitator="`+tc.name+`",op="settle",outcome="unreachable"} 1
coinslot_facilitator_calls_total{facilitator="`+tc.name+`",op="verify",outcome="unreachable"} 1
coinslot_facilitator_calls_total{facilitator="second",op="settle",outcome="answered"} 2
coinslot_facilitator_calls_total{facilitator="second",op="verify",outcome="answered"} 2
`), "coinslot_facilitator_calls_total"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// With no facilitator reachable the payment is not refused as invalid: the
// buyer gets 503 upstream_unavailable naming the cause, nothing is
// charged or kept reserved, and the call is counted and logged as an
// outage (facilitator_unavailable), not a refusal.
func TestNoFacilitatorReachableIsAnOutage(t *testing.T) {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t),
		via: x402.NewHTTPFacilitator("http://nonexistent.invalid", "")}
	h.start()
	var buf syncBuffer
	h.srv.pay.Log = slog.New(slog.NewJSONHandler(&buf, nil))
	p := h.payment(echoPath, nil)
	buf.lines(t)
	const msg = "no facilitator could verify the payment (facilitator verify: cannot resolve nonexistent.invalid: no such host); nothing was charged: send the same payment again"
	outage(t, h, h.pay(echoPath, echoBody, p), msg, outcomeRefused)
	line := accessLine(t, &buf, "")
	if line["payment"] != "facilitator_unavailable" || line["error"] != "upstream_unavailable" || line["reason"] != msg {
		t.Fatalf("access line %v", line)
	}
	// The same payment, once a facilitator answers, is served.
	h.via = h.fac.Client()
	h.start()
	if r := h.pay(echoPath, echoBody, p); r.status != 200 {
		t.Fatalf("the same payment again: %d %s", r.status, r.body)
	}
}

// A /settle that reached no facilitator moved nothing: the payment is
// released at once and answered as an outage, not left pending for the
// reconciler, and the same payment is served once a facilitator answers.
func TestSettleThatReachedNoFacilitatorIsReleased(t *testing.T) {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t)}
	h.fac.OnSettle(x402.NewHTTPFacilitator("http://nonexistent.invalid", "").Settle) // verified here, settled through a facilitator never reached
	h.via = h.fac
	h.start()
	p := h.payment(echoPath, nil)
	const msg = "no facilitator could settle the payment (facilitator settle: cannot resolve nonexistent.invalid: no such host); nothing was charged: send the same payment again"
	outage(t, h, h.pay(echoPath, echoBody, p), msg, outcomeSettlePending)
	a := p.Payload.Exact().Authorization
	if pm, err := h.srv.pay.Ledger.Payment(context.Background(), a.From, a.Nonce); err != nil || pm.State != ledger.Free {
		t.Fatalf("the payment after a settle that reached no one: %+v, %v; want free", pm, err)
	}
	h.fac.OnSettle(nil)
	h.via = h.fac.Client()
	h.start()
	if r := h.pay(echoPath, echoBody, p); r.status != 200 {
		t.Fatalf("the same payment again: %d %s", r.status, r.body)
	}
	if n := h.fac.Settles(); n != 1 {
		t.Fatalf("%d settlements, want 1", n)
	}
}

// outage asserts that r is the 503 of a payment no facilitator answered
// on, counted once as an outage and never as not, the outcome it could be
// mistaken for.
func outage(t *testing.T, h *harness, r reply, msg, not string) {
	t.Helper()
	if r.status != 503 || string(r.body) != `{"error":{"code":"upstream_unavailable","message":"`+msg+`"}}` {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if v := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcomeFacilitatorDown)); v != 1 {
		t.Fatalf("facilitator_unavailable counted %v, want 1", v)
	}
	if v := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", not)); v != 0 {
		t.Fatalf("%s counted %v, want 0", not, v)
	}
}
