package edge

import (
	"encoding/json"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// maxPlainDepth bounds how many objects and arrays plainObject reads one
// in another, the body's own included; deeper bodies are left to
// encoding/json, which has its own bound.
const maxPlainDepth = 32

// plainObject reads a body written plainly: one object, white space only
// where JSON allows it, nesting at most maxPlainDepth deep, strings
// without escapes (the body is valid UTF-8, which parseObject checked
// first). Anything else (ok false) is left to encoding/json, which also
// words every refusal: what this accepts it decodes exactly as
// encoding/json with UseNumber decodes the same bytes, as FuzzPlainObject
// checks. It exists because the decoder's setup and copies cost an unpaid
// call more than its validation does. Keys naming one of params take the
// parameter's name, so a call's usual keys cost no copy.
func plainObject(body []byte, params []registry.Param) (map[string]any, bool) {
	s := bodyScanner{Lexer: x402.NewLexer(body), params: params}
	if s.Peek() != '{' {
		return nil, false
	}
	v, ok := s.value(0)
	if !ok || !s.End() {
		return nil, false
	}
	return v.(map[string]any), true
}

type bodyScanner struct {
	x402.Lexer
	params []registry.Param // the top level's expected keys
}

func (s *bodyScanner) value(depth int) (any, bool) {
	if depth > maxPlainDepth {
		return nil, false
	}
	switch s.Peek() {
	case '{':
		return s.object(depth)
	case '[':
		return s.array(depth)
	case '"':
		v, ok := s.Plain(false)
		return string(v), ok
	case 't':
		return true, s.Literal("true")
	case 'f':
		return false, s.Literal("false")
	case 'n':
		return nil, s.Literal("null")
	}
	v, ok := s.Number()
	return json.Number(v), ok
}

// object reads an object; a key met twice keeps its last value, as
// encoding/json keeps it.
func (s *bodyScanner) object(depth int) (any, bool) {
	s.Next() // the opening brace
	obj := map[string]any{}
	ok := s.Items('}', func() bool {
		if s.Peek() != '"' {
			return false
		}
		key, ok := s.Plain(false)
		if !ok || !s.Eat(':') {
			return false
		}
		v, ok := s.value(depth + 1)
		obj[s.name(key, depth)] = v
		return ok
	})
	return obj, ok
}

// name is key as a string: a top-level key naming a parameter shares the
// parameter's name.
func (s *bodyScanner) name(key []byte, depth int) string {
	if depth == 0 {
		for _, p := range s.params {
			if p.Name == string(key) {
				return p.Name
			}
		}
	}
	return string(key)
}

func (s *bodyScanner) array(depth int) (any, bool) {
	s.Next() // the opening bracket
	items := make([]any, 0)
	ok := s.Items(']', func() bool {
		v, ok := s.value(depth + 1)
		items = append(items, v)
		return ok
	})
	return items, ok
}
