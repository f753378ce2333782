package main

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// The serving instance runs the canary on canary.every against its own
// base_url and exports the outcome on its /metrics: the first run deposits
// into the canary's channel, the next pays with a voucher, and every
// purchase passes. The log names the payer and never the key.
func TestScheduledCanaryExportsOnMetrics(t *testing.T) {
	defer func(d time.Duration) { canaryFirstRun = d }(canaryFirstRun)
	canaryFirstRun = 0
	t.Setenv("COINSLOT_CANARY_KEY", buyer2)
	ln, base, cfg := sandboxOn(t, "canary: {every: 1s}\n")
	log := new(lockedBuffer)
	startService(t, ln, cfg, slog.New(slog.NewJSONHandler(log, nil)))
	var text string
	eventually(t, "two canary runs on /metrics", func() bool {
		res, err := client.Get(base + "/metrics")
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		text = string(b)
		// The run's last purchase: the run's lines are logged once it is done.
		return strings.Contains(text, `coinslot_canary_runs_total`+permit2Series+` 2`)
	})
	start := float64(time.Now().Add(-15*time.Second).UnixNano()) / 1e9
	for _, s := range []string{exactSeries, batchSeries} {
		if v := metricValue(t, text, "coinslot_canary_last_success_timestamp_seconds"+s); v < start {
			t.Errorf("last success%s = %v", s, v)
		}
	}
	if strings.Contains(text, "coinslot_canary_failures_total{") {
		t.Errorf("failures on /metrics:\n%s", text)
	}
	lines := log.String()
	if !strings.Contains(lines, `"msg":"canary scheduled","every":1000000000,"tool":"business_days","payer":"0x`) ||
		strings.Count(lines, `"msg":"canary passed"`) < 4 || strings.Contains(lines, buyer2) {
		t.Errorf("log:\n%s", lines)
	}
}
