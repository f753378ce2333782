package edge

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/coinslot/coinslot/registry"
)

func TestPlainObject(t *testing.T) {
	params := []registry.Param{registry.Str("query"), registry.Int("limit")}
	for _, c := range []struct {
		body string
		want map[string]any // nil: left to encoding/json
	}{
		{`{}`, map[string]any{}},
		{" \t\r\n{ \"query\" : \"café\" , \"limit\":10 }\n ", map[string]any{"query": "café", "limit": json.Number("10")}},
		{`{"a":-0.5e+3,"b":0,"c":1E2,"d":true,"e":false,"f":null}`,
			map[string]any{"a": json.Number("-0.5e+3"), "b": json.Number("0"), "c": json.Number("1E2"), "d": true, "e": false, "f": nil}},
		{`{"a":[],"b":{},"c":[1,"x",[null],{"d":[]}]}`,
			map[string]any{"a": []any{}, "b": map[string]any{}, "c": []any{json.Number("1"), "x", []any{nil}, map[string]any{"d": []any{}}}}},
		{`{"limit":1,"limit":2}`, map[string]any{"limit": json.Number("2")}},
		{`{"query":"a\"b"}`, nil},
		{`{"q\u0075ery":1}`, nil},
		{"{\"query\":\"a\tb\"}", nil},
		{`{"a":01}`, nil},
		{`{"a":1.}`, nil},
		{`{"a":-}`, nil},
		{`{"a":1e}`, nil},
		{`{"a":tru}`, nil},
		{`{"a":1,}`, nil},
		{`{"a" 1}`, nil},
		{`{"a":1}{}`, nil},
		{`{"a":1} x`, nil},
		{`[1]`, nil},
		{"\ufeff{}", nil},
		{"{}\f", nil},
		{`{"a":` + deep(maxPlainDepth-1) + `}`, map[string]any{"a": nested(maxPlainDepth - 1)}},
		{`{"a":` + deep(maxPlainDepth) + `}`, nil},
	} {
		got, ok := plainObject([]byte(c.body), params)
		if ok != (c.want != nil) || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %#v, %v; want %#v", c.body, got, ok, c.want)
		}
	}
}

// deep is n arrays, each in the one before.
func deep(n int) string {
	s := "1"
	for range n {
		s = "[" + s + "]"
	}
	return s
}

func nested(n int) any {
	var v any = json.Number("1")
	for range n {
		v = []any{v}
	}
	return v
}

// FuzzPlainObject checks the one-pass body reader against encoding/json:
// a body it accepts decodes the same with encoding/json, as one object.
// Seeds: every tool's example.
func FuzzPlainObject(f *testing.F) {
	seedExamples(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		if !utf8.Valid(body) {
			return // parseObject refuses it first
		}
		got, ok := plainObject(body, nil)
		if !ok {
			return
		}
		want, problem := decodeObject(body)
		if problem != "" || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: read as %#v; encoding/json reads %#v (%s)", body, got, want, problem)
		}
	})
}

// seedExamples adds every tool's example, as JSON, to f's seeds.
func seedExamples(f *testing.F) {
	for _, t := range registry.All() {
		b, err := json.Marshal(t.Example)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}
