package actors

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"golang.org/x/time/rate"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/upstreams"
)

// burstOf runs n distinct concurrent calls to src, each with the given
// deadline, and counts how they ended.
func burstOf(h *harness, src upstreams.Source, n int, deadline time.Duration) (ok, timeouts, other int64) {
	var wg sync.WaitGroup
	var okN, timeoutN, otherN atomic.Int64
	for i := range n {
		wg.Go(func() {
			_, err := h.fetch(src, fmt.Sprintf("/items?n=%d", i), deadline)
			switch kindOf(err) {
			case "":
				if err == nil {
					okN.Add(1)
				} else {
					otherN.Add(1)
				}
			case upstreams.Timeout:
				timeoutN.Add(1)
			default:
				otherN.Add(1)
			}
		})
	}
	wg.Wait()
	return okN.Load(), timeoutN.Load(), otherN.Load()
}

// 200 calls against 5/s with a burst of 1, within a 2 s deadline: the source
// sees at most 1 + 5*2 requests, and the rest fail fast with a timeout.
func TestLimiterPolitenessUnderLoad(t *testing.T) {
	h := start(t, "", Options{})
	ok, timeouts, other := burstOf(h, limitedSource, 200, 2*time.Second)
	hits := h.replay.Hits("test_limited")
	t.Logf("200 calls at 5/s: %d reached the source, %d ok, %d timed out", hits, ok, timeouts)
	if hits > 11 || hits < 9 {
		t.Errorf("upstream saw %d requests in 2s, want 9..11 (5/s plus a burst of 1)", hits)
	}
	// The request let through as the deadline falls may reach the source
	// and still time out: at most one.
	if ok > hits || hits-ok > 1 || ok+timeouts != 200 || other != 0 {
		t.Errorf("ok %d, timeouts %d, other %d; want %d (or one less) ok, the rest timed out", ok, timeouts, other, hits)
	}
	waits := testutil.CollectAndCount(h.rt.metrics.limiterWait, "coinslot_upstream_limiter_wait_seconds")
	if waits != 1 {
		t.Errorf("limiter wait series = %d, want 1", waits)
	}
}

func TestReloadChangesRateLive(t *testing.T) {
	h := start(t, "", Options{})
	var wg sync.WaitGroup
	var ok, failed atomic.Int64
	wg.Go(func() {
		a, timeouts, other := burstOf(h, reloadSource, 6, 3*time.Second)
		ok.Store(a)
		failed.Store(timeouts + other)
	})
	waitHits(t, h.replay, "test_reload", 1)
	// At 1/s only 3 of the 6 calls fit in 3 s; the reload lets all through.
	cfg, err := config.Parse([]byte("upstreams:\n  test_reload: {rate: 1000, burst: 100, concurrency: 4}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.rt.Reload(cfg); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if ok.Load() != 6 || failed.Load() != 0 {
		t.Fatalf("ok %d, failed %d; want every call to succeed across the reload", ok.Load(), failed.Load())
	}
	if got := h.rt.sources["test_reload"].limiter.Limit(); got != rate.Limit(1000) {
		t.Errorf("limit = %v, want 1000", got)
	}

	// Settings that do not resolve change nothing.
	broken := *cfg
	broken.Upstreams = map[string]config.Upstream{"default": {}}
	if err := h.rt.Reload(&broken); err == nil {
		t.Fatal("a reload without breaker settings was accepted")
	}
	if got := h.rt.sources["test_reload"].set.Load().rate; got != 1000 {
		t.Errorf("rate after a refused reload = %v, want 1000", got)
	}
}
