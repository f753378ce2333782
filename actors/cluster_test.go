package actors

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/coinslot/coinslot/actors/clustertest"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// The sources the cluster tests share: one limited to 5 requests a second
// (burst 1), one to 2 requests in flight.
var (
	clusterSource = testSource("test_cluster", 5, 1, 8, 2*time.Second, 0)
	slotsSource   = testSource("test_cluster_slots", 1000, 1000, 2, 2*time.Second, 0)
)

// counter is the one upstream every instance calls; it keeps the time of
// each request and the most requests it had in flight at once.
type counter struct {
	mu       sync.Mutex
	times    []time.Time
	inflight int
	most     int
	srv      *httptest.Server
}

// newCounter answers each request after delay.
func newCounter(t *testing.T, delay time.Duration) *counter {
	c := &counter{}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.times = append(c.times, time.Now())
		c.inflight++
		c.most = max(c.most, c.inflight)
		c.mu.Unlock()
		time.Sleep(delay)
		c.mu.Lock()
		c.inflight--
		c.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"path":%q}`, r.URL.RequestURI())
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *counter) requests() []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Time(nil), c.times...)
}

// instances starts n runtimes sharing Redis at redisAddr under a namespace of
// their own, all calling the counter as src.
func instances(t *testing.T, n int, redisAddr string, sharedCache bool, up *counter, src upstreams.Source) []*Runtime {
	t.Helper()
	suffix := make([]byte, 4)
	rand.Read(suffix)
	ns := "coinslot-test-" + hex.EncodeToString(suffix)
	t.Cleanup(func() { clustertest.DropNamespace(t, ns) })
	yaml := fmt.Sprintf("cluster:\n  redis_url: redis://%s/0\n  namespace: %s\n  shared_cache: %v\n", redisAddr, ns, sharedCache)
	cfg, err := config.Parse([]byte(yaml), nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: rewrite{from: src.BaseURL, to: up.srv.URL}}
	rts := make([]*Runtime, n)
	for i := range rts {
		if rts[i], err = New(cfg, Options{HTTPClient: client, Version: "0.13.0"}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(rts[i].Close)
	}
	waitFor(t, func() bool { return rts[0].Cluster().Instances == n })
	return rts
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in 5s")
		}
	}
}

func clusterCall(rt *Runtime, path string, timeout time.Duration) (*registry.Result, error) {
	return callSource(rt, clusterSource, path, timeout)
}

func callSource(rt *Runtime, src upstreams.Source, path string, timeout time.Duration) (*registry.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return rt.Run(ctx, fetchTools[src.Name], registry.Args{"path": path})
}

// 300 concurrent calls, spread over three instances, to a source limited to
// 5/s with a burst of 1: the source sees at most 5 requests a second (+1 for
// the burst), and the calls the rate leaves no time for fail as timeouts
// before any request, as a single instance's would.
func TestClusterSharesOneRate(t *testing.T) {
	clustertest.NeedRedis(t)
	up := newCounter(t, 0)
	rts := instances(t, 3, clustertest.Redis, false, up, clusterSource)
	const calls = 300
	errs := make(chan error, calls)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			_, err := clusterCall(rts[i%3], fmt.Sprintf("/items?n=%d", i), 3*time.Second)
			errs <- err
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	ok := 0
	for err := range errs {
		switch {
		case err == nil:
			ok++
		case kindOf(err) != upstreams.Timeout:
			t.Errorf("call failed with %v, want a timeout", err)
		}
	}
	times := up.requests()
	if len(times) < ok { // an attempt may reach the source and still miss its deadline
		t.Errorf("upstream saw %d requests for %d answered calls", len(times), ok)
	}
	if ok == 0 {
		t.Error("no call was answered")
	}
	clustertest.WithinRate(t, "shared", times, start, clusterSource.Rate, 0)
	t.Logf("%d of %d calls answered in %s", ok, calls, elapsed)
}

// With the shared cache on, identical calls across instances make one
// upstream request, and later calls are answered from it.
func TestClusterSharesAnswers(t *testing.T) {
	clustertest.NeedRedis(t)
	up := newCounter(t, 0)
	rts := instances(t, 3, clustertest.Redis, true, up, clusterSource)
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			res, err := clusterCall(rts[i%3], "/items?same=1", 5*time.Second)
			if err != nil {
				t.Error(err)
				return
			}
			if want := `{"path":"/items?same=1"}`; res.Data != want {
				t.Errorf("data = %v, want %s", res.Data, want)
			}
		})
	}
	wg.Wait()
	if n := len(up.requests()); n != 1 {
		t.Errorf("upstream saw %d requests for 30 identical calls on 3 instances, want 1", n)
	}
}

// Redis goes away in the middle of a run: every call is still answered, the
// source still sees the polite rate, and the gauge says the instance is on
// its own share; when Redis is back, limits are shared again.
func TestClusterWithoutRedisTakesItsShare(t *testing.T) {
	clustertest.NeedRedis(t)
	up := newCounter(t, 0)
	proxy := clustertest.NewProxy(t, clustertest.Redis)
	rts := instances(t, 3, proxy.Addr(), false, up, clusterSource)
	const calls = 24
	errs := make(chan error, calls)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			_, err := clusterCall(rts[i%3], fmt.Sprintf("/items?n=%d", i), 15*time.Second)
			errs <- err
		})
	}
	time.Sleep(1500 * time.Millisecond)
	stopped := time.Now()
	proxy.Stop()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("call failed: %v", err)
		}
	}
	times := up.requests()
	if len(times) != calls {
		t.Errorf("upstream saw %d requests, want %d", len(times), calls)
	}
	clustertest.WithinRate(t, "whole run", times, start, clusterSource.Rate, 0)
	// Each instance's share starts empty; a request the shared bucket let
	// through just before the stop may arrive after it.
	clustertest.WithinRate(t, "without Redis", times, stopped, clusterSource.Rate, 1)
	for i, rt := range rts {
		if st := rt.Cluster(); st != (ClusterStatus{Shared: true, Degraded: true, Instances: 3}) {
			t.Errorf("instance %d: cluster = %+v, want shared, degraded, 3 instances", i, st)
		}
		if got := testutil.ToFloat64(rt.cluster.degradedGauge); got != 1 {
			t.Errorf("instance %d: coinslot_cluster_degraded = %v, want 1", i, got)
		}
	}

	proxy.Start(t)
	waitFor(t, func() bool { return !rts[0].Cluster().Degraded })
	if got := testutil.ToFloat64(rts[0].cluster.degradedGauge); got != 0 {
		t.Errorf("coinslot_cluster_degraded = %v after Redis came back, want 0", got)
	}
}

// A source's concurrency cap holds across instances: three instances, each
// with a pool of two workers, keep at most two requests in flight upstream.
func TestClusterSharesConcurrencyCap(t *testing.T) {
	clustertest.NeedRedis(t)
	up := newCounter(t, 100*time.Millisecond)
	rts := instances(t, 3, clustertest.Redis, false, up, slotsSource)
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			if _, err := callSource(rts[i%3], slotsSource, fmt.Sprintf("/items?n=%d", i), 10*time.Second); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	up.mu.Lock()
	defer up.mu.Unlock()
	if len(up.times) != 30 || up.most != 2 {
		t.Errorf("upstream saw %d requests, at most %d at once; want 30, at most 2", len(up.times), up.most)
	}
}

// A slot taken by an instance that dies is free again once its lease ends.
func TestClusterSlotLeaseExpires(t *testing.T) {
	clustertest.NeedRedis(t)
	rts := instances(t, 1, clustertest.Redis, false, newCounter(t, 0), slotsSource)
	c := rts[0].cluster
	set := &settings{source: slotsSource, rate: 1000, burst: 1000, concurrency: 1}
	turn := func(timeout time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		_, err := c.sharedTurn(ctx, set)
		return err
	}
	if err := turn(100 * time.Millisecond); err != nil { // taken and never given back
		t.Fatal(err)
	}
	if err := turn(200 * time.Millisecond); err != errNoTime {
		t.Fatalf("second turn = %v while the slot is leased, want errNoTime", err)
	}
	// The lease is the first turn's deadline plus a second.
	if err := turn(2 * time.Second); err != nil {
		t.Fatalf("turn after the lease ended = %v", err)
	}
}

// clusterSeries are the series a runtime in a cluster exports besides exportedSeries.
var clusterSeries = []string{"coinslot_cluster_degraded", "coinslot_cluster_instances"}

func TestClusterMetrics(t *testing.T) {
	clustertest.NeedRedis(t)
	rts := instances(t, 2, clustertest.Redis, false, newCounter(t, 0), clusterSource)
	problems, err := testutil.GatherAndLint(rts[0].Metrics(), clusterSeries...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
	want := "# HELP coinslot_cluster_instances Live instances at the last heartbeat that reached Redis, this one included.\n" +
		"# TYPE coinslot_cluster_instances gauge\ncoinslot_cluster_instances 2\n" +
		"# HELP coinslot_cluster_degraded 1 while Redis is unreachable and this instance runs on its share of every source's limits.\n" +
		"# TYPE coinslot_cluster_degraded gauge\ncoinslot_cluster_degraded 0\n"
	if err := testutil.GatherAndCompare(rts[0].Metrics(), strings.NewReader(want), clusterSeries...); err != nil {
		t.Error(err)
	}
}

// Without cluster.redis_url the instance is alone and says so.
func TestAloneWithoutRedisURL(t *testing.T) {
	h := start(t, "", Options{})
	if st := h.rt.Cluster(); st != (ClusterStatus{Instances: 1}) {
		t.Errorf("cluster = %+v, want not shared, 1 instance", st)
	}
}
