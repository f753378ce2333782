package main

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// canaryMetrics are the coinslot_canary_* series, by the network and scheme
// each purchase was offered under. A run that could not read the terms has
// neither: its series carry empty labels until a purchase succeeds.
type canaryMetrics struct {
	lastSuccess *prometheus.GaugeVec
	duration    *prometheus.GaugeVec
	runs        *prometheus.CounterVec
	failures    *prometheus.CounterVec
}

func newCanaryMetrics(reg prometheus.Registerer) *canaryMetrics {
	m := &canaryMetrics{
		lastSuccess: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "coinslot_canary_last_success_timestamp_seconds",
			Help: "When the canary's last purchase that passed every check ended (0: none since start)."}, []string{"network", "scheme"}),
		duration: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "coinslot_canary_duration_seconds",
			Help: "How long the canary's last purchase and its checks took."}, []string{"network", "scheme"}),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "coinslot_canary_runs_total",
			Help: "Canary purchases attempted."}, []string{"network", "scheme"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "coinslot_canary_failures_total",
			Help: "Canary purchases that failed, by the step that failed: terms, pay, answer, receipt, channel or chain."}, []string{"network", "scheme", "step"}),
	}
	reg.MustRegister(m.lastSuccess, m.duration, m.runs, m.failures)
	return m
}

// observe records one purchase that ended at end.
func (m *canaryMetrics) observe(r canaryResult, end time.Time) {
	m.runs.WithLabelValues(r.Network, r.Scheme).Inc()
	m.duration.WithLabelValues(r.Network, r.Scheme).Set(r.Took.Seconds())
	if r.Err != nil {
		m.failures.WithLabelValues(r.Network, r.Scheme, r.Step).Inc()
		m.lastSuccess.WithLabelValues(r.Network, r.Scheme).Add(0) // a purchase that never passed reads 0, and alerts
		return
	}
	m.lastSuccess.WithLabelValues(r.Network, r.Scheme).Set(float64(end.UnixNano()) / 1e9)
	m.lastSuccess.DeleteLabelValues("", "") // the terms are readable again
}
