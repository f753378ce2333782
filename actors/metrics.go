package actors

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

// Outcomes of one upstream attempt, and of a request refused before any attempt.
const (
	outcomeOK       = "ok"
	outcomeError    = "error"
	outcomeTimeout  = "timeout"
	outcomeRejected = "rejected"
)

// Breaker states as the breaker_state gauge reports them.
const (
	breakerClosed   = 0
	breakerHalfOpen = 1
	breakerOpen     = 2
)

// latencyBuckets span a cache-near answer to a slow upstream page.
var latencyBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// metrics are the runtime's Prometheus series, on its own registry.
type metrics struct {
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	cache       *prometheus.CounterVec
	inflight    *prometheus.GaugeVec
	breaker     *prometheus.GaugeVec
	restarts    *prometheus.CounterVec
	shared      *prometheus.CounterVec
	limiterWait *prometheus.HistogramVec
	retries     *prometheus.CounterVec
	decodeFails *prometheus.CounterVec
	evictions   prometheus.Counter
	toolCalls   *prometheus.CounterVec
	toolSeconds *prometheus.HistogramVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	f := promauto.With(reg)
	return &metrics{
		requests: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_requests_total",
			Help: "Upstream HTTP attempts by outcome (ok: the source answered, even 404; error; timeout), and requests refused before any attempt (rejected).",
		}, []string{"source", "outcome"}),
		latency: f.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "coinslot_upstream_request_seconds",
			Help:    "Duration of upstream HTTP attempts.",
			Buckets: latencyBuckets,
		}, []string{"source"}),
		cache: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_cache_total",
			Help: "Shared cache lookups by result (hit, miss).",
		}, []string{"source", "result"}),
		inflight: f.NewGaugeVec(prometheus.GaugeOpts{
			Name: "coinslot_upstream_inflight",
			Help: "Upstream requests being worked on now.",
		}, []string{"source"}),
		breaker: f.NewGaugeVec(prometheus.GaugeOpts{
			Name: "coinslot_upstream_breaker_state",
			Help: "Circuit breaker state: 0 closed, 1 half-open, 2 open.",
		}, []string{"source"}),
		restarts: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_restarts_total",
			Help: "Worker restarts after a failure.",
		}, []string{"source"}),
		shared: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_singleflight_shared_total",
			Help: "Requests that joined an identical request already in flight.",
		}, []string{"source"}),
		limiterWait: f.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "coinslot_upstream_limiter_wait_seconds",
			Help:    "Time spent waiting for the source's rate limiter (and, in a cluster, a shared concurrency slot) before an attempt.",
			Buckets: latencyBuckets,
		}, []string{"source"}),
		retries: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_retries_total",
			Help: "Attempts repeated after a 429, a 5xx or a network failure.",
		}, []string{"source"}),
		decodeFails: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_upstream_decode_failures_total",
			Help: "2xx answers the source's decoder could not read: the source changed its format or sent an error page with a success status.",
		}, []string{"source"}),
		evictions: f.NewCounter(prometheus.CounterOpts{
			Name: "coinslot_cache_evictions_total",
			Help: "Answers removed from the shared cache, expired or evicted to make room.",
		}),
		toolCalls: f.NewCounterVec(prometheus.CounterOpts{
			Name: "coinslot_tool_calls_total",
			Help: "Tool calls by outcome (ok, error, timeout, unavailable, panic).",
		}, []string{"tool", "outcome"}),
		toolSeconds: f.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "coinslot_tool_seconds",
			Help:    "Duration of tool calls.",
			Buckets: latencyBuckets,
		}, []string{"tool"}),
	}
}
