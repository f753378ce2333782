package health

import (
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// Regenerate with: go test ./registry/health -update
var goldenCases = []struct {
	tool, golden string
	in           map[string]any
}{
	{"drug_recalls", "drug_recalls", map[string]any{"query": "acetaminophen", "limit": 5}},
	{"drug_recalls", "drug_recalls_none", map[string]any{"query": "zzzz"}},
	{"food_safety", "food_safety", map[string]any{"query": "listeria"}},
	{"food_recall_check", "food_recall_check", map[string]any{"query": "Valley Fresh"}},
	{"adverse_events", "adverse_events", map[string]any{"drug": "aspirin", "limit": 5}},
	{"adverse_events", "adverse_events_none", map[string]any{"drug": "zzzz"}},
	{"drug_labels", "drug_labels", map[string]any{"drug_name": "metformin"}},
	{"product_recalls", "product_recalls", map[string]any{"query": "power bank", "limit": 5}},
	{"product_recalls", "product_recalls_recent", map[string]any{"limit": 5}},
	{"product_recalls", "product_recalls_none", map[string]any{"query": "zzzz"}},
	{"vehicle_recalls", "vehicle_recalls", map[string]any{"make": "Honda", "model": "Civic"}},
	{"vehicle_recalls", "vehicle_recalls_vin", map[string]any{"vin": "1hgcm82633a004352"}},
	{"disease_outbreaks", "disease_outbreaks", map[string]any{"query": "cholera", "limit": 10}},
	{"disease_outbreaks", "disease_outbreaks_latest", map[string]any{"limit": 3}},
	{"air_quality_index", "air_quality_index", map[string]any{"lat": 52.52, "lon": 13.41}},
	{"air_quality_index", "air_quality_index_pm", map[string]any{"lat": 52.52, "lon": 13.41, "variables": "PM2_5, pm10,pm2_5"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
}

// Failures reach the edge as typed upstream errors or as input errors.
func TestErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"drug_recalls", map[string]any{"query": "outage"}, "openfda: upstream answered with an error (HTTP 500)"},
		{"vehicle_recalls", map[string]any{"vin": "1HGCM82643A004352"}, "vin has a wrong check digit (9th character should be 3)"},
		{"vehicle_recalls", map[string]any{"vin": "SZZZZZZZ8ZZZZZZZ9"}, "nhtsa_vpic: NHTSA cannot decode this VIN to a make, model and year"},
		{"vehicle_recalls", map[string]any{"model": "Civic"}, "make give make and model, or vin"},
		{"vehicle_recalls", map[string]any{"make": "Honda"}, "model give model with make, or vin"},
		{"air_quality_index", map[string]any{"lat": 1, "lon": 2, "variables": "pm2_5,radon"}, "variables radon is not an air quality variable"},
		{"air_quality_index", map[string]any{"lat": 1, "lon": 2, "variables": " , "}, "variables must name at least one variable"},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %v: err = %v, want %q", tc.tool, tc.in, err, tc.want)
		}
	}
	_, err := registrytest.Run(t, "vehicle_recalls", map[string]any{"vin": "SZZZZZZZ8ZZZZZZZ9"}, upstreams.Replay, now)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Errorf("undecodable VIN: %v, want not_found", err)
	}
	_, err = registrytest.Run(t, "vehicle_recalls", map[string]any{"vin": "1HGCM82643A004352"}, upstreams.Replay, now)
	if _, ok := err.(*registry.InputError); !ok {
		t.Errorf("bad check digit: %T, want *registry.InputError", err)
	}
}

// Every tool of the family is declared with a handler, and its example runs on the fixtures.
func TestFamilyExamples(t *testing.T) {
	names := []string{"drug_recalls", "adverse_events", "product_recalls", "vehicle_recalls", "drug_labels",
		"disease_outbreaks", "food_safety", "food_recall_check", "air_quality_index"}
	for _, name := range names {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil || tool.Category != "Health" {
			t.Errorf("%s: not registered as a Health tool with a handler", name)
			continue
		}
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil || res.Count == 0 {
			t.Errorf("%s example: %v (count %v)", name, err, res)
		}
	}
}
