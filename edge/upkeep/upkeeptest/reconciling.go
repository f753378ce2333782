// Package upkeeptest helps tests drive the upkeep jobs and read what they
// count, from the upkeep package and from the server's tests alike.
package upkeeptest

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/prometheus/client_golang/prometheus"
)

// Reconciling is a reconciler and the registry its metrics are exported
// to.
type Reconciling struct {
	*upkeep.Reconciler
	Metrics *prometheus.Registry
}

// NewReconciling makes the reconciler of r, its metrics exported to a
// registry of its own.
func NewReconciling(t testing.TB, r upkeep.Reconciliation) *Reconciling {
	t.Helper()
	reg := prometheus.NewRegistry()
	r.Metrics = reg
	rec, err := upkeep.NewReconciler(r)
	if err != nil {
		t.Fatal(err)
	}
	return &Reconciling{rec, reg}
}

// Pass runs one pass, which must leave wantLeft payments pending.
func (r *Reconciling) Pass(t testing.TB, wantLeft int) {
	t.Helper()
	left, err := r.Once(context.Background())
	if err != nil || left != wantLeft {
		t.Fatalf("Once: %d left (%v), want %d", left, err, wantLeft)
	}
}

// WantCounts requires the payments pending and those reconciled settled,
// released and failed.
func (r *Reconciling) WantCounts(t testing.TB, pending, settled, released, failed float64) {
	t.Helper()
	got := [4]float64{r.Pending(t), r.Reconciled(t, "settled"), r.Reconciled(t, "released"), r.Reconciled(t, "failed")}
	if want := [4]float64{pending, settled, released, failed}; got != want {
		t.Fatalf("pending, settled, released, failed = %v, want %v", got, want)
	}
}

// Reconciled is coinslot_settlements_reconciled_total{outcome}.
func (r *Reconciling) Reconciled(t testing.TB, outcome string) float64 {
	return r.Series(t, "coinslot_settlements_reconciled_total")[outcome]
}

// Pending is coinslot_settlements_pending summed over its ages.
func (r *Reconciling) Pending(t testing.TB) float64 {
	var n float64
	for _, v := range r.Series(t, "coinslot_settlements_pending") {
		n += v
	}
	return n
}

// Series is every series of the metric name, by the value of its one
// label.
func (r *Reconciling) Series(t testing.TB, name string) map[string]float64 {
	t.Helper()
	families, err := r.Metrics.Gather()
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]float64{}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			values[m.GetLabel()[0].GetValue()] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	return values
}
