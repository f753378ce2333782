package edge

import (
	"fmt"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
)

// limited gives the harness's server admission limits: rate and burst per
// address, then per payer.
func (h *harness) limited(ipRate float64, ipBurst int, payerRate float64, payerBurst int) {
	h.srv.guard = newGuard(config.Limits{PaidRatePerIP: ipRate, PaidBurstPerIP: ipBurst,
		PaidRatePerPayer: payerRate, PaidBurstPerPayer: payerBurst, Verifies: 4, RefusedFundsTTL: config.Duration(time.Minute)})
}

// An empty wallet's flood reaches the facilitator once: the refusal for
// funds is remembered and repeated, reason and message alike, and nothing
// is left reserved.
func TestUnfundedFloodVerifiesOnce(t *testing.T) {
	h := newHarness(t)
	h.limited(1000, 1000, 1000, 1000)
	h.fac.Refuse(buyer, "insufficient_funds")
	var first string
	for i := range 10 {
		r := h.pay("/paid/test/echo", `{"text":"hi"}`, h.payment("/paid/test/echo", nil))
		code, reason := r.errorOf(t)
		msg, _ := r.json(t)["error"].(string)
		if r.status != 402 || code != string(registry.CodePaymentInvalid) || reason != "insufficient_funds" {
			t.Fatalf("call %d: %d %s", i, r.status, r.body)
		}
		if i == 0 {
			first = msg
		} else if msg != first {
			t.Fatalf("call %d: message %q, want the first's %q", i, msg, first)
		}
	}
	if n := h.fac.Verifies(); n != 1 {
		t.Fatalf("%d verifies for 10 calls from an empty wallet, want 1", n)
	}
	if p := h.pending(); len(p) != 0 {
		t.Fatalf("pending %v", p)
	}
}

// Over its address's or its payer's bucket a paid call is refused before
// the facilitator is asked: 429 in the error shape with Retry-After on a
// paid route, the same error as a tool result over /mcp, where the address's
// bucket is read before the MCP SDK decodes the request.
func TestPaidRateLimits(t *testing.T) {
	for _, tc := range []struct {
		name                string
		ipRate, payerRate   float64
		ipBurst, payerBurst int
		names               string // what the refusal's message names
		retry               string
	}{
		{"per address", 0.5, 1000, 2, 1000, "too many paid calls from 0.0.0.0; at most 0.5 a second", "2"},
		{"per payer", 1000, 1, 1000, 2, "too many paid calls from " + buyer + "; at most 1 a second", "1"},
	} {
		t.Run(tc.name+" over HTTP", func(t *testing.T) {
			h := newHarness(t)
			h.limited(tc.ipRate, tc.ipBurst, tc.payerRate, tc.payerBurst)
			for i := range 2 {
				if r := h.pay("/paid/test/echo", `{"text":"hi"}`, h.payment("/paid/test/echo", nil)); r.status != 200 {
					t.Fatalf("call %d within the burst: %d %s", i, r.status, r.body)
				}
			}
			r := h.pay("/paid/test/echo", `{"text":"hi"}`, h.payment("/paid/test/echo", nil))
			want := fmt.Sprintf(`{"error":{"code":"rate_limited","message":"%s are taken"}}`, tc.names)
			if r.status != 429 || string(r.body) != want || r.header["RETRY-AFTER"] != tc.retry {
				t.Fatalf("over the limit: %d Retry-After %q %s, want 429 Retry-After %s %s", r.status, r.header["RETRY-AFTER"], r.body, tc.retry, want)
			}
			if n := h.fac.Verifies(); n != 2 {
				t.Fatalf("%d verifies, want 2: the limited call must not reach the facilitator", n)
			}
		})
		t.Run(tc.name+" over MCP", func(t *testing.T) {
			h := newHarness(t)
			h.limited(tc.ipRate, tc.ipBurst, tc.payerRate, tc.payerBurst)
			for i := range 2 {
				if res := h.call("test_echo", `{"text":"hi"}`, h.mcpPayment("test_echo", `{"text":"hi"}`)); res.IsError {
					t.Fatalf("call %d within the burst: %+v", i, res)
				}
			}
			got := failureOf(t, h.call("test_echo", `{"text":"hi"}`, h.mcpPayment("test_echo", `{"text":"hi"}`)))
			if got.Code != registry.CodeRateLimited || got.Message != tc.names+" are taken" {
				t.Fatalf("over the limit: %+v", got)
			}
			if n := h.fac.Verifies(); n != 2 {
				t.Fatalf("%d verifies, want 2: the limited call must not reach the facilitator", n)
			}
		})
	}
}
