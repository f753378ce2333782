package web

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

func init() {
	family.Register(&registry.Tool{
		Name: "validate_agent_manifest", Price: "0.03",
		Description: "Validate an A2A agent card, MCP server manifest, ai-plugin.json or agent.json: JSON errors with line " +
			"and column, required fields, URL shapes, skills and tools, MIME types and embedded secrets, with a score and fixes. " +
			"Local analysis of the pasted text.",
		Params: []registry.Param{
			registry.Str("manifest_json").Req().Len(2, 512<<10).Describe("the manifest as JSON text"),
		},
		Example: map[string]any{"manifest_json": `{"name": "Forecast Agent", "description": "Hourly weather forecasts for any city", ` +
			`"version": "1.0.0", "url": "https://agent.example.com/a2a/v1", "capabilities": {"streaming": true}, ` +
			`"defaultInputModes": ["text/plain"], "defaultOutputModes": ["application/json"], "skills": [{"id": "forecast", ` +
			`"name": "Forecast", "description": "Hourly forecast for the next 48 hours", "tags": ["weather"]}]}`},
		Synonyms: []string{"agent card", "mcp manifest check", "ai-plugin.json", "lint agent.json", "a2a validation"},
		Expected: "Envelope whose data validates an agent manifest locally, with errors and warnings by path, a score and the fixes.",
		Shape:    registry.Envelope,
		Result:   (*manifestReport)(nil),
		Handler:  validateAgentManifest,
	})
}

type finding struct {
	Path    string `json:"path"`
	Problem string `json:"problem"`
}

type manifestReport struct {
	Valid    bool      `json:"valid"`
	Type     string    `json:"type"`
	Score    int       `json:"score"`
	Errors   []finding `json:"errors"`
	Warnings []finding `json:"warnings"`
	Fixes    []string  `json:"fixes"`
	Items    int       `json:"items"` // skills or tools declared
}

// Scoring: 100, minus 20 per error and 5 per warning; 0 when the text is
// not a JSON object, since nothing else could be checked.
const (
	errorCost   = 20
	warningCost = 5
)

func validateAgentManifest(_ context.Context, c *registry.Call) (*registry.Result, error) {
	r := &manifestReport{Type: "unknown", Errors: []finding{}, Warnings: []finding{}, Fixes: []string{}}
	text := c.Args.String("manifest_json")
	var doc any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		r.errorf("$", "invalid JSON: %s", jsonPosition(text, err))
		res := r.result()
		r.Score = 0 // nothing else could be checked
		return res, nil
	}
	m, ok := doc.(map[string]any)
	if !ok {
		r.errorf("$", "the manifest must be a JSON object")
		res := r.result()
		r.Score = 0
		return res, nil
	}
	switch {
	case m["schema_version"] != nil && m["name_for_model"] != nil:
		r.Type = "ai-plugin"
		r.checkPlugin(m)
	case m["skills"] != nil || m["defaultInputModes"] != nil || m["supportedInterfaces"] != nil:
		r.Type = "a2a agent card"
		r.checkAgentCard(m)
	case m["tools"] != nil || m["remotes"] != nil || m["serverInfo"] != nil:
		r.Type = "mcp server manifest"
		r.checkMCP(m)
	default:
		r.required(m, "$", "name", "description")
		r.warnf("$", "not recognised as an A2A agent card (skills), MCP manifest (tools or remotes) or ai-plugin.json (schema_version)")
	}
	r.scanSecrets(m, "$")
	return r.result(), nil
}

func (r *manifestReport) result() *registry.Result {
	r.Valid = len(r.Errors) == 0
	r.Score = max(0, 100-errorCost*len(r.Errors)-warningCost*len(r.Warnings))
	for _, f := range append(append([]finding{}, r.Errors...), r.Warnings...) {
		r.Fixes = append(r.Fixes, f.Path+": "+f.Problem)
	}
	return &registry.Result{Data: r, Count: 1, Source: "local analysis"}
}

