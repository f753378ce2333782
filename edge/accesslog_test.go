package edge

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
)

// syncBuffer is a log destination the server goroutines write while the
// test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// lines are the JSON log lines written so far, decoded.
func (s *syncBuffer) lines(t *testing.T) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, l := range strings.FieldsFunc(s.b.String(), func(r rune) bool { return r == '\n' }) {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q is not JSON: %v", l, err)
		}
		out = append(out, m)
	}
	s.b.Reset()
	return out
}

func loggedHarness(t *testing.T) (*harness, *syncBuffer) {
	h := newHarness(t)
	var buf syncBuffer
	h.srv.pay.Log = slog.New(slog.NewJSONHandler(&buf, nil))
	return h, &buf
}

// The one access line of a request, with its varying fields checked and
// dropped so the rest compares exactly.
func accessLine(t *testing.T, buf *syncBuffer, requestID string) map[string]any {
	t.Helper()
	lines := buf.lines(t)
	if len(lines) != 1 {
		t.Fatalf("%d log lines, want 1: %v", len(lines), lines)
	}
	l := lines[0]
	if d, ok := l["duration"].(float64); !ok || d <= 0 {
		t.Errorf("duration %v", l["duration"])
	}
	if tid, _ := l["trace_id"].(string); len(tid) != 32 {
		t.Errorf("trace_id %q", tid)
	}
	if requestID != "" && l["request_id"] != requestID {
		t.Errorf("request_id %v, want %s", l["request_id"], requestID)
	}
	for _, k := range []string{"time", "duration", "trace_id", "request_id"} {
		delete(l, k)
	}
	return l
}

func TestAccessLinePaidCall(t *testing.T) {
	h, buf := loggedHarness(t)
	h.do("GET", "/paid/test/echo", "", nil) // the terms: an unpaid 402, sampled out
	buf.lines(t)
	p := h.payment("/paid/test/echo", nil)
	buf.lines(t)
	r := h.do("POST", "/paid/test/echo", `{"text":"ab","n":2}`, map[string]string{
		x402.HeaderSignature: header(t, p), "X-Request-Id": "buyer-42",
	})
	if r.status != 200 || r.header["X-REQUEST-ID"] != "buyer-42" {
		t.Fatalf("%d, X-Request-Id %q: %s", r.status, r.header["X-REQUEST-ID"], r.body)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponse], &settled); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(accessLine(t, buf, "buyer-42"))
	want, _ := json.Marshal(map[string]any{
		"level": "INFO", "msg": "request", "method": "POST", "route": "/paid/test/echo", "status": 200,
		"bytes": len(r.body), "tool": "test_echo", "payment": "settled",
		"payer": settled.Payer, "scheme": "exact", "amount": "50000", "tx": settled.Transaction,
	})
	if !bytes.Equal(got, want) {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}

func TestAccessLineRefusal(t *testing.T) {
	h, buf := loggedHarness(t)
	p := h.payment("/paid/test/echo", func(d *x402test.Draft) { d.Payload.Accepted.Scheme = "upto" })
	buf.lines(t)
	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	r := h.do("POST", "/paid/test/echo", `{"text":"ab","n":2}`, map[string]string{
		x402.HeaderSignature: header(t, p), "traceparent": "00-" + traceID + "-00f067aa0ba902b7-01",
	})
	if r.status != 402 || r.header["X-REQUEST-ID"] != traceID {
		t.Fatalf("%d, X-Request-Id %q", r.status, r.header["X-REQUEST-ID"])
	}
	line := accessLine(t, buf, traceID)
	got, _ := json.Marshal(line)
	want, _ := json.Marshal(map[string]any{
		"level": "INFO", "msg": "request", "method": "POST", "route": "/paid/test/echo", "status": 402,
		"bytes": len(r.body), "tool": "test_echo", "payment": "refused", "error": "payment_invalid", "reason": "invalid_scheme",
		"payer": buyer, "scheme": "upto",
	})
	if !bytes.Equal(got, want) {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}

func TestAccessLineToolFailure(t *testing.T) {
	h, buf := loggedHarness(t)
	p := h.payment("/paid/test/fail", nil)
	buf.lines(t)
	r := h.pay("/paid/test/fail", `{"kind":"upstream_timeout"}`, p)
	if r.status != 504 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	got, _ := json.Marshal(accessLine(t, buf, r.header["X-REQUEST-ID"]))
	want, _ := json.Marshal(map[string]any{
		"level": "INFO", "msg": "request", "method": "POST", "route": "/paid/test/fail", "status": 504,
		"bytes": len(r.body), "tool": "test_fail", "payment": "tool_failed", "error": "upstream_timeout", "reason": "upstream_timeout",
		"payer": buyer, "scheme": "exact",
	})
	if !bytes.Equal(got, want) {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}

// Unpaid 402s are logged one in log.unpaid_402_every; unknown paths share one route label.
func TestAccessLineSampling(t *testing.T) {
	h, buf := loggedHarness(t)
	for range 100 {
		h.do("POST", "/paid/test/echo", `{"text":"ab","n":2}`, nil)
	}
	lines := buf.lines(t)
	if len(lines) != 1 || lines[0]["payment"] != "required" || lines[0]["status"] != float64(402) {
		t.Errorf("100 unpaid 402s gave %v, want one line", lines)
	}
	h.do("GET", "/no/such/thing", "", nil)
	if l := buf.lines(t); len(l) != 1 || l[0]["route"] != "unknown" || l[0]["status"] != float64(404) || l[0]["error"] != "not_found" {
		t.Errorf("unknown path: %v", l)
	}
}

// A paid call is timed by route and status class, and its ledger
// operations by operation.
func TestRequestAndLedgerMetrics(t *testing.T) {
	h, _ := loggedHarness(t)
	p := h.payment("/paid/test/echo", nil)
	if r := h.pay("/paid/test/echo", `{"text":"ab","n":2}`, p); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	counts := map[string]uint64{}
	families, err := h.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			key := f.GetName()
			for _, l := range m.GetLabel() {
				key += " " + l.GetValue()
			}
			if hg := m.GetHistogram(); hg != nil {
				counts[key] = hg.GetSampleCount()
			}
		}
	}
	for key, want := range map[string]uint64{
		"coinslot_http_request_seconds 4xx /paid/test/echo": 1, // the terms
		"coinslot_http_request_seconds 2xx /paid/test/echo": 1,
		"coinslot_ledger_seconds reserve":                   1,
		"coinslot_ledger_seconds settling":                  1,
		"coinslot_ledger_seconds record":                    1,
	} {
		if counts[key] != want {
			t.Errorf("%s: %d samples, want %d", key, counts[key], want)
		}
	}
}

