package safety

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"go.yaml.in/yaml/v3"
)

// Pasted documents are analysed within fixed bounds, so a huge, deeply nested
// or alias-expanding paste gets a clear 400 instead of a slow call.
const (
	maxPastedBytes = 512 << 10
	maxDepth       = 64
	maxNodes       = 50_000
)

// checkPasted decodes each pasted field present in place, so handlers read
// plain JSON-shaped data.
func checkPasted(a registry.Args, fields ...string) []registry.FieldError {
	for _, field := range fields {
		if !a.Has(field) {
			continue
		}
		doc, problem := decodePasted(a.Raw(field))
		if problem != "" {
			return registry.Bad(field, problem)
		}
		a[field] = doc
	}
	return nil
}

// decodePasted turns a pasted value (an object, or JSON or YAML text) into
// plain JSON-shaped data: map[string]any, []any, string, float64, bool, nil;
// or says what is wrong with it.
func decodePasted(v any) (any, string) {
	var doc any
	switch v := v.(type) {
	case map[string]any:
		doc = v
	case string:
		text := strings.TrimSpace(v)
		if len(text) > maxPastedBytes {
			return nil, fmt.Sprintf("is larger than %d KiB", maxPastedBytes>>10)
		}
		if err := json.Unmarshal([]byte(text), &doc); err != nil {
			if strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[") {
				return nil, "is not valid JSON: " + jsonProblem(text, err)
			}
			var y any
			if yerr := yaml.Unmarshal([]byte(text), &y); yerr != nil {
				return nil, "is neither JSON nor YAML"
			}
			doc = normalizeYAML(y)
		}
	default:
		return nil, "must be a JSON object or JSON/YAML text"
	}
	if _, ok := doc.(map[string]any); !ok {
		if _, ok := doc.([]any); !ok {
			return nil, "must hold an object or an array"
		}
	}
	nodes := 0
	if problem := bounded(doc, 0, &nodes); problem != "" {
		return nil, problem
	}
	return doc, ""
}

func bounded(v any, depth int, nodes *int) string {
	*nodes++
	switch {
	case depth > maxDepth:
		return fmt.Sprintf("is nested deeper than %d levels", maxDepth)
	case *nodes > maxNodes:
		return fmt.Sprintf("has more than %d values", maxNodes)
	}
	switch v := v.(type) {
	case map[string]any:
		for _, x := range v {
			if p := bounded(x, depth+1, nodes); p != "" {
				return p
			}
		}
	case []any:
		for _, x := range v {
			if p := bounded(x, depth+1, nodes); p != "" {
				return p
			}
		}
	}
	return ""
}

// jsonProblem locates a syntax error as line and column.
func jsonProblem(text string, err error) string {
	se, ok := err.(*json.SyntaxError)
	if !ok {
		return err.Error()
	}
	before := text[:min(int(se.Offset), len(text))]
	line := strings.Count(before, "\n") + 1
	col := len(before) - strings.LastIndex(before, "\n")
	return fmt.Sprintf("%s at line %d, column %d", se.Error(), line, col)
}

// normalizeYAML converts YAML's map[string]any and ints to JSON's shapes.
func normalizeYAML(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = normalizeYAML(x)
		}
		return v
	case []any:
		for i, x := range v {
			v[i] = normalizeYAML(x)
		}
		return v
	case int:
		return float64(v)
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = normalizeYAML(x)
		}
		return out
	}
	return v
}