func (r *manifestReport) errorf(path, format string, a ...any) {
	r.Errors = append(r.Errors, finding{path, fmt.Sprintf(format, a...)})
}

func (r *manifestReport) warnf(path, format string, a ...any) {
	r.Warnings = append(r.Warnings, finding{path, fmt.Sprintf(format, a...)})
}

// required reports each missing or empty string field.
func (r *manifestReport) required(m map[string]any, at string, fields ...string) {
	for _, f := range fields {
		switch v := m[f].(type) {
		case string:
			if strings.TrimSpace(v) == "" {
				r.errorf(at+"."+f, "is empty")
			}
		case nil:
			r.errorf(at+"."+f, "is required")
		default:
			r.errorf(at+"."+f, "must be a string")
		}
	}
}

// httpsURL checks an optional URL field; required ones are checked by required first.
func (r *manifestReport) httpsURL(m map[string]any, at, field string) {
	s, ok := m[field].(string)
	if !ok || s == "" {
		return
	}
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Host == "" || u.Scheme != "http" && u.Scheme != "https":
		r.errorf(at+"."+field, "is not an absolute http(s) URL")
	case u.Scheme != "https":
		r.warnf(at+"."+field, "is not https")
	}
}

var semver = regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

func (r *manifestReport) version(m map[string]any, at string) {
	if v, ok := m["version"].(string); ok && v != "" && !semver.MatchString(v) {
		r.warnf(at+".version", "%q is not a semantic version (MAJOR.MINOR.PATCH)", v)
	}
}

func (r *manifestReport) checkAgentCard(m map[string]any) {
	r.required(m, "$", "name", "description", "version")
	if m["supportedInterfaces"] == nil {
		r.required(m, "$", "url")
		r.httpsURL(m, "$", "url")
	} else {
		for i, it := range asList(m["supportedInterfaces"]) {
			at := fmt.Sprintf("$.supportedInterfaces[%d]", i)
			im, _ := it.(map[string]any)
			r.required(im, at, "url", "protocolBinding")
			r.httpsURL(im, at, "url")
		}
	}
	r.version(m, "$")
	for _, f := range []string{"documentationUrl", "iconUrl"} {
		r.httpsURL(m, "$", f)
	}
	if p, ok := m["provider"].(map[string]any); ok {
		r.httpsURL(p, "$.provider", "url")
	}
	if _, ok := m["capabilities"].(map[string]any); !ok {
		r.errorf("$.capabilities", "is required and must be an object")
	}
	for _, f := range []string{"defaultInputModes", "defaultOutputModes"} {
		r.mimeList(m, "$", f, true)
	}
	skills := asList(m["skills"])
	r.Items = len(skills)
	if len(skills) == 0 {
		r.errorf("$.skills", "must list at least one skill")
	}
	ids := map[string]bool{}
	for i, s := range skills {
		at := fmt.Sprintf("$.skills[%d]", i)
		sm, ok := s.(map[string]any)
		if !ok {
			r.errorf(at, "must be an object")
			continue
		}
		r.required(sm, at, "id", "name", "description")
		if id, _ := sm["id"].(string); id != "" {
			if ids[id] {
				r.errorf(at+".id", "%q is not unique", id)
			}
			ids[id] = true
		}
		if d, _ := sm["description"].(string); d != "" && len(d) < 20 {
			r.warnf(at+".description", "is too short for an agent to choose the skill by")
		}
		if len(asList(sm["tags"])) == 0 {
			r.errorf(at+".tags", "must list at least one tag")
		}
		r.mimeList(sm, at, "inputModes", false)
		r.mimeList(sm, at, "outputModes", false)
	}
}

func (r *manifestReport) mimeList(m map[string]any, at, field string, required bool) {
	v, present := m[field]
	if !present {
		if required {
			r.errorf(at+"."+field, "is required")
		}
		return
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		r.errorf(at+"."+field, "must be a non-empty array of MIME types")
		return
	}
	for i, x := range list {
		s, _ := x.(string)
		if _, _, err := mime.ParseMediaType(s); err != nil || !strings.Contains(s, "/") {
			r.errorf(fmt.Sprintf("%s.%s[%d]", at, field, i), "%q is not a MIME type", s)
		}
	}
}

