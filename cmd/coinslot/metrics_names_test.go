package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/config"
	"github.com/prometheus/client_golang/prometheus"
)

// Every metric the dashboard or an alert names is one the running service
// registers: a renamed metric must not leave a panel blank or an alert mute.
// The service runs clustered, as the cluster's panels and alerts assume.
func TestDashboardAndAlertsNameRegisteredMetrics(t *testing.T) {
	slow(t)
	cfg, err := config.Parse(nil, []string{"COINSLOT_BASE_URL=http://127.0.0.1:1", "COINSLOT_LEDGER_PATH=" + filepath.Join(t.TempDir(), "ledger.db"),
		"COINSLOT_CLUSTER_REDIS_URL=redis://127.0.0.1:6379/0", "COINSLOT_CLUSTER_NAMESPACE=metricnames-" + t.Name()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	svc, err := start(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	// A failover's metrics, which an instance with several facilitators
	// registers.
	failover, err := config.Parse([]byte("mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\nfacilitator_url: http://127.0.0.1:1\nfacilitators: [{url: http://127.0.0.1:2}]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := facilitators(failover, svc.metrics); err != nil {
		t.Fatal(err)
	}
	series := regexp.MustCompile(`coinslot_[a-z0-9_]+`)
	suffix := regexp.MustCompile(`_(bucket|count|sum)$`)
	var named []string
	for _, f := range []string{"../../deploy/grafana-dashboard.json", "../../deploy/alerts.yml", "../../deploy/alerts_test.yml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range series.FindAllString(string(b), -1) {
			named = append(named, suffix.ReplaceAllString(n, ""))
		}
	}
	slices.Sort(named)
	named = slices.Compact(named)
	if len(named) < 20 {
		t.Fatalf("found only %d metric names: %v", len(named), named)
	}
	for _, name := range named {
		// Registering a second metric under a name succeeds only when no
		// metric has that name: the registry's own record of its names.
		probe := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: "probe"})
		if err := svc.metrics.Register(probe); err == nil {
			svc.metrics.Unregister(probe)
			t.Errorf("%s is named by the dashboard or an alert, but the service registers no such metric", name)
		} else if !strings.Contains(err.Error(), name) {
			t.Errorf("%s: unexpected error %v", name, err)
		}
	}
}
