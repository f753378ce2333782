package safety

import (
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestSafetyBriefHostileInput(t *testing.T) {
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	cases := []struct {
		in             map[string]any
		field, problem string
	}{
		{map[string]any{}, "openapi_json", "paste openapi_json, manifest_json or tool_schema: server_url and openapi_url are never fetched"},
		{map[string]any{"server_url": "https://mcp.example.com"}, "openapi_json", "paste openapi_json, manifest_json or tool_schema: server_url and openapi_url are never fetched"},
		{map[string]any{"manifest_json": "{\"tools\": [\n  {\"name\": \"x\",}\n]}"}, "manifest_json", "is not valid JSON: invalid character '}' looking for beginning of object key string at line 2, column 17"},
		{map[string]any{"tool_schema": deep}, "tool_schema", "is nested deeper than 64 levels"},
		{map[string]any{"openapi_json": strings.Repeat(" ", 10) + "{\"a\":\"" + strings.Repeat("x", 600<<10) + "\"}"}, "openapi_json", "is larger than 512 KiB"},
		{map[string]any{"tool_schema": "just some words"}, "tool_schema", "must hold an object or an array"},
		{map[string]any{"manifest_json": "a: [unclosed"}, "manifest_json", "is neither JSON nor YAML"},
	}
	for _, c := range cases {
		registrytest.Refused(t, "mcp_safety_brief", c.in, registry.FieldError{Name: c.field, Problem: c.problem})
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
