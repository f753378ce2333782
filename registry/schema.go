package registry

// JSONSchemaDialect is the dialect of every schema the service publishes.
const JSONSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

// decimalPattern matches the text forms a NumberOrString parameter accepts.
const decimalPattern = `^\s*\$?([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*$`

// InputSchema is the tool's request body as a JSON Schema (2020-12): the one
// schema OpenAPI, MCP tools/list and the x402 bazaar extension all publish.
// It says what Validate enforces: types, bounds, lengths, enums, item
// counts, required fields, defaults, and no unknown fields.
func InputSchema(t *Tool) map[string]any {
	props := make(object, 0, len(t.Params))
	var required []string
	for _, p := range t.Params {
		props = append(props, field{p.Name, paramSchema(p)})
		if p.Required {
			required = append(required, p.Name)
		}
	}
	s := map[string]any{
		"type":                 "object",
		"properties":           props,
		"additionalProperties": false,
	}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func paramSchema(p Param) map[string]any {
	s := valueSchema(p.Type, p)
	s["description"] = p.Hint()
	if p.Default != nil {
		s["default"] = p.Default
	}
	if p.Type == Array {
		s["items"] = valueSchema(p.Items, Param{Enum: p.Enum})
		if p.MaxItems > 0 {
			s["maxItems"] = p.MaxItems
		}
	}
	return s
}

// valueSchema is the schema of one value of type ty with p's constraints.
func valueSchema(ty Type, p Param) map[string]any {
	s := map[string]any{}
	switch ty {
	case String:
		s["type"] = "string"
		stringBounds(s, p)
	case Integer, Number:
		s["type"] = string(ty)
		if p.Min != nil {
			s["minimum"] = *p.Min
		}
		if p.Max != nil {
			s["maximum"] = *p.Max
		}
	case Boolean:
		s["type"] = "boolean"
	case Array:
		s["type"] = "array"
	case ObjectOrString:
		s["type"] = []string{"object", "string"}
		stringBounds(s, p)
	case NumberOrString:
		s["type"] = []string{"number", "string"}
		s["minimum"] = 0
		s["pattern"] = decimalPattern
	}
	return s
}

// stringBounds mirrors checkString: enum, length, and no empty required text.
func stringBounds(s map[string]any, p Param) {
	if len(p.Enum) > 0 {
		s["enum"] = p.Enum
		return
	}
	switch {
	case p.MinLen > 0 && p.MaxLen > 0:
		s["minLength"], s["maxLength"] = p.MinLen, p.MaxLen
	case p.MaxLen > 0:
		s["maxLength"] = p.MaxLen
	}
	if p.Required && p.MinLen == 0 {
		s["minLength"] = 1
	}
	if p.Pattern != "" {
		s["pattern"] = p.Pattern
	}
}
