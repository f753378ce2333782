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

// Regenerate with: go test ./registry/health -update
var goldenCases = []registrytest.Case{
	{Golden: "drug_recalls", Tool: "drug_recalls", In: map[string]any{"query": "acetaminophen", "limit": 5}},
	{Golden: "drug_recalls_none", Tool: "drug_recalls", In: map[string]any{"query": "zzzz"}},
	{Golden: "food_safety", Tool: "food_safety", In: map[string]any{"query": "listeria"}},
	{Golden: "food_recall_check", Tool: "food_recall_check", In: map[string]any{"query": "Valley Fresh"}},
	{Golden: "adverse_events", Tool: "adverse_events", In: map[string]any{"drug": "aspirin", "limit": 5}},
	{Golden: "adverse_events_none", Tool: "adverse_events", In: map[string]any{"drug": "zzzz"}},
	{Golden: "drug_labels", Tool: "drug_labels", In: map[string]any{"drug_name": "metformin"}},
	{Golden: "product_recalls", Tool: "product_recalls", In: map[string]any{"query": "power bank", "limit": 5}},
	{Golden: "product_recalls_recent", Tool: "product_recalls", In: map[string]any{"limit": 5}},
	{Golden: "product_recalls_none", Tool: "product_recalls", In: map[string]any{"query": "zzzz"}},
	{Golden: "vehicle_recalls", Tool: "vehicle_recalls", In: map[string]any{"make": "Honda", "model": "Civic"}},
	{Golden: "vehicle_recalls_vin", Tool: "vehicle_recalls", In: map[string]any{"vin": "1hgcm82633a004352"}},
	{Golden: "disease_outbreaks", Tool: "disease_outbreaks", In: map[string]any{"query": "cholera", "limit": 10}},
	{Golden: "disease_outbreaks_latest", Tool: "disease_outbreaks", In: map[string]any{"limit": 3}},
	{Golden: "air_quality_index", Tool: "air_quality_index", In: map[string]any{"lat": 52.52, "lon": 13.41}},
	{Golden: "air_quality_index_pm", Tool: "air_quality_index", In: map[string]any{"lat": 52.52, "lon": 13.41, "variables": "PM2_5, pm10,pm2_5"}},
}

func TestGolden(t *testing.T) {
	registrytest.RunGolden(t, goldenCases, upstreams.RecordedAt)
}

// Failures reach the edge as typed upstream errors or as input errors.
func TestErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"drug_recalls", map[string]any{"query": "outage"}, "openfda: upstream answered with an error (HTTP 500)"},
		{"vehicle_recalls", map[string]any{"vin": "SZZZZZZZ8ZZZZZZZ9"}, "nhtsa_vpic: NHTSA cannot decode this VIN to a make, model and year"},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %v: err = %v, want %q", tc.tool, tc.in, err, tc.want)
		}
	}
	_, err := registrytest.Run(t, "vehicle_recalls", map[string]any{"vin": "SZZZZZZZ8ZZZZZZZ9"}, upstreams.Replay, upstreams.RecordedAt)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Errorf("undecodable VIN: %v, want not_found", err)
	}
}

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
