package health

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// Input the tools cannot serve is refused before payment.
func TestRefusedBeforePayment(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want registry.FieldError
	}{
		{"vehicle_recalls", map[string]any{"vin": "1HGCM82643A004352"}, registry.FieldError{Name: "vin", Problem: "has a wrong check digit (9th character should be 3)"}},
		{"vehicle_recalls", map[string]any{"model": "Civic"}, registry.FieldError{Name: "make", Problem: "give make and model, or vin"}},
		{"vehicle_recalls", map[string]any{"make": "Honda"}, registry.FieldError{Name: "model", Problem: "give model with make, or vin"}},
		{"air_quality_index", map[string]any{"lat": 1, "lon": 2, "variables": "pm2_5,radon"}, registry.FieldError{Name: "variables", Problem: "radon is not an air quality variable"}},
		{"air_quality_index", map[string]any{"lat": 1, "lon": 2, "variables": " , "}, registry.FieldError{Name: "variables", Problem: "must name at least one variable"}},
	}
	for _, tc := range cases {
		registrytest.Refused(t, tc.tool, tc.in, tc.want)
	}
}

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
