package actors

import (
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/client_golang/prometheus/testutil/promlint"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/replay"
)

// exportedSeries is every series the runtime exports, as Gather sorts them.
var exportedSeries = []string{
	"coinslot_cache_evictions_total", "coinslot_tool_calls_total", "coinslot_tool_seconds",
	"coinslot_upstream_breaker_state", "coinslot_upstream_cache_total", "coinslot_upstream_inflight",
	"coinslot_upstream_limiter_wait_seconds", "coinslot_upstream_request_seconds", "coinslot_upstream_requests_total",
	"coinslot_upstream_restarts_total", "coinslot_upstream_retries_total", "coinslot_upstream_singleflight_shared_total",
}

func TestMetricsPassPromlint(t *testing.T) {
	h := start(t, "", Options{})
	// Touch every series so that Gather returns it.
	h.fetch(okSource, "/items", 2*time.Second)
	h.rt.cache.Wait()
	h.fetch(okSource, "/items", 2*time.Second)
	h.replay.SetFault("test_flaky", replay.Fault{Status: 503})
	h.fetch(flakySource, "/items", 5*time.Second)
	tool, _ := registry.Lookup("test_panic")
	h.rt.Run(t.Context(), tool, registry.Args{"boom": true})
	h.rt.metrics.restarts.WithLabelValues("test_ok")
	h.rt.metrics.shared.WithLabelValues("test_ok")
	h.rt.metrics.evictions.Add(0)

	mfs, err := h.rt.Metrics().Gather()
	if err != nil {
		t.Fatal(err)
	}
	problems, err := promlint.NewWithMetricFamilies(mfs).Lint()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
	var names []string
	for _, mf := range mfs {
		names = append(names, mf.GetName())
	}
	if got, want := strings.Join(names, " "), strings.Join(exportedSeries, " "); got != want {
		t.Errorf("series:\n got %s\nwant %s", got, want)
	}
}

func TestMetricValuesAfterKnownCalls(t *testing.T) {
	h := start(t, "", Options{})
	h.replay.SetFault("test_flaky", replay.Fault{Status: 500})
	h.fetch(flakySource, "/items", 5*time.Second) // 1 attempt + 2 retries, all 500
	h.fetch(okSource, "/items", 2*time.Second)
	h.fetch(okSource, "/missing", 2*time.Second)
	expected := `
# HELP coinslot_upstream_requests_total Upstream HTTP attempts by outcome (ok: the source answered, even 404; error; timeout), and requests refused before any attempt (rejected).
# TYPE coinslot_upstream_requests_total counter
coinslot_upstream_requests_total{outcome="error",source="test_flaky"} 3
coinslot_upstream_requests_total{outcome="ok",source="test_ok"} 2
`
	if err := testutil.CollectAndCompare(h.rt.metrics.requests, strings.NewReader(expected)); err != nil {
		t.Error(err)
	}
	if n := testutil.ToFloat64(h.rt.metrics.retries.WithLabelValues("test_flaky")); n != 2 {
		t.Errorf("retries = %v, want 2", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.toolCalls.WithLabelValues("test_fetch_flaky", "error")); n != 1 {
		t.Errorf("flaky tool errors = %v, want 1", n)
	}
	if n := testutil.ToFloat64(h.rt.metrics.inflight.WithLabelValues("test_ok")); n != 0 {
		t.Errorf("inflight = %v at rest, want 0", n)
	}
}
