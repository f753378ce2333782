package registry

import (
	"bytes"
	"encoding/json"
	"strings"
)

// object is a JSON object that keeps its keys in the order given, so documents
// list parameters as declared and endpoints as the interface does.
type object []field

type field struct {
	Key   string
	Value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // "Web & Leads" stays readable
		if err := enc.Encode(f.Key); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1) // Encode's newline
		b.WriteByte(':')
		if err := enc.Encode(f.Value); err != nil {
			return nil, err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// hints maps each parameter to its hint, in declaration order; {} for none.
func hints(t *Tool) object {
	o := make(object, 0, len(t.Params))
	for _, p := range t.Params {
		o = append(o, field{p.Name, p.Hint()})
	}
	return o
}

// example is the tool's sample input, {} when it takes none.
func example(t *Tool) map[string]any {
	if t.Example == nil {
		return map[string]any{}
	}
	return t.Example
}

// compact renders v as one line of JSON, HTML characters left as they are.
func compact(v any) (string, error) {
	b, err := encode(v, "")
	return strings.TrimSuffix(string(b), "\n"), err
}

// indent renders a document the way it is served: two-space indented JSON
// with a final newline, HTML characters left as they are.
func indent(v any) ([]byte, error) { return encode(v, "  ") }

func encode(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
