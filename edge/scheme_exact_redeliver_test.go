package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// settlementOf decodes the settlement header a paid answer carries.
func settlementOf(t *testing.T, r reply, header string) x402.SettleResponse {
	t.Helper()
	var s x402.SettleResponse
	if err := x402.DecodeHeader(r.header[header], &s); err != nil {
		t.Fatalf("%s %q: %v", header, r.header[header], err)
	}
	return s
}

// A retry of a settled payment, v1 or v2, gets its answer and settlement
// again, and is neither verified, run nor settled again; the same payment
// for another request is refused with 409, naming no receipt to a caller
// who has not proved to be the payer.
func TestRetryOfASettledPaymentGetsItsAnswer(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		name, path, body, other, header string
		send                            func(p *x402.Payload, body string) reply
	}{
		{"v2", echoPath, echoBody, `{"text":"other"}`, x402.HeaderResponse, func(p *x402.Payload, body string) reply { return h.pay(echoPath, body, p) }},
		{"v1", echoPath, echoBody, `{"text":"other"}`, x402.HeaderResponseV1, func(p *x402.Payload, body string) reply {
			return h.do("POST", echoPath, body, map[string]string{x402.HeaderPaymentV1: header(t, v1Of(p))})
		}},
		{"receipt-backed", "/paid/test/receipt", `{"tool_name":"x"}`, `{"tool_name":"y"}`, x402.HeaderResponse, func(p *x402.Payload, body string) reply {
			return h.pay("/paid/test/receipt", body, p)
		}},
	} {
		runs, settles := h.rt.runs.Load(), h.fac.Settles()
		p := h.payment(tc.path, nil)
		first := tc.send(p, tc.body)
		if first.status != 200 {
			t.Fatalf("%s: %d %s", tc.name, first.status, first.body)
		}
		settled := settlementOf(t, first, tc.header)
		again := tc.send(p, tc.body)
		if again.status != 200 || !bytes.Equal(again.body, first.body) || again.header[tc.header] != first.header[tc.header] {
			t.Fatalf("%s retry: %d %s, settlement %q; want the first answer %s and %+v", tc.name, again.status, again.body, again.header[tc.header], first.body, settled)
		}
		other := tc.send(p, tc.other)
		if other.status != 409 || string(other.body) != `{"error":{"code":"payment_conflict","message":"`+anotherRequest+`"}}` {
			t.Fatalf("%s for another request: %d %s", tc.name, other.status, other.body)
		}
		if h.rt.runs.Load() != runs+1 || h.fac.Settles() != settles+1 {
			t.Fatalf("%s: %d runs, %d settles; want one each", tc.name, h.rt.runs.Load()-runs, h.fac.Settles()-settles)
		}
	}
}

const anotherRequest = "this payment already paid for another request; sign a new payment for this one"

func TestMCPRetryOfASettledPaymentGetsItsAnswer(t *testing.T) {
	h := newHarness(t)
	p := h.mcpPayment("test_echo", `{"text":"ab"}`)
	first := h.call("test_echo", `{"text":"ab"}`, p)
	again := h.call("test_echo", `{"text":"ab"}`, p)
	if first.IsError || again.IsError || !bytes.Equal(again.StructuredContent, first.StructuredContent) || !jsonEqual(again.Meta, first.Meta) {
		t.Fatalf("retry: %+v\nfirst: %+v", again, first)
	}
	other := failureOf(t, h.call("test_echo", `{"text":"cd"}`, p))
	if other.Code != "payment_conflict" || other.Message != anotherRequest {
		t.Fatalf("for another request: %+v", other)
	}
	if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
		t.Fatalf("%d runs, %d settles; want one each", h.rt.runs.Load(), h.fac.Settles())
	}
}

