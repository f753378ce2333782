package actors

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

const breakerYAML = `
upstreams:
  test_breaker:
    breaker: {failures: 3, cooldown: 30s}
`

func TestBreakerOpensAndHalfOpenRecovers(t *testing.T) {
	clk := newClock()
	var logs eventLog
	h := start(t, breakerYAML, Options{Now: clk.Now, Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	tool := fetchTools["test_breaker"]
	state := func() float64 { return testutil.ToFloat64(h.rt.metrics.breaker.WithLabelValues("test_breaker")) }

	h.replay.SetFault("test_breaker", replay.Fault{Status: 500})
	for i := range 3 {
		if _, err := h.fetch(breakerSource, "/items", 2*time.Second); kindOf(err) != upstreams.BadAnswer {
			t.Fatalf("call %d: %v, want upstream_error", i, err)
		}
	}
	ok, why, retryAfter := h.rt.Ready(tool)
	if ok || why != "test_breaker is failing; its circuit is open" || retryAfter != 30*time.Second {
		t.Fatalf("Ready = %v, %q, %v; want false, circuit open, 30s", ok, why, retryAfter)
	}
	if state() != breakerOpen {
		t.Errorf("breaker gauge = %v, want open", state())
	}
	if _, err := h.fetch(breakerSource, "/items", 2*time.Second); kindOf(err) != upstreams.Unavailable {
		t.Fatalf("call while open: %v, want upstream_unavailable", err)
	}
	if n := h.replay.Hits("test_breaker"); n != 3 {
		t.Errorf("hits = %d: an open breaker must not call the source", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.requests.WithLabelValues("test_breaker", outcomeRejected)); n != 1 {
		t.Errorf("rejected = %v, want 1", n)
	}

	// Half-open: a failing trial opens it again for a full cooldown.
	clk.Advance(31 * time.Second)
	if ok, _, _ := h.rt.Ready(tool); !ok {
		t.Fatal("not ready after the cooldown")
	}
	if _, err := h.fetch(breakerSource, "/items", 2*time.Second); kindOf(err) != upstreams.BadAnswer {
		t.Fatalf("failing trial: %v", err)
	}
	if _, _, retryAfter := h.rt.Ready(tool); retryAfter != 30*time.Second {
		t.Fatalf("after a failed trial retryAfter = %v, want 30s", retryAfter)
	}

	// A good trial closes it.
	clk.Advance(31 * time.Second)
	if state() != breakerOpen { // the gauge moves on the next request
		t.Errorf("gauge = %v before the trial", state())
	}
	h.replay.SetFault("test_breaker", replay.Fault{})
	if _, err := h.fetch(breakerSource, "/items", 2*time.Second); err != nil {
		t.Fatalf("good trial: %v", err)
	}
	if ok, why, _ := h.rt.Ready(tool); !ok {
		t.Fatalf("not ready after a good trial: %s", why)
	}
	if state() != breakerClosed {
		t.Errorf("breaker gauge = %v, want closed", state())
	}
	// Each transition is logged once, an opening with its cause and cooldown.
	want := []string{
		"WARN upstream breaker open test_breaker closed→open 30s test_breaker: the source answered with an error (HTTP 500)",
		"INFO upstream breaker half-open test_breaker open→half-open",
		"WARN upstream breaker open test_breaker half-open→open 30s test_breaker: the source answered with an error (HTTP 500)",
		"INFO upstream breaker half-open test_breaker open→half-open",
		"INFO upstream breaker closed test_breaker half-open→closed",
	}
	if got := logs.lines(t, "upstream breaker", "source", "from", "to", "retry_in", "cause"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("breaker events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// eventLog keeps a JSON log written by the runtime's goroutines.
type eventLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *eventLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// lines are the records whose message starts with prefix, each as its
// level, message and the named attributes it has, joined by spaces
// (from and to joined by an arrow).
func (l *eventLog) lines(t *testing.T, prefix string, attrs ...string) []string {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(l.b.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if msg, _ := m["msg"].(string); !strings.HasPrefix(msg, prefix) {
			continue
		}
		parts := []string{m["level"].(string), m["msg"].(string)}
		for _, a := range attrs {
			switch v, ok := m[a].(string); {
			case !ok:
			case a == "to":
				parts[len(parts)-1] += "→" + v
			default:
				parts = append(parts, v)
			}
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// panicky panics for one source's requests while armed, as a bug in the
// HTTP path would.
type panicky struct{ armed atomic.Bool }

func (p *panicky) RoundTrip(req *http.Request) (*http.Response, error) {
	if p.armed.Load() && strings.HasPrefix(req.URL.Path, "/test_panic/") {
		panic("transport bug")
	}
	return http.DefaultTransport.RoundTrip(req)
}

func TestWorkerRestartLimitMarksSourceDown(t *testing.T) {
	clk := newClock()
	tr := &panicky{}
	tr.armed.Store(true)
	h := start(t, `
upstreams:
  test_panic:
    breaker: {cooldown: 30s}
    supervision: {max_restarts: 2, within: 1m}
`, Options{Now: clk.Now, HTTPClient: &http.Client{Transport: tr}})
	restarts := func() float64 { return testutil.ToFloat64(h.rt.metrics.restarts.WithLabelValues("test_panic")) }
	tool := fetchTools["test_panic"]
	for i := range 2 {
		if _, err := h.fetch(panicSource, "/items", 2*time.Second); kindOf(err) != upstreams.Unavailable {
			t.Fatalf("call %d: %v, want upstream_unavailable", i, err)
		}
		if ok, why, _ := h.rt.Ready(tool); !ok {
			t.Fatalf("call %d: not ready after a restart: %s", i, why)
		}
	}
	if restarts() != 2 {
		t.Fatalf("restarts = %v, want 2", restarts())
	}
	// The third failure within the window exceeds max_restarts.
	if _, err := h.fetch(panicSource, "/items", 2*time.Second); kindOf(err) != upstreams.Unavailable {
		t.Fatalf("third call: %v", err)
	}
	if restarts() != 2 {
		t.Errorf("restarts = %v after the limit, want 2", restarts())
	}
	ok, _, retryAfter := h.rt.Ready(tool)
	if ok || retryAfter != 30*time.Second {
		t.Fatalf("Ready = %v, %v; want down for 30s", ok, retryAfter)
	}
	if s := testutil.ToFloat64(h.rt.metrics.breaker.WithLabelValues("test_panic")); s != breakerOpen {
		t.Errorf("breaker gauge = %v, want open", s)
	}
	// Other sources are untouched.
	if _, err := h.fetch(okSource, "/items", 2*time.Second); err != nil {
		t.Fatalf("healthy source: %v", err)
	}
	// After the cooldown the half-open trial runs on a fresh worker.
	tr.armed.Store(false)
	clk.Advance(31 * time.Second)
	if _, err := h.fetch(panicSource, "/items", 2*time.Second); err != nil {
		t.Fatalf("trial after recovery: %v", err)
	}
	if ok, why, _ := h.rt.Ready(tool); !ok {
		t.Fatalf("not ready after recovery: %s", why)
	}
}

func TestJoinedCallersEachCountAgainstTheBreaker(t *testing.T) {
	h := start(t, `
upstreams:
  test_breaker:
    timeout: 500ms
    breaker: {failures: 5, cooldown: 30s}
`, Options{})
	h.replay.SetFault("test_breaker", replay.Fault{Latency: 3 * time.Second})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := h.fetch(breakerSource, "/items", 3*time.Second); kindOf(err) != upstreams.Timeout {
				t.Errorf("joined call: %v, want upstream_timeout", err)
			}
		})
	}
	wg.Wait()
	if n := h.replay.Hits("test_breaker"); n != 1 {
		t.Fatalf("hits = %d, want the 8 calls joined to one request", n)
	}
	if ok, why, _ := h.rt.Ready(fetchTools["test_breaker"]); ok || why != "test_breaker is failing; its circuit is open" {
		t.Errorf("Ready = %v, %q: 8 failed callers must open a breaker of 5", ok, why)
	}
}

func TestBadAnswersCountAndAreNotCached(t *testing.T) {
	h := start(t, breakerYAML, Options{Now: newClock().Now})
	h.replay.SetFault("test_breaker", replay.Fault{Garbage: true})
	for i := range 3 {
		_, err := h.fetch(breakerSource, "/items", 2*time.Second)
		if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.BadAnswer || ue.Status != 200 ||
			ue.Message != "the answer could not be read" {
			t.Fatalf("call %d: %v, want the 200 refused as a bad answer", i, err)
		}
	}
	if n := h.replay.Hits("test_breaker"); n != 3 {
		t.Errorf("hits = %d, want 3: a bad answer must not be cached", n)
	}
	if ok, _, retryAfter := h.rt.Ready(fetchTools["test_breaker"]); ok || retryAfter != 30*time.Second {
		t.Errorf("Ready = %v, %v; want the circuit open after 3 bad answers", ok, retryAfter)
	}
	if n := testutil.ToFloat64(h.rt.metrics.requests.WithLabelValues("test_breaker", outcomeError)); n != 3 {
		t.Errorf("error attempts = %v, want 3", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.decodeFails.WithLabelValues("test_breaker")); n != 3 {
		t.Errorf("decode failures = %v, want 3", n)
	}
	if n := testutil.CollectAndCount(h.rt.metrics.decodeFails); n != 1 {
		t.Errorf("%d sources with decode failures, want only test_breaker", n)
	}
}

func TestCheckedRefusesOnlyUnreadableAnswers(t *testing.T) {
	resp := &upstreams.Response{Status: 200, Body: []byte(`{}`)}
	for _, c := range []struct {
		check error
		want  string // "" when the answer stands
	}{
		{nil, ""},
		{upstreams.Errorf("s", upstreams.NotFound, "no such series"), ""},
		{errors.New("unexpected end of JSON input"), "s: the answer could not be read (HTTP 200)"},
		{upstreams.Errorf("s", upstreams.BadAnswer, "answer has no hits"), "s: answer has no hits (HTTP 200)"},
	} {
		req := &upstreams.Request{Source: "s", Check: func([]byte) error { return c.check }}
		got, err := checked(req, resp)
		switch {
		case c.want == "" && (got != resp || err != nil):
			t.Errorf("check %v: %v, %v; want the answer", c.check, got, err)
		case c.want != "" && (got != nil || err == nil || err.Error() != c.want || kindOf(err) != upstreams.BadAnswer):
			t.Errorf("check %v: %v, %v; want %s", c.check, got, err, c.want)
		}
	}
}

func TestUnrecordedInputsDoNotOpenTheBreaker(t *testing.T) {
	h := start(t, breakerYAML, Options{Now: newClock().Now})
	want := "test_breaker: the sandbox has no recorded answer for this input; " +
		"it answers the recorded inputs, such as each tool's example on /docs"
	for i := range 5 {
		_, err := h.fetch(breakerSource, "/unrecorded", 2*time.Second)
		if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.BadAnswer || err.Error() != want {
			t.Fatalf("call %d: %v, want %q", i, err, want)
		}
	}
	if ok, why, _ := h.rt.Ready(fetchTools["test_breaker"]); !ok {
		t.Fatalf("not ready after unrecorded inputs: %s", why)
	}
	if _, err := h.fetch(breakerSource, "/items", 2*time.Second); err != nil {
		t.Fatalf("recorded input after unrecorded ones: %v", err)
	}
}
