package actors

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

// Sources for the fault-isolation run, each broken in its own way.
var (
	hangSource      = testSource("test_hang", 1000, 1000, 4, 200*time.Millisecond, 0)
	throttledSource = testSource("test_throttled", 1000, 1000, 4, 2*time.Second, 2)
	failingSource   = testSource("test_failing", 1000, 1000, 4, 2*time.Second, 0)
	garbageSource   = testSource("test_garbage", 1000, 1000, 4, 2*time.Second, 0)
)

// loadStats is what a load run measured.
type loadStats struct {
	calls      int
	failures   int64
	elapsed    time.Duration
	throughput float64 // calls per second
	p99        time.Duration
}

func (s loadStats) String() string {
	return fmt.Sprintf("%d calls, %d failed, %.0f calls/s, p99 %v", s.calls, s.failures, s.throughput, s.p99)
}

// loadRuns numbers load runs, so no run is answered from an earlier one's cache.
var loadRuns atomic.Int64

// load makes n distinct calls to src from the given number of callers.
func load(h *harness, src upstreams.Source, n, callers int) loadStats {
	run := loadRuns.Add(1)
	var next, failures atomic.Int64
	took := make([]time.Duration, n)
	var wg sync.WaitGroup
	began := time.Now()
	for range callers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				t0 := time.Now()
				if _, err := h.fetch(src, fmt.Sprintf("/items?run=%d&n=%d", run, i), 5*time.Second); err != nil {
					failures.Add(1)
				}
				took[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(began)
	slices.Sort(took)
	return loadStats{calls: n, failures: failures.Load(), elapsed: elapsed,
		throughput: float64(n) / elapsed.Seconds(), p99: took[n*99/100]}
}

func TestFaultIsolation(t *testing.T) {
	h := start(t, "", Options{})
	load(h, loadSource, 200, 20) // warm the connection pool
	baseline := load(h, loadSource, 500, 20)
	t.Logf("healthy source alone:        %s", baseline)

	h.replay.SetFault("test_hang", replay.Fault{Latency: time.Minute})
	h.replay.SetFault("test_throttled", replay.Fault{Status: 429, RetryAfter: time.Minute})
	h.replay.SetFault("test_failing", replay.Fault{Status: 500})
	h.replay.SetFault("test_garbage", replay.Fault{Garbage: true})
	// Once a source's breaker opens, its calls are refused as unavailable.
	faulty := []struct {
		src  upstreams.Source
		want []upstreams.Kind
	}{
		{hangSource, []upstreams.Kind{upstreams.Timeout, upstreams.Unavailable}},
		{throttledSource, []upstreams.Kind{upstreams.Unavailable}},
		{failingSource, []upstreams.Kind{upstreams.BadAnswer, upstreams.Unavailable}},
		{garbageSource, []upstreams.Kind{upstreams.BadAnswer, upstreams.Unavailable}},
	}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var slowest atomic.Int64
	for _, f := range faulty {
		for c := range 5 {
			wg.Go(func() {
				for i := 0; ctx.Err() == nil; i++ {
					t0 := time.Now()
					_, err := h.fetch(f.src, fmt.Sprintf("/items?c=%d&i=%d", c, i), 5*time.Second)
					if k := kindOf(err); !slices.Contains(f.want, k) {
						t.Errorf("%s: %v (%s), want %s", f.src.Name, err, k, f.want)
						return
					}
					if d := int64(time.Since(t0)); d > slowest.Load() {
						slowest.Store(d)
					}
				}
			})
		}
	}
	during := load(h, loadSource, 500, 20)
	stop()
	wg.Wait()
	t.Logf("healthy source beside faults: %s", during)
	t.Logf("slowest failing call: %v", time.Duration(slowest.Load()))
	if during.failures != 0 {
		t.Errorf("%d healthy calls failed beside faulty sources", during.failures)
	}
	if d := time.Duration(slowest.Load()); d > 2*time.Second {
		t.Errorf("a faulty source's call took %v; faults must fail fast", d)
	}
}

// BenchmarkLoad: 2000 calls through one source from 20 callers against the
// replay server; reports throughput and p99.
func BenchmarkLoad(b *testing.B) {
	h := start(b, "", Options{})
	for range b.N {
		s := load(h, loadSource, 2000, 20)
		if s.failures != 0 {
			b.Fatalf("%d calls failed", s.failures)
		}
		b.ReportMetric(s.throughput, "calls/s")
		b.ReportMetric(float64(s.p99.Microseconds()), "p99-µs")
		b.Logf("%s", s)
	}
}