// The settlement lands, its answer is lost: the buyer is told the
// settlement is pending, not asked to pay again; reconciliation finds it
// on chain, and the buyer's retry of the same payment gets the answer.
func TestLostSettlementAnswerIsPendingThenDelivered(t *testing.T) {
	h := newHarness(t)
	h.fac.Hang.Store(int64(2500 * time.Millisecond)) // beyond the client's 2 s timeout; the settlement still lands
	p := h.payment(echoPath, nil)
	a := p.Payload.Authorization
	status := "/payment/" + strings.ToLower(a.From) + "/" + a.Nonce
	r := h.pay(echoPath, echoBody, p)
	code, _ := r.errorOf(t)
	if r.status != 504 || code != "settlement_pending" || r.header["RETRY-AFTER"] != "5" || r.header[x402.HeaderRequired] != "" ||
		!bytes.Contains(r.body, []byte(testBase+status)) || bytes.Contains(r.body, []byte("abab")) {
		t.Fatalf("lost settlement: %d %v %s", r.status, r.header, r.body)
	}
	if doc := h.do("GET", status, "", nil); doc.status != 200 || doc.json(t)["state"] != "pending" {
		t.Fatalf("status while pending: %d %s", doc.status, doc.body)
	}
	if again := h.pay(echoPath, echoBody, p); again.status != 504 {
		t.Fatalf("retry while pending: %d %s", again.status, again.body)
	}
	h.fac.Hang.Store(0)
	for deadline := time.Now().Add(5 * time.Second); h.fac.Settles() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the double never settled")
		}
	}
	h.fac.Settles() // taking the double's lock waits for its settle to finish its write
	now := time.Now().Add(upkeep.FirstLook)
	h.reconcilerFor(h.fac, &now).Pass(t, 0)

	got := h.pay(echoPath, echoBody, p)
	if got.status != 200 || !bytes.Contains(got.body, []byte(`"data":["abab"]`)) {
		t.Fatalf("retry once reconciled: %d %s", got.status, got.body)
	}
	tx := crypto.Keccak256Hash([]byte(strings.ToLower(a.From + "|" + a.Nonce))).Hex()
	if s := settlementOf(t, got, x402.HeaderResponse); !s.Success || s.Transaction != tx || s.Payer != a.From {
		t.Fatalf("settlement %+v, want tx %s", s, tx)
	}
	if h.fac.Settles() != 1 || h.rt.runs.Load() != 1 {
		t.Fatalf("%d settlements, %d runs; want one each", h.fac.Settles(), h.rt.runs.Load())
	}
	for outcome, want := range map[string]float64{outcomeSettlePending: 2, outcomeRedelivered: 1, outcomeSettled: 0, outcomeSettleFailed: 0} {
		if got := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcome)); got != want {
			t.Errorf("payments %s: %v, want %v", outcome, got, want)
		}
	}
	doc := h.do("GET", status, "", nil)
	var st paymentStatus
	if err := json.Unmarshal(doc.body, &st); err != nil || doc.status != 200 || st.State != "settled" || st.Receipt == nil || st.Receipt.Tx != tx {
		t.Fatalf("status once settled: %d %s", doc.status, doc.body)
	}
}

// A payment no call holds or settled, never used or released by a call
// that failed, is not found, in the one error shape, on either ledger.
func TestPaymentStatus(t *testing.T) {
	for _, l := range ledgers {
		t.Run(l.name, func(t *testing.T) { paymentStatusOf(t, l.new(t)) })
	}
}

func paymentStatusOf(t *testing.T, h *harness) {
	p := h.payment(echoPath, nil)
	a := p.Payload.Authorization
	path := "/payment/" + a.From + "/" + a.Nonce
	const none = `{"error":{"code":"not_found","message":"no call holds or settled this payment, so nothing was charged for it: use it while it is valid, or sign a new one"}}`
	if r := h.do("GET", path, "", nil); r.status != 404 || string(r.body) != none || r.header["CONTENT-TYPE"] != "application/json" {
		t.Fatalf("unknown payment: %d %v %s", r.status, r.header, r.body)
	}
	failed := h.payment("/paid/test/fail", nil)
	if r := h.pay("/paid/test/fail", `{"kind":"not_found"}`, failed); r.status != 404 {
		t.Fatalf("failing call: %d %s", r.status, r.body)
	}
	if r := h.do("GET", "/payment/"+a.From+"/"+failed.Payload.Authorization.Nonce, "", nil); r.status != 404 || string(r.body) != none {
		t.Fatalf("released payment: %d %s", r.status, r.body)
	}
	for _, bad := range []string{"/payment/0x12/" + a.Nonce, "/payment/" + a.From, "/payment/" + a.From + "/0x12", "/payment/"} {
		if r := h.do("GET", bad, "", nil); r.status != 404 {
			t.Errorf("%s: %d %s", bad, r.status, r.body)
		}
	}
	if r := h.do("POST", path, "", nil); r.status != 405 {
		t.Fatalf("POST: %d", r.status)
	}
}

// A settled payment's answer outlives its authorization's window: a retry
// with its payment-identifier id after validBefore still gets it (without,
// see TestKeptAnswerGoesOnlyToItsPayer); an unused expired one is refused.
func TestRetryAfterTheWindowGetsTheAnswer(t *testing.T) {
	h := newHarness(t)
	p := withID(t, h.payment(echoPath, nil), "pay_47f1c4d3bd0e4bd58a0c0c6a6a4f2a41")
	first := h.pay(echoPath, echoBody, p)
	if first.status != 200 {
		t.Fatalf("%d %s", first.status, first.body)
	}
	unused := h.payment(echoPath, nil)
	later := time.Now().Add(2 * time.Hour)
	h.srv.pay.Now = func() time.Time { return later }
	if again := h.pay(echoPath, echoBody, p); again.status != 200 || !bytes.Equal(again.body, first.body) {
		t.Fatalf("retry after the window: %d %s", again.status, again.body)
	}
	if r := h.pay(echoPath, echoBody, unused); r.status != 402 {
		t.Fatalf("an expired, unused payment: %d %s", r.status, r.body)
	}
	forged := *p
	forged.Payload.Signature = unused.Payload.Signature
	if r := h.pay(echoPath, echoBody, &forged); r.status != 402 {
		t.Fatalf("a settled payment with another signature: %d %s", r.status, r.body)
	}
	if h.fac.Settles() != 1 || h.rt.runs.Load() != 1 {
		t.Fatalf("%d settles, %d runs", h.fac.Settles(), h.rt.runs.Load())
	}
}

