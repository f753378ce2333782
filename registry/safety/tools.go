package safety

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// toolSpec is one callable operation found in pasted input, whatever its
// format: an OpenAPI operation, an MCP tool or a bare tool schema.
type toolSpec struct {
	Name        string
	Description string
	Method      string // HTTP method for OpenAPI operations
	Path        string
	Params      []paramSpec
}

type paramSpec struct {
	Name        string
	Type        string
	Format      string
	Description string
	Enum        bool
	MaxLength   bool
	Required    bool
}

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// maxRefDepth bounds $ref resolution; a cyclic $ref stops at the first repeat.
const maxRefDepth = 8

// extractTools recognises the input's format and lists its tools, with
// warnings for what it could not follow.
func extractTools(doc any) (kind string, tools []toolSpec, warnings []string) {
	switch d := doc.(type) {
	case []any:
		return "tool list", toolsFromList(d), nil
	case map[string]any:
		switch {
		case d["openapi"] != nil || d["swagger"] != nil:
			version := fmt.Sprint(firstNonNil(d["openapi"], d["swagger"]))
			r := &resolver{root: d}
			tools = toolsFromOpenAPI(d, r)
			return "openapi " + version, tools, r.warnings
		case d["tools"] != nil:
			list, _ := d["tools"].([]any)
			return "mcp manifest", toolsFromList(list), nil
		case nested(d, "result", "tools") != nil:
			list, _ := nested(d, "result", "tools").([]any)
			return "mcp tools/list result", toolsFromList(list), nil
		default:
			return "tool schema", []toolSpec{toolFromMCP(d)}, nil
		}
	}
	return "unknown", nil, nil
}

func firstNonNil(vs ...any) any {
	for _, v := range vs {
		if v != nil {
			return v
		}
	}
	return nil
}

func nested(m map[string]any, keys ...string) any {
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

func str(v any) string { s, _ := v.(string); return s }

func toolsFromList(list []any) []toolSpec {
	var out []toolSpec
	for _, item := range list {
		if m, ok := item.(map[string]any); ok {
			out = append(out, toolFromMCP(m))
		}
	}
	return out
}

// toolFromMCP reads an MCP tool ({name, description, inputSchema}) or a
// function-calling schema ({name, parameters} or {function: {...}}).
func toolFromMCP(m map[string]any) toolSpec {
	if f, ok := m["function"].(map[string]any); ok {
		m = f
	}
	t := toolSpec{Name: str(m["name"]), Description: strings.TrimSpace(str(m["title"]) + " " + str(m["description"]))}
	schema, _ := firstNonNil(m["inputSchema"], m["input_schema"], m["parameters"]).(map[string]any)
	if schema == nil && m["properties"] != nil {
		schema = m
	}
	t.Params = schemaParams(schema, nil)
	if t.Name == "" {
		t.Name = "(unnamed tool)"
	}
	return t
}

// schemaParams lists an object schema's properties, one level deep.
func schemaParams(schema map[string]any, r *resolver) []paramSpec {
	if schema == nil {
		return nil
	}
	if r != nil {
		schema = r.resolve(schema)
	}
	props, _ := schema["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := schema["required"].([]any); ok {
		for _, n := range req {
			required[str(n)] = true
		}
	}
	var out []paramSpec
	for _, n := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[n].(map[string]any)
		if r != nil {
			p = r.resolve(p)
		}
		out = append(out, paramFrom(n, p, required[n]))
	}
	return out
}

func paramFrom(name string, s map[string]any, required bool) paramSpec {
	return paramSpec{Name: name, Type: str(s["type"]), Format: str(s["format"]), Description: str(s["description"]),
		Enum: s["enum"] != nil || s["const"] != nil, MaxLength: s["maxLength"] != nil, Required: required}
}

// resolver follows local $refs (#/components/...) with cycle and depth limits.
type resolver struct {
	root     map[string]any
	warnings []string
	warned   map[string]bool
}

func (r *resolver) warn(msg string) {
	if r.warned == nil {
		r.warned = map[string]bool{}
	}
	if !r.warned[msg] {
		r.warned[msg] = true
		r.warnings = append(r.warnings, msg)
	}
}

func (r *resolver) resolve(m map[string]any) map[string]any {
	seen, depth := map[string]bool{}, 0
	for m != nil {
		ref := str(m["$ref"])
		if ref == "" {
			return m
		}
		switch {
		case !strings.HasPrefix(ref, "#/"):
			r.warn("external $ref not followed: " + ref)
			return nil
		case seen[ref] || depth >= maxRefDepth:
			r.warn("cyclic or too deep $ref not followed: " + ref)
			return nil
		}
		seen[ref] = true
		depth++
		var v any = r.root
		for _, part := range strings.Split(ref[2:], "/") {
			part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
			mm, ok := v.(map[string]any)
			if !ok {
				v = nil
				break
			}
			v = mm[part]
		}
		next, ok := v.(map[string]any)
		if !ok {
			r.warn("unresolved $ref: " + ref)
			return nil
		}
		m = next
	}
	return nil
}

func toolsFromOpenAPI(d map[string]any, r *resolver) []toolSpec {
	paths, _ := d["paths"].(map[string]any)
	var out []toolSpec
	for _, p := range slices.Sorted(maps.Keys(paths)) {
		item, _ := paths[p].(map[string]any)
		item = r.resolve(item)
		shared, _ := item["parameters"].([]any)
		for _, method := range httpMethods {
			op, ok := item[method].(map[string]any)
			if !ok {
				continue
			}
			t := toolSpec{Name: str(op["operationId"]), Method: strings.ToUpper(method), Path: p,
				Description: strings.TrimSpace(str(op["summary"]) + " " + str(op["description"]))}
			if t.Name == "" {
				t.Name = t.Method + " " + p
			}
			params, _ := op["parameters"].([]any)
			for _, raw := range append(append([]any{}, shared...), params...) {
				pm, _ := raw.(map[string]any)
				if pm = r.resolve(pm); pm == nil {
					continue
				}
				schema, _ := pm["schema"].(map[string]any)
				ps := paramFrom(str(pm["name"]), r.resolve(schema), pm["required"] == true)
				if ps.Description == "" {
					ps.Description = str(pm["description"])
				}
				t.Params = append(t.Params, ps)
			}
			if body := r.resolve(asMap(op["requestBody"])); body != nil {
				for _, media := range slices.Sorted(maps.Keys(asMap(body["content"]))) {
					if strings.Contains(media, "json") || strings.Contains(media, "form") {
						schema := asMap(asMap(asMap(body["content"])[media])["schema"])
						t.Params = append(t.Params, schemaParams(schema, r)...)
						break
					}
				}
			}
			out = append(out, t)
		}
	}
	return out
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }
