package health

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// Every FAERS seriousness criterion is reported, congenital anomaly and
// "other medically important condition" included.
func TestAdverseEventsKeepEveryCriterion(t *testing.T) {
	body, err := os.ReadFile("testdata/faers_all_criteria.json")
	if err != nil {
		t.Fatal(err)
	}
	fda := upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: 200, Body: body}, nil
	})
	res, err := registrytest.Run(t, "adverse_events", map[string]any{"drug": "valproic acid", "limit": 5}, fda, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	reports := res.Data.([]adverseReport)
	if len(reports) != 2 {
		t.Fatalf("reports = %+v", reports)
	}
	if got := strings.Join(reports[0].Outcomes, ","); got != "congenital_anomaly,other_serious" {
		t.Errorf("report %s outcomes = %s", reports[0].ID, got)
	}
	if got := strings.Join(reports[1].Outcomes, ","); got != "other_serious" {
		t.Errorf("report %s outcomes = %s", reports[1].ID, got)
	}
}