func (r *manifestReport) checkMCP(m map[string]any) {
	name := m["name"]
	if si, ok := m["serverInfo"].(map[string]any); ok && name == nil {
		r.required(si, "$.serverInfo", "name", "version")
	} else {
		r.required(m, "$", "name", "version")
	}
	r.version(m, "$")
	if d, _ := m["description"].(string); d == "" {
		r.warnf("$.description", "is missing: registries show it to users")
	}
	remotes := asList(m["remotes"])
	for i, rm := range remotes {
		at := fmt.Sprintf("$.remotes[%d]", i)
		rmm, _ := rm.(map[string]any)
		r.required(rmm, at, "type", "url")
		r.httpsURL(rmm, at, "url")
	}
	tools := asList(m["tools"])
	r.Items = len(tools)
	if len(tools) == 0 && len(remotes) == 0 && m["endpoint"] == nil && m["transport"] == nil {
		r.errorf("$", "declares neither tools nor a way to reach the server (remotes, endpoint or transport)")
	}
	names := map[string]bool{}
	for i, t := range tools {
		at := fmt.Sprintf("$.tools[%d]", i)
		tm, ok := t.(map[string]any)
		if !ok {
			r.errorf(at, "must be an object")
			continue
		}
		r.required(tm, at, "name", "description")
		if n, _ := tm["name"].(string); n != "" {
			if names[n] {
				r.errorf(at+".name", "%q is not unique", n)
			}
			names[n] = true
		}
		schema, ok := tm["inputSchema"].(map[string]any)
		switch {
		case tm["inputSchema"] == nil:
			r.warnf(at+".inputSchema", "is missing: clients cannot validate arguments")
		case !ok || schema["type"] != "object":
			r.errorf(at+".inputSchema", "must be a JSON Schema object with type \"object\"")
		}
	}
}

func (r *manifestReport) checkPlugin(m map[string]any) {
	r.required(m, "$", "schema_version", "name_for_human", "name_for_model", "description_for_human",
		"description_for_model", "logo_url", "contact_email", "legal_info_url")
	for _, f := range []string{"logo_url", "legal_info_url"} {
		r.httpsURL(m, "$", f)
	}
	if _, ok := m["auth"].(map[string]any); !ok {
		r.errorf("$.auth", "is required and must be an object with a type")
	}
	api, ok := m["api"].(map[string]any)
	if !ok {
		r.errorf("$.api", "is required and must be an object with type and url")
		return
	}
	r.required(api, "$.api", "type", "url")
	r.httpsURL(api, "$.api", "url")
}

// secretName flags fields whose name says they hold a credential.
var secretName = regexp.MustCompile(`(?i)(secret|password|passwd|api[_-]?key|access[_-]?token|private[_-]?key|bearer)$`)

func (r *manifestReport) scanSecrets(v any, at string) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if s, ok := v[k].(string); ok && len(s) >= 12 && secretName.MatchString(k) {
				r.errorf(at+"."+k, "looks like a credential: a published manifest must not carry secrets")
				continue
			}
			r.scanSecrets(v[k], at+"."+k)
		}
	case []any:
		for i, x := range v {
			r.scanSecrets(x, fmt.Sprintf("%s[%d]", at, i))
		}
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }

// jsonPosition locates a syntax error as line and column.
func jsonPosition(text string, err error) string {
	var offset int64
	switch e := err.(type) {
	case *json.SyntaxError:
		offset = e.Offset
	case *json.UnmarshalTypeError:
		offset = e.Offset
	default:
		return err.Error()
	}
	before := text[:min(int(offset), len(text))]
	line := strings.Count(before, "\n") + 1
	col := len(before) - strings.LastIndex(before, "\n")
	return fmt.Sprintf("%s at line %d, column %d", err.Error(), line, col)
}
