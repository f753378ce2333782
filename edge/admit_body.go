package edge

import (
	"encoding/json"

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
	s := bodyScanner{b: body, params: params}
	if s.peek() != '{' {
		return nil, false
	}
	v, ok := s.value(0)
	if s.space(); !ok || s.i != len(s.b) {
		return nil, false
	}
	return v.(map[string]any), true
}

type bodyScanner struct {
	b      []byte
	i      int
	params []registry.Param // the top level's expected keys
}

func (s *bodyScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek is the next byte after white space, 0 at the end.
func (s *bodyScanner) peek() byte {
	s.space()
	if s.i == len(s.b) {
		return 0
	}
	return s.b[s.i]
}

func (s *bodyScanner) eat(c byte) bool {
	if s.peek() != c {
		return false
	}
	s.i++
	return true
}

func (s *bodyScanner) value(depth int) (any, bool) {
	if depth > maxPlainDepth {
		return nil, false
	}
	switch s.peek() {
	case '{':
		return s.object(depth)
	case '[':
		return s.array(depth)
	case '"':
		v, ok := s.plain()
		return string(v), ok
	case 't':
		return true, s.literal("true")
	case 'f':
		return false, s.literal("false")
	case 'n':
		return nil, s.literal("null")
	}
	start := s.i
	if !s.number() {
		return nil, false
	}
	return json.Number(s.b[start:s.i]), true
}

// object reads an object; a key met twice keeps its last value, as
// encoding/json keeps it.
func (s *bodyScanner) object(depth int) (any, bool) {
	s.i++ // the opening brace
	obj := map[string]any{}
	if s.eat('}') {
		return obj, true
	}
	for {
		if s.peek() != '"' {
			return nil, false
		}
		key, ok := s.plain()
		if !ok || !s.eat(':') {
			return nil, false
		}
		v, ok := s.value(depth + 1)
		if !ok {
			return nil, false
		}
		obj[s.name(key, depth)] = v
		if s.eat('}') {
			return obj, true
		}
		if !s.eat(',') {
			return nil, false
		}
	}
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
	s.i++ // the opening bracket
	items := make([]any, 0)
	if s.eat(']') {
		return items, true
	}
	for {
		v, ok := s.value(depth + 1)
		if !ok {
			return nil, false
		}
		items = append(items, v)
		if s.eat(']') {
			return items, true
		}
		if !s.eat(',') {
			return nil, false
		}
	}
}

// plain reads a string at s.i without escapes or control bytes; its bytes
// stay in the body.
func (s *bodyScanner) plain() ([]byte, bool) {
	s.i++ // the opening quote
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

func (s *bodyScanner) literal(lit string) bool {
	if len(s.b)-s.i < len(lit) || string(s.b[s.i:s.i+len(lit)]) != lit {
		return false
	}
	s.i += len(lit)
	return true
}

// number passes over a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *bodyScanner) number() bool {
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if s.digits() == 0 {
		return false
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			return false
		}
	}
	return true
}

func (s *bodyScanner) digits() int {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}
