package upstreams

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Num is a number that sources send as a JSON number or as a numeric string.
// Missing values, written null, "", "." or "null", decode as 0; FRED writes
// "." for a missing observation.
type Num float64

func (n *Num) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(bytes.TrimSpace(b), `"`))
	switch s {
	case "", ".", "null":
		*n = 0
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("not a number: %s", b)
	}
	*n = Num(f)
	return nil
}

// DecodeJSON decodes a source's JSON answer into v (a pointer). Every member
// tagged `json:"name,required"`, at any depth, must be present and not null:
// an error object or another envelope answered with 200 then fails here
// instead of decoding to empty data a buyer would pay for. A body that is not
// JSON, null, mistyped or missing a required member is a BadAnswer whose
// message names the member but never repeats the body.
func DecodeJSON(source string, body []byte, v any) error {
	body = bytes.TrimSpace(body)
	if bytes.Equal(body, []byte("null")) {
		return Errorf(source, BadAnswer, "the answer is null")
	}
	if err := json.Unmarshal(body, v); err != nil {
		if e, ok := AsError(err); ok {
			return e // from a member type that decodes itself with DecodeJSON
		}
		return Errorf(source, BadAnswer, "%s", problem(err))
	}
	if path := shapeOf(reflect.TypeOf(v).Elem()).missing(body); path != "" {
		return Errorf(source, BadAnswer, "the answer has no %s", path)
	}
	return nil
}

// EmptyObject reports whether body is {}, which some sources answer for
// "none" where they would otherwise send an envelope.
func EmptyObject(body []byte) bool {
	var members map[string]json.RawMessage
	return json.Unmarshal(body, &members) == nil && members != nil && len(members) == 0
}

// problem says what is wrong with a body json.Unmarshal rejected.
func problem(err error) string {
	var mistyped *json.UnmarshalTypeError
	if errors.As(err, &mistyped) {
		where := "the answer"
		if mistyped.Field != "" {
			where = strconv.Quote(mistyped.Field)
		}
		return fmt.Sprintf("%s is %s %s, not %s", where, article(mistyped.Value), mistyped.Value, kindName(mistyped.Type))
	}
	return "answer does not decode"
}

func article(s string) string {
	if strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an"
	}
	return "a"
}

func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	default:
		return "a number"
	}
}

// shape is where a type requires members: its own members (for a struct) and
// those of its elements (for a slice, array or map). A nil *shape requires
// nothing, so answers of types without required tags are parsed once.
//
// mirror is a type that holds only that: a struct with one field per member
// of interest (a seen flag for a leaf, a pointer to the member's mirror
// otherwise), or a slice or map of pointers to the element's mirror. Decoding
// an answer into it lets encoding/json skip everything else.
type shape struct {
	mirror  reflect.Type
	members []member // field i of a struct mirror
	elem    *shape
}

type member struct {
	name     string
	required bool
	shape    *shape // nil for a leaf
}

// seen records that a member was present and not null.
type seen bool

func (s *seen) UnmarshalJSON(b []byte) error {
	*s = seen(!bytes.Equal(b, []byte("null")))
	return nil
}

var (
	shapes    sync.Map // reflect.Type → *shape
	unmarshal = reflect.TypeFor[json.Unmarshaler]()
	seenType  = reflect.TypeFor[seen]()
)

func shapeOf(t reflect.Type) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	s := build(t, map[reflect.Type]bool{})
	shapes.Store(t, s)
	return s
}

// build derives a type's shape; a type seen again below itself (a tree)
// requires nothing there. Types that decode themselves are taken as they are.
func build(t reflect.Type, visiting map[reflect.Type]bool) *shape {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if visiting[t] || t.Implements(unmarshal) || reflect.PointerTo(t).Implements(unmarshal) {
		return nil
	}
	visiting[t] = true
	defer delete(visiting, t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if e := build(t.Elem(), visiting); e != nil {
			return &shape{mirror: reflect.SliceOf(reflect.PointerTo(e.mirror)), elem: e}
		}
	case reflect.Map:
		if e := build(t.Elem(), visiting); e != nil {
			return &shape{mirror: reflect.MapOf(reflect.TypeFor[string](), reflect.PointerTo(e.mirror)), elem: e}
		}
	case reflect.Struct:
		var s shape
		s.addMembers(t, visiting, map[string]bool{})
		if len(s.members) == 0 {
			return nil
		}
		fields := make([]reflect.StructField, len(s.members))
		for i, m := range s.members {
			ft := seenType
			if m.shape != nil {
				ft = reflect.PointerTo(m.shape.mirror)
			}
			fields[i] = reflect.StructField{Name: fmt.Sprintf("M%d", i), Type: ft, Tag: reflect.StructTag(fmt.Sprintf("json:%q", m.name))}
		}
		s.mirror = reflect.StructOf(fields)
		return &s
	}
	return nil
}

// addMembers adds t's members of interest. As in encoding/json, a struct's
// own members hide those of the structs it embeds.
func (s *shape) addMembers(t reflect.Type, visiting map[reflect.Type]bool, named map[string]bool) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			embedded = append(embedded, ft)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if named[name] {
			continue
		}
		named[name] = true
		if m := (member{name: name, required: hasOption(opts, "required"), shape: build(f.Type, visiting)}); m.required || m.shape != nil {
			s.members = append(s.members, m)
		}
	}
	for _, et := range embedded {
		s.addMembers(et, visiting, named)
	}
}

func hasOption(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// missing returns the path of the first required member body lacks, or "".
// body has already decoded into the shape's type, so it is well-formed.
func (s *shape) missing(body []byte) string {
	if s == nil {
		return ""
	}
	v := reflect.New(s.mirror)
	if err := json.Unmarshal(body, v.Interface()); err != nil {
		return "expected shape"
	}
	return s.walk(v.Elem(), "")
}

func (s *shape) walk(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Slice:
		for i := range v.Len() {
			if e := v.Index(i); !e.IsNil() {
				if p := s.elem.walk(e.Elem(), fmt.Sprintf("%s[%d]", path, i)); p != "" {
					return p
				}
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if e := it.Value(); !e.IsNil() {
				if p := s.elem.walk(e.Elem(), join(path, it.Key().String())); p != "" {
					return p
				}
			}
		}
	case reflect.Struct:
		for i, m := range s.members {
			f, at := v.Field(i), join(path, m.name)
			present := f.Kind() == reflect.Bool && f.Bool() || f.Kind() == reflect.Pointer && !f.IsNil()
			switch {
			case !present && m.required:
				return strconv.Quote(at)
			case present && m.shape != nil:
				if p := m.shape.walk(f.Elem(), at); p != "" {
					return p
				}
			}
		}
	}
	return ""
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
