package safety

import (
	"reflect"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// A paste over the size limit is refused before it is parsed. (The other
// refusals are case folders; this one would be a 600 KiB request.json.)
func TestSafetyBriefRefusesAnOversizePaste(t *testing.T) {
	in := map[string]any{"openapi_json": strings.Repeat(" ", 10) + `{"a":"` + strings.Repeat("x", 600<<10) + `"}`}
	want := []registry.FieldError{{Name: "openapi_json", Problem: "is larger than 512 KiB"}}
	if _, errs := registrytest.Tool(t, "mcp_safety_brief").Validate(in); !reflect.DeepEqual(errs, want) {
		t.Errorf("refused with %v, want %v", errs, want)
	}
}

func TestRiskRulesExplainThemselves(t *testing.T) {
	r := assessTool(toolSpec{Name: "deleteUserAccount", Method: "DELETE", Path: "/users/{id}",
		Params: []paramSpec{{Name: "api_key"}, {Name: "email", Type: "string"}}})
	want := []string{"destructive", "credential_input", "personal_data", "undocumented"}
	if strings.Join(r.rules, ",") != strings.Join(want, ",") || r.RiskScore != 70 || r.RiskLevel != "high" {
		t.Errorf("rules %v score %d %s", r.rules, r.RiskScore, r.RiskLevel)
	}
}
