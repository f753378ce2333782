package registry

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Type is a parameter's JSON type.
type Type string

const (
	String         Type = "string"
	Integer        Type = "integer"
	Number         Type = "number"
	Boolean        Type = "boolean"
	Array          Type = "array"            // of Param.Items
	ObjectOrString Type = "object or string" // pasted JSON, as an object or as its text
	NumberOrString Type = "number or string" // a decimal amount, e.g. a price
)

// Param is one request field. Declare it with the constructors below and
// chain the refinements: Int("limit").Range(10, 200).WithDefault(100).
type Param struct {
	Name     string
	Type     Type
	Required bool
	Default  any // typed as the parameter: string, int64, float64 or bool
	Min, Max *float64
	MinLen   int // strings: characters
	MaxLen   int
	Enum     []string
	Items    Type // element type of an array
	MaxItems int
	Doc      string // what the value means, e.g. "event slug"
	// Pattern restricts a string (or each string item) to a regular
	// expression, checked before any payment and published in the schema;
	// PatternDoc says in words what matches, for the error.
	Pattern    string
	PatternDoc string
	re         *regexp.Regexp
}

// Str declares a string parameter.
func Str(name string) Param { return Param{Name: name, Type: String} }

// Int declares an integer parameter.
func Int(name string) Param { return Param{Name: name, Type: Integer} }

// Num declares a number parameter.
func Num(name string) Param { return Param{Name: name, Type: Number} }

// Bool declares a boolean parameter.
func Bool(name string) Param { return Param{Name: name, Type: Boolean} }

// List declares an array parameter whose elements have type items.
func List(name string, items Type) Param { return Param{Name: name, Type: Array, Items: items} }

// JSONText declares a parameter that takes pasted JSON as an object or a string.
func JSONText(name string) Param { return Param{Name: name, Type: ObjectOrString} }

// Amount declares a decimal amount given as a number or a string.
func Amount(name string) Param { return Param{Name: name, Type: NumberOrString} }

// Req marks the parameter required.
func (p Param) Req() Param { p.Required = true; return p }

// Range bounds a number or integer inclusively.
func (p Param) Range(lo, hi float64) Param { p.Min, p.Max = &lo, &hi; return p }

// AtLeast bounds a number or integer from below only.
func (p Param) AtLeast(lo float64) Param { p.Min = &lo; return p }

// AtMost bounds a number or integer from above only.
func (p Param) AtMost(hi float64) Param { p.Max = &hi; return p }

// Len bounds a string's length in characters.
func (p Param) Len(lo, hi int) Param { p.MinLen, p.MaxLen = lo, hi; return p }

// OneOf restricts a string to the given values.
func (p Param) OneOf(values ...string) Param { p.Enum = values; return p }

// Matching restricts a string, or each string of an array, to the regular
// expression expr (RE2 syntax that is also valid ECMA-262, anchored with ^
// and $); what describes a match for the error, e.g. "an owner/repo name".
func (p Param) Matching(expr, what string) Param {
	p.Pattern, p.PatternDoc, p.re = expr, what, regexp.MustCompile(expr)
	return p
}

// Most caps an array's length.
func (p Param) Most(n int) Param { p.MaxItems = n; return p }

// Describe sets what the value means.
func (p Param) Describe(doc string) Param { p.Doc = doc; return p }

// WithDefault sets the value used when the field is absent, stored in the
// form validated input takes (a number parameter's 1000 as float64 1000, an
// integer's as int64), so a handler reads a default as it reads a given
// value. Register refuses a default the parameter would refuse.
func (p Param) WithDefault(v any) Param {
	if val, _ := p.coerce(v); val != nil {
		v = val
	}
	p.Default = v
	return p
}

// Hint is the one-line description the interface shows for a parameter,
// e.g. "optional integer 3-20; default 15".
func (p Param) Hint() string {
	var b strings.Builder
	if p.Required {
		b.WriteString("required ")
	} else {
		b.WriteString("optional ")
	}
	switch {
	case p.Type == Array:
		fmt.Fprintf(&b, "array of %s", p.Items)
		if p.MaxItems > 0 {
			fmt.Fprintf(&b, ", at most %d", p.MaxItems)
		}
	case len(p.Enum) > 0:
		fmt.Fprintf(&b, "one of %s", strings.Join(p.Enum, ", "))
	default:
		b.WriteString(string(p.Type))
	}
	switch {
	case p.Min != nil && p.Max != nil:
		fmt.Fprintf(&b, " %s-%s", fmtBound(*p.Min), fmtBound(*p.Max))
	case p.Min != nil:
		fmt.Fprintf(&b, " >= %s", fmtBound(*p.Min))
	case p.Max != nil:
		fmt.Fprintf(&b, " <= %s", fmtBound(*p.Max))
	}
	switch {
	case p.MinLen > 0 && p.MaxLen > 0:
		fmt.Fprintf(&b, ", %d-%d characters", p.MinLen, p.MaxLen)
	case p.MaxLen > 0:
		fmt.Fprintf(&b, ", at most %d characters", p.MaxLen)
	}
	if p.Doc != "" {
		b.WriteString(" (" + p.Doc + ")")
	}
	if p.Default != nil {
		fmt.Fprintf(&b, "; default %s", fmtValue(p.Default))
	}
	return b.String()
}

func fmtBound(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func fmtValue(v any) string {
	switch v := v.(type) {
	case float64:
		return fmtBound(v)
	default:
		return fmt.Sprint(v)
	}
}
