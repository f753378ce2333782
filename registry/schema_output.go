package registry

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"
)

// OutputSchema is the tool's 200 body as a JSON Schema (2020-12), derived
// from the Go type its handler answers with (Tool.Result) and wrapped in the
// tool's shape. It is self-contained: OpenAPI and MCP tools/list publish it
// as it is.
func OutputSchema(t *Tool) map[string]any {
	data := resultSchema(t.Result)
	if t.Shape == Envelope {
		return map[string]any{
			"type":     "object",
			"required": []string{"success", "data", "cached", "meta"},
			"properties": object{
				{"success", map[string]any{"type": "boolean", "const": true}},
				{"data", data},
				{"cached", map[string]any{"type": "boolean", "description": "true only when the data was served from cache"}},
				{"meta", metaSchema()},
			},
			"additionalProperties": false,
		}
	}
	// Object and receipt-backed answers are the result object itself, with
	// meta (and the payment's blocks) appended as its last members.
	s := map[string]any{}
	for k, v := range data {
		s[k] = v
	}
	props, _ := s["properties"].(object)
	props = append(object{}, props...)
	required, _ := s["required"].([]string)
	required = append(append([]string{}, required...), "meta")
	props = append(props, field{"meta", metaSchema()})
	if t.Shape == ReceiptBacked {
		props = append(props, field{"buyer", buyerSchema()}, field{"svc_receipt", receiptSchema()})
		required = append(required, "buyer", "svc_receipt")
	}
	s["type"], s["properties"], s["required"] = "object", props, required
	return s
}

// Either declares a handler that answers with one of several types, chosen
// by its input (space_weather's three feeds, for instance).
type Either []any

func resultSchema(result any) map[string]any {
	alts, ok := result.(Either)
	if !ok {
		return TypeSchema(reflect.TypeOf(result))
	}
	anyOf := make([]any, len(alts))
	for i, a := range alts {
		anyOf[i] = TypeSchema(reflect.TypeOf(a))
	}
	return map[string]any{"anyOf": anyOf}
}

// ResultTypes are the types a handler may answer with.
func (t *Tool) ResultTypes() []reflect.Type {
	alts, ok := t.Result.(Either)
	if !ok {
		return []reflect.Type{reflect.TypeOf(t.Result)}
	}
	out := make([]reflect.Type, len(alts))
	for i, a := range alts {
		out[i] = reflect.TypeOf(a)
	}
	return out
}

func metaSchema() map[string]any {
	return map[string]any{
		"type":     "object",
		"required": []string{"count", "source", "generated_at"},
		"properties": object{
			{"count", map[string]any{"type": "integer", "minimum": 0, "description": "items in data"}},
			{"source", str("the real upstream(s) the data came from, or \"local analysis\"")},
			{"generated_at", map[string]any{"type": "string", "format": "date-time"}},
			{"sandbox", map[string]any{"type": "boolean", "description": "present and true on a sandbox instance"}},
		},
	}
}

func buyerSchema() map[string]any {
	return map[string]any{
		"type":     "object",
		"required": []string{"payer", "paid_usd", "tx", "network"},
		"properties": object{
			{"payer", str("the buyer's wallet")},
			{"paid_usd", str("the price paid, decimal dollars")},
			{"tx", str("settlement transaction hash")},
			{"network", str("CAIP-2 chain identifier")},
		},
	}
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	rawType       = reflect.TypeFor[json.RawMessage]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
)

// TypeSchema is the JSON Schema of what encoding/json writes for a value of
// type ty: struct fields by their json tags (omitempty fields are not
// required), pointers, slices and maps nullable (nil encodes as null), time
// as a date-time string. Types with their own MarshalJSON and interfaces
// admit any value: their form is not in the type.
func TypeSchema(ty reflect.Type) map[string]any {
	return typeSchema(ty, map[reflect.Type]bool{})
}

func typeSchema(ty reflect.Type, open map[reflect.Type]bool) map[string]any {
	switch {
	case ty == nil || ty == rawType || ty.Kind() == reflect.Interface:
		return map[string]any{}
	case ty == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case ty.Implements(marshalerType) || reflect.PointerTo(ty).Implements(marshalerType):
		return map[string]any{}
	}
	switch ty.Kind() {
	case reflect.Pointer:
		return nullable(typeSchema(ty.Elem(), open))
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice:
		if ty.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": []string{"string", "null"}, "contentEncoding": "base64"}
		}
		return map[string]any{"type": []string{"array", "null"}, "items": typeSchema(ty.Elem(), open)}
	case reflect.Array:
		return map[string]any{"type": "array", "items": typeSchema(ty.Elem(), open),
			"minItems": ty.Len(), "maxItems": ty.Len()}
	case reflect.Map:
		return map[string]any{"type": []string{"object", "null"}, "additionalProperties": typeSchema(ty.Elem(), open)}
	case reflect.Struct:
		if open[ty] {
			return map[string]any{"type": "object"} // a recursive type: its depth is not in the type
		}
		open[ty] = true
		defer delete(open, ty)
		props, required := object{}, []string{}
		structFields(ty, open, &props, &required)
		s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			s["required"] = required
		}
		return s
	}
	return map[string]any{}
}

// structFields adds ty's encoded fields, promoting those of embedded structs
// as encoding/json does.
func structFields(ty reflect.Type, open map[reflect.Type]bool, props *object, required *[]string) {
	for i := range ty.NumField() {
		f := ty.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				structFields(et, open, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := typeSchema(f.Type, open)
		if hasOpt(opts, "string") {
			s = map[string]any{"type": "string"}
		}
		*props = append(*props, field{name, s})
		if !hasOpt(opts, "omitempty") && !hasOpt(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

func hasOpt(opts, name string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == name {
			return true
		}
	}
	return false
}

// nullable admits null besides what s admits.
func nullable(s map[string]any) map[string]any {
	switch ty := s["type"].(type) {
	case string:
		s["type"] = []string{ty, "null"}
	case []string:
		for _, t := range ty {
			if t == "null" {
				return s
			}
		}
		s["type"] = append(ty, "null")
	default:
		if len(s) > 0 {
			return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
	}
	return s
}

// MCPOutputSchema is the structured content of a tools/call result: the
// answer, or on an error result the x402 terms asking for payment or the
// error body. MCP clients check error results against it too.
func MCPOutputSchema(t *Tool) map[string]any {
	return map[string]any{
		"type": "object",
		"anyOf": []any{
			OutputSchema(t),
			map[string]any{"type": "object", "required": []string{"x402Version", "accepts"},
				"description": "payment required (isError): the x402 v2 PaymentRequired terms"},
			map[string]any{"type": "object", "required": []string{"error"},
				"description": "the call was refused (isError): {error: {code, message, fields}}"},
		},
	}
}