// A payment left settling by a call that ended without settling it (its
// process died before /settle was answered, and nothing landed) is settled
// for the buyer's retry of the same payment once no call can still be
// settling it, instead of staying pending until the authorization expires.
func TestStrandedSettlementIsSettledOnRetry(t *testing.T) {
	h := newHarness(t)
	h.fac.SettleAs(func() (int, string) { return 502, `{"error":"bad gateway"}` }) // nothing lands
	p := h.payment(echoPath, nil)
	if r := h.pay(echoPath, echoBody, p); r.status != 504 {
		t.Fatalf("unknown outcome: %d %s", r.status, r.body)
	}
	h.fac.SettleAs(nil)
	settles := h.fac.Settles()
	if r := h.pay(echoPath, echoBody, p); r.status != 504 || h.fac.Settles() != settles {
		t.Fatalf("retry while a call may still be settling: %d %s, %d new settles", r.status, r.body, h.fac.Settles()-settles)
	}
	if r := h.pay(echoPath, `{"text":"other"}`, p); r.status != 504 || h.fac.Settles() != settles {
		t.Fatalf("the payment for another request: %d %s, %d new settles", r.status, r.body, h.fac.Settles()-settles)
	}

	later := time.Now().Add(upkeep.SettleBudget)
	h.srv.pay.Now = func() time.Time { return later }
	got := h.pay(echoPath, echoBody, p)
	a := p.Payload.Authorization
	tx := crypto.Keccak256Hash([]byte(strings.ToLower(a.From + "|" + a.Nonce))).Hex()
	if got.status != 200 || !bytes.Contains(got.body, []byte(`"data":["abab"]`)) || settlementOf(t, got, x402.HeaderResponse).Transaction != tx {
		t.Fatalf("retry once no call can be settling: %d %s %v", got.status, got.body, got.header)
	}
	again := h.pay(echoPath, echoBody, p)
	if again.status != 200 || !bytes.Equal(again.body, got.body) {
		t.Fatalf("the next retry: %d %s", again.status, again.body)
	}
	if h.fac.Settles() != settles+1 || h.rt.runs.Load() != 1 {
		t.Fatalf("%d settles after the stranded one, %d runs; want one each", h.fac.Settles()-settles, h.rt.runs.Load())
	}
	if pm, err := h.store.Payment(context.Background(), a.From, a.Nonce); err != nil || pm.State != "settled" || pm.Receipt.Tx != tx {
		t.Fatalf("ledger: %+v %v", pm, err)
	}
	for outcome, want := range map[string]float64{outcomeSettlePending: 3, outcomeSettled: 1, outcomeRedelivered: 1} {
		if got := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcome)); got != want {
			t.Errorf("payments %s: %v, want %v", outcome, got, want)
		}
	}
}

// A retry is compared with the request as its arguments read, not as its
// bytes are spelled: spacing, key order, a number's spelling or a default
// written out make the same request, answered from the ledger with the
// same payment or payment identifier; another request gets 409. Over each
// transport, on each ledger.
func TestRetrySpelledOtherwiseIsTheSameRequest(t *testing.T) {
	const id = "pay_7d5d747be160e280504c099d984bcfe0"
	const sent, defaulted = `{"text":"ab"}`, `{"text":"ab","n":3}`
	same := []string{"{ \"text\" : \"ab\" }\n", `{"n":3,"text":"ab"}`, `{"text":"ab","n":3.0}`, defaulted}
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := l.new(t)
				p := tr.pay(h, "test_echo", sent)
				byID := withID(t, tr.pay(h, "test_echo", sent), id)
				for _, pay := range []*x402.Payload{p, byID} {
					answer := tr.send(h, "test_echo", sent, pay)
					if answer.status != 200 {
						t.Fatalf("first call: %+v", answer)
					}
					for _, args := range same {
						if got := tr.send(h, "test_echo", args, pay); got != answer {
							t.Errorf("retry as %s: %+v\nwant the first answer %+v", args, got, answer)
						}
						if pay == byID { // a new signature, the same id
							if got := tr.send(h, "test_echo", args, withID(t, tr.pay(h, "test_echo", args), id)); got != answer {
								t.Errorf("same id as %s: %+v\nwant the first answer %+v", args, got, answer)
							}
						}
					}
					if got := tr.send(h, "test_echo", `{"text":"ab","n":2}`, pay); got.status != 409 || got.code != "payment_conflict" {
						t.Errorf("another request: %+v", got)
					}
				}
				if h.rt.runs.Load() != 2 || h.fac.Settles() != 2 {
					t.Fatalf("%d runs, %d settles; want 2 each", h.rt.runs.Load(), h.fac.Settles())
				}
			})
		}
	}
}