// A tools/call over /mcp gets the same access line as the HTTP route: its
// tool, payment outcome, payer and tx.
func TestAccessLineMCPPaidCall(t *testing.T) {
	h, buf := loggedHarness(t)
	p := h.mcpPayment("test_echo", `{"text":"ab","n":2}`)
	buf.lines(t) // the unpaid call, sampled out, and nothing else
	res := h.call("test_echo", `{"text":"ab","n":2}`, p)
	var settled x402.SettleResponse
	if err := json.Unmarshal(res.Meta[mcpPaymentResponseKey], &settled); res.IsError || err != nil || !settled.Success {
		t.Fatalf("not settled: %+v", res)
	}
	line := accessLine(t, buf, "")
	got, _ := json.Marshal(line)
	want, _ := json.Marshal(map[string]any{
		"level": "INFO", "msg": "request", "method": "POST", "route": "/mcp", "status": 200,
		"bytes": line["bytes"], "tool": "test_echo", "payment": "settled",
		"payer": settled.Payer, "scheme": "exact", "amount": "50000", "tx": settled.Transaction,
	})
	if !bytes.Equal(got, want) || line["bytes"].(float64) <= 0 {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}

// wantAccess compares the request's one access line with want, which
// leaves out the fields every line has alike.
func wantAccess(t *testing.T, buf *syncBuffer, bytesSent int, want map[string]any) {
	t.Helper()
	want["level"], want["msg"], want["method"], want["bytes"] = "INFO", "request", "POST", bytesSent
	got, _ := json.Marshal(accessLine(t, buf, ""))
	if w, _ := json.Marshal(want); !bytes.Equal(got, w) {
		t.Errorf("access line\n got %s\nwant %s", got, w)
	}
}

// A retry of a settled payment is a redelivery, not a second settlement;
// the same payment for another request is refused, though no tool ran.
func TestAccessLineRetries(t *testing.T) {
	h, buf := loggedHarness(t)
	p := h.payment(echoPath, nil)
	first := h.pay(echoPath, echoBody, p)
	tx := settlementOf(t, first, x402.HeaderResponse).Transaction
	buf.lines(t)
	again := h.pay(echoPath, echoBody, p)
	wantAccess(t, buf, len(again.body), map[string]any{"route": echoPath, "status": 200, "tool": "test_echo",
		"payment": "redelivered", "payer": buyer, "scheme": "exact", "tx": tx})
	other := h.pay(echoPath, `{"text":"other"}`, p)
	wantAccess(t, buf, len(other.body), map[string]any{"route": echoPath, "status": 409, "tool": "test_echo",
		"payment": "refused", "error": "payment_conflict", "reason": "payment_conflict", "payer": buyer, "scheme": "exact"})

	mp := h.mcpPayment("test_echo", `{"text":"ab"}`)
	h.call("test_echo", `{"text":"ab"}`, mp)
	buf.lines(t)
	h.call("test_echo", `{"text":"ab"}`, mp)
	line := accessLine(t, buf, "")
	if line["payment"] != "redelivered" || line["tx"] == nil || line["error"] != nil {
		t.Errorf("MCP redelivery: %v", line)
	}
	h.call("test_echo", `{"text":"cd"}`, mp)
	line = accessLine(t, buf, "")
	if line["status"] != float64(200) || line["payment"] != "refused" || line["error"] != "payment_conflict" || line["reason"] != "payment_conflict" || line["payer"] != buyer {
		t.Errorf("MCP conflict: %v", line)
	}
}

// A payment refused after it was decoded names its payer, in the EIP-55
// form whatever case the authorization spelled it in.
func TestAccessLineRefusedPayer(t *testing.T) {
	h, buf := loggedHarness(t)
	h.fac.Refuse(buyer, "insufficient_funds")
	p := h.payment(echoPath, func(d *x402test.Draft) { d.Payload.Payload.Authorization.From = strings.ToLower(buyer) })
	buf.lines(t)
	r := h.pay(echoPath, echoBody, p)
	wantAccess(t, buf, len(r.body), map[string]any{"route": echoPath, "status": 402, "tool": "test_echo",
		"payment": "refused", "error": "payment_invalid", "reason": "insufficient_funds", "payer": buyer, "scheme": "exact"})
}

// Every answer in the error shape logs its code: a refusal before payment
// (no payment outcome), a rate limit (refused, no tool ran), a request for
// payment.
func TestAccessLineErrorCodes(t *testing.T) {
	h, buf := loggedHarness(t)
	r := h.do("POST", echoPath, `{"text":""}`, nil)
	wantAccess(t, buf, len(r.body), map[string]any{"route": echoPath, "status": 400, "tool": "test_echo", "error": "invalid_params"})

	every := *h.srv.Config()
	every.Log.Unpaid402Every = 1
	if err := h.srv.Reload(&every); err != nil {
		t.Fatal(err)
	}
	r = h.do("POST", echoPath, echoBody, nil)
	wantAccess(t, buf, len(r.body), map[string]any{"route": echoPath, "status": 402, "tool": "test_echo",
		"payment": "required", "error": "payment_required"})

	h.limited(1000, 1000, 0.5, 1)
	within, over := h.payment(echoPath, nil), h.payment(echoPath, nil)
	h.pay(echoPath, echoBody, within)
	buf.lines(t)
	r = h.pay(echoPath, echoBody, over)
	wantAccess(t, buf, len(r.body), map[string]any{"route": echoPath, "status": 429, "tool": "test_echo",
		"payment": "refused", "error": "rate_limited", "reason": "rate_limited", "payer": buyer, "scheme": "exact"})
}

// Over /mcp every answer is a 200: a tools/call line logs the code of its
// isError result.
func TestAccessLineMCPErrors(t *testing.T) {
	h, buf := loggedHarness(t)
	h.call("test_echo", `{"text":""}`, nil)
	line := accessLine(t, buf, "")
	delete(line, "bytes")
	got, _ := json.Marshal(line)
	want, _ := json.Marshal(map[string]any{"level": "INFO", "msg": "request", "method": "POST", "route": "/mcp", "status": 200,
		"tool": "test_echo", "error": "invalid_params"})
	if !bytes.Equal(got, want) {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}

	p := h.mcpPayment("test_fail", `{"kind":"upstream_timeout"}`)
	buf.lines(t)
	h.call("test_fail", `{"kind":"upstream_timeout"}`, p)
	line = accessLine(t, buf, "")
	if line["status"] != float64(200) || line["payment"] != "tool_failed" || line["error"] != "upstream_timeout" || line["payer"] != buyer {
		t.Errorf("failed tool: %v", line)
	}
}

// Logs write a payer in its EIP-55 form, however the buyer spelled it and
// the ledger keeps it: the access line and the reconciliation line agree.
func TestLogsChecksumPayers(t *testing.T) {
	h, buf := loggedHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	p := h.payment(echoPath, func(d *x402test.Draft) { d.Payload.Payload.Authorization.From = strings.ToLower(buyer) })
	buf.lines(t)
	paid := h.pay(echoPath, echoBody, p)
	tx := settlementOf(t, paid, x402.HeaderResponse).Transaction
	wantAccess(t, buf, len(paid.body), map[string]any{"route": echoPath, "status": 200, "tool": "test_echo",
		"payment": "settled", "payer": buyer, "scheme": "exact", "amount": "50000", "tx": tx})

	pend := h.pending()
	if len(pend) != 1 || pend[0].Payer == buyer {
		t.Fatalf("pending %+v, want one kept in another case than %s", pend, buyer)
	}
	now := pend[0].Since.Add(upkeep.FirstLook)
	chain := x402test.New()
	chain.Land(pend[0].Payer, pend[0].Nonce, x402test.Landed{Tx: tx, At: now})
	r := h.reconcilerFor(chain, &now)
	r.Pass(t, 0)
	if lines := buf.lines(t); len(lines) != 1 || lines[0]["payer"] != buyer || lines[0]["tx"] != tx {
		t.Errorf("reconciliation lines %v, want one naming payer %s", lines, buyer)
	}
}
