package edge

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
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
	for _, l := range strings.Fields(s.b.String()) { // JSON lines hold no raw white space
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
		"payer": settled.Payer, "tx": settled.Transaction,
	})
	if !bytes.Equal(got, want) {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}

func TestAccessLineRefusal(t *testing.T) {
	h, buf := loggedHarness(t)
	p := h.payment("/paid/test/echo", func(d *draft) { d.payload.Accepted.Scheme = "upto" })
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
		"bytes": len(r.body), "tool": "test_echo", "payment": "refused", "reason": "invalid_scheme",
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
		"bytes": len(r.body), "tool": "test_fail", "payment": "tool_failed", "reason": "upstream_timeout",
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
	if l := buf.lines(t); len(l) != 1 || l[0]["route"] != "unknown" || l[0]["status"] != float64(404) {
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
		"payer": settled.Payer, "tx": settled.Transaction,
	})
	if !bytes.Equal(got, want) || line["bytes"].(float64) <= 0 {
		t.Errorf("access line\n got %s\nwant %s", got, want)
	}
}
