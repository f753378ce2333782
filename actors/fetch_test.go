package actors

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

func itemsBody(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/items.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCacheHitSetsCached(t *testing.T) {
	h := start(t, "", Options{})
	first, err := h.fetch(okSource, "/items?id=1", 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := &registry.Result{Data: itemsBody(t), Count: 1, Source: "test_ok"}
	if *first != *want {
		t.Fatalf("first call = %+v, want %+v", first, want)
	}
	h.rt.cache.Wait() // ristretto applies writes asynchronously
	second, err := h.fetch(okSource, "/items?id=1", 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want.Cached = true
	if *second != *want {
		t.Fatalf("second call = %+v, want %+v", second, want)
	}
	if n := h.replay.Hits("test_ok"); n != 1 {
		t.Errorf("upstream hits = %d, want 1", n)
	}
	m := h.rt.metrics
	for name, got := range map[string]float64{
		"cache hit":   testutil.ToFloat64(m.cache.WithLabelValues("test_ok", "hit")),
		"cache miss":  testutil.ToFloat64(m.cache.WithLabelValues("test_ok", "miss")),
		"requests ok": testutil.ToFloat64(m.requests.WithLabelValues("test_ok", "ok")),
		"tool ok":     testutil.ToFloat64(m.toolCalls.WithLabelValues("test_fetch_ok", "ok")),
	} {
		want := map[string]float64{"cache hit": 1, "cache miss": 1, "requests ok": 1, "tool ok": 2}[name]
		if got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

func TestSingleFlight(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_ok", replay.Fault{Latency: 300 * time.Millisecond})
	const callers = 20
	var wg sync.WaitGroup
	errs := make(chan error, callers)
	for range callers {
		wg.Go(func() {
			if _, err := h.fetch(okSource, "/items?id=sf", 2*time.Second); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := h.replay.Hits("test_ok"); n != 1 {
		t.Errorf("upstream hits = %d, want 1", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.shared.WithLabelValues("test_ok")); n != callers-1 {
		t.Errorf("shared = %v, want %d", n, callers-1)
	}
}

func TestNotFound(t *testing.T) {
	h := start(t, "", Options{})
	_, err := h.fetch(okSource, "/missing", 2*time.Second)
	want := &upstreams.Error{Source: "test_ok", Kind: upstreams.NotFound, Status: 404, Message: "the source has no such item"}
	if ue, ok := upstreams.AsError(err); !ok || *ue != *want {
		t.Fatalf("err = %#v, want %#v", err, want)
	}
	if s := testutil.ToFloat64(h.rt.metrics.breaker.WithLabelValues("test_ok")); s != breakerClosed {
		t.Errorf("breaker = %v after a 404, want closed", s)
	}
}

func TestTimeout(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_slow", replay.Fault{Latency: 5 * time.Second})
	_, err := h.fetch(slowSource, "/items", 3*time.Second)
	if k := kindOf(err); k != upstreams.Timeout {
		t.Fatalf("err = %v (%s), want upstream_timeout", err, k)
	}
	if n := testutil.ToFloat64(h.rt.metrics.requests.WithLabelValues("test_slow", outcomeTimeout)); n != 1 {
		t.Errorf("timeouts = %v, want 1", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.toolCalls.WithLabelValues("test_fetch_slow", "timeout")); n != 1 {
		t.Errorf("tool timeouts = %v, want 1", n)
	}
}

// waitHits waits until the replay server has seen n requests for source.
func waitHits(t *testing.T, srv *replay.Server, source string, n int64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); srv.Hits(source) < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d hits, want %d", source, srv.Hits(source), n)
		}
	}
}

func TestRetriesHonourRetryAfter(t *testing.T) {
	for _, status := range []int{429, 503} {
		h := start(t, "", Options{})
		h.replay.SetFault("test_flaky", replay.Fault{Status: status, RetryAfter: time.Second})
		done := make(chan error, 1)
		began := time.Now()
		go func() {
			_, err := h.fetch(flakySource, "/items", 5*time.Second)
			done <- err
		}()
		waitHits(t, h.replay, "test_flaky", 1)
		h.replay.SetFault("test_flaky", replay.Fault{})
		if err := <-done; err != nil {
			t.Fatalf("%d: %v", status, err)
		}
		// Backoff alone would wait at most 200ms before the second attempt.
		if took := time.Since(began); took < time.Second {
			t.Errorf("%d: answered after %v, before the 1s Retry-After", status, took)
		}
		if n := h.replay.Hits("test_flaky"); n != 2 {
			t.Errorf("%d: hits = %d, want 2", status, n)
		}
		if n := testutil.ToFloat64(h.rt.metrics.retries.WithLabelValues("test_flaky")); n != 1 {
			t.Errorf("%d: retries = %v, want 1", status, n)
		}
	}
}

func TestRetriesExhausted(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_flaky", replay.Fault{Status: 503})
	_, err := h.fetch(flakySource, "/items", 5*time.Second)
	want := &upstreams.Error{Source: "test_flaky", Kind: upstreams.Unavailable, Status: 503, Message: "the source is refusing requests for now"}
	if ue, ok := upstreams.AsError(err); !ok || *ue != *want {
		t.Fatalf("err = %#v, want %#v", err, want)
	}
	if n := h.replay.Hits("test_flaky"); n != 3 {
		t.Errorf("hits = %d, want 3 (1 + 2 retries)", n)
	}
}

func TestRetryAfterBeyondDeadlineFailsFast(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_flaky", replay.Fault{Status: 429, RetryAfter: time.Minute})
	began := time.Now()
	_, err := h.fetch(flakySource, "/items", 5*time.Second)
	if k := kindOf(err); k != upstreams.Unavailable {
		t.Fatalf("err = %v, want upstream_unavailable", err)
	}
	if took := time.Since(began); took > 2*time.Second {
		t.Errorf("took %v: a Retry-After past the deadline must fail at once", took)
	}
	if n := h.replay.Hits("test_flaky"); n != 1 {
		t.Errorf("hits = %d, want 1", n)
	}
}

func TestHandlerPanic(t *testing.T) {
	var logs eventLog
	h := start(t, "", Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	tool, _ := registry.Lookup("test_panic")
	if _, err := h.rt.Run(t.Context(), tool, registry.Args{"boom": true}); !errors.Is(err, ErrInternal) {
		t.Fatalf("err = %v, want ErrInternal", err)
	}
	res, err := h.rt.Run(t.Context(), tool, registry.Args{"boom": false})
	if err != nil || res.Data != "ok" {
		t.Fatalf("after a panic: %v, %v; want ok", res, err)
	}
	for outcome, want := range map[string]float64{"panic": 1, "ok": 1} {
		if n := testutil.ToFloat64(h.rt.metrics.toolCalls.WithLabelValues("test_panic", outcome)); n != want {
			t.Errorf("%s calls = %v, want %v", outcome, n, want)
		}
	}
	// The line names the tool, the panic and where it happened.
	var line struct{ Level, Msg, Tool, Panic string }
	if err := json.Unmarshal(logs.b.Bytes(), &line); err != nil {
		t.Fatalf("log %q: %v", logs.b.Bytes(), err)
	}
	if line.Level != "ERROR" || line.Msg != "tool call panicked" || line.Tool != "test_panic" ||
		!strings.HasPrefix(line.Panic, "boom\ngoroutine ") || !strings.Contains(line.Panic, "actors.init.") {
		t.Errorf("log = %+v, want the tool, the panic and its stack", line)
	}
}

// A handler that never returns is answered at the call's deadline and the
// grace after it; its goroutine is the handler's to end.
func TestHandlerThatNeverReturns(t *testing.T) {
	h := start(t, "", Options{})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	tool := &registry.Tool{Name: "test_hang", Handler: func(context.Context, *registry.Call) (*registry.Result, error) {
		<-release
		return &registry.Result{Data: "late"}, nil
	}}
	start := time.Now() // before the deadline is set: took is at least the wait
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	res, err := h.rt.Run(ctx, tool, nil)
	took := time.Since(start)
	if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.Timeout || ue.Message != "the call did not finish in time" || res != nil {
		t.Fatalf("Run = %v, %v; want the call's timeout", res, err)
	}
	if took < 50*time.Millisecond+replyGrace || took > 50*time.Millisecond+replyGrace+time.Second {
		t.Errorf("answered after %v, want the deadline and %v", took, replyGrace)
	}
	if n := testutil.ToFloat64(h.rt.metrics.toolCalls.WithLabelValues("test_hang", "timeout")); n != 1 {
		t.Errorf("timeout calls = %v, want 1", n)
	}
}

func TestGarbageIsBadAnswer(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_ok", replay.Fault{Garbage: true})
	_, err := h.fetch(okSource, "/items", 2*time.Second)
	if k := kindOf(err); k != upstreams.BadAnswer {
		t.Fatalf("err = %v, want upstream_error", err)
	}
}
