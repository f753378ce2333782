package safety

import (
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestSafetyBriefGolden(t *testing.T) {
	cases := map[string]map[string]any{
		"mcp_safety_brief": {
			"manifest_json": map[string]any{"tools": []any{
				map[string]any{"name": "search_issues", "description": "Search issues in a repository",
					"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string"}}}},
				map[string]any{"name": "delete_repository", "description": "Delete a repository permanently"},
			}},
			"intended_task": "triage open issues",
		},
		// Swagger's public Petstore, pasted as YAML text: deletes, credentials, personal data.
		"mcp_safety_brief_petstore": {
			"openapi_json": readFile(t, "petstore3.yaml"), "openapi_url": "https://petstore3.swagger.io/api/v3/openapi.json",
			"intended_task": "find available pets", "max_tools": 25,
		},
		// The reference MCP filesystem server in a sensitive context.
		"mcp_safety_brief_filesystem": {"manifest_json": readJSON(t, "filesystem_manifest.json"), "sensitive_context": true},
		// A server card leaking a token and keys, with a poisoned tool description.
		"mcp_safety_brief_poisoned": {"manifest_json": readFile(t, "poisoned_and_leaky_manifest.json"), "server_url": "https://mcp.example.com/mcp"},
		// A cyclic $ref is reported, not followed forever.
		"mcp_safety_brief_cyclic_ref": {"openapi_json": `{"openapi":"3.1.0","paths":{"/a":{"post":{"operationId":"makeA",
			"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}}}}},
			"components":{"schemas":{"A":{"$ref":"#/components/schemas/B"},"B":{"$ref":"#/components/schemas/A"}}}}`},
	}
	for file, in := range cases {
		t.Run(file, func(t *testing.T) {
			res, err := registrytest.Run(t, "mcp_safety_brief", in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+file+".golden.json", res)
		})
	}
}

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
