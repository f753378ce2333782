package registry

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/coinslot/coinslot/lexical"
)

// FieldError names one bad request field and what is wrong with it, and
// for a name that names nothing, the known name it is closest to, for a
// client to retry with.
type FieldError struct {
	Name       string `json:"name"`
	Problem    string `json:"problem"`
	Suggestion string `json:"did_you_mean,omitempty"`
}

func (e FieldError) String() string { return e.Name + " " + e.Problem }

// Misnamed is the error of field, whose value name is none of known: the
// problem, and the known name closest to name when one is close enough to
// be a misspelling of it.
func Misnamed(field, name, problem string, known []string) FieldError {
	return Suggesting(field, problem, lexical.Closest(name, known))
}

// Suggesting is the error of field with problem, naming meant (if not "")
// in words and in Suggestion.
func Suggesting(field, problem, meant string) FieldError {
	return FieldError{Name: field, Problem: problem + lexical.DidYouMean(meant), Suggestion: meant}
}

// Validate checks a request object against the tool's parameters and returns
// the arguments with defaults filled in, or every problem at once: wrong types,
// bounds, lengths, enums, item counts, missing required fields, and fields the
// tool does not take; then the tool's Check, on input that passed them. in is
// a JSON object decoded with UseNumber (plain float64 numbers are accepted
// too); JSON null counts as absent.
func (t *Tool) Validate(in map[string]any) (Args, []FieldError) {
	return t.validate(in, make(Args, len(t.Params)))
}

// ValidateOwned is Validate for input the caller gives up: the arguments
// are built in in itself, which spares an unpaid call a second map.
func (t *Tool) ValidateOwned(in map[string]any) (Args, []FieldError) {
	return t.validate(in, Args(in))
}

// validate fills args from in; args may be in itself, as each parameter's
// value is read before it is replaced.
func (t *Tool) validate(in map[string]any, args Args) (Args, []FieldError) {
	var errs []FieldError
	for _, p := range t.Params {
		v, present := in[p.Name]
		if !present || v == nil {
			switch {
			case p.Required:
				errs = append(errs, FieldError{Name: p.Name, Problem: "is required"})
			case p.Default != nil:
				args[p.Name] = p.Default
			default:
				delete(args, p.Name) // a null sent
			}
			continue
		}
		val, problem := p.coerce(v)
		if problem != "" {
			errs = append(errs, FieldError{Name: p.Name, Problem: problem})
			continue
		}
		args[p.Name] = val
	}
	var unknown []string
	for name := range in {
		if _, ok := t.Param(name); !ok {
			unknown = append(unknown, name)
		}
	}
	sort.Strings(unknown)
	for _, name := range unknown {
		errs = append(errs, Misnamed(name, name, "is not a parameter of "+t.Name, t.paramNames()))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if t.Check != nil {
		if errs := t.Check(args); len(errs) > 0 {
			return nil, errs
		}
	}
	return args, nil
}

// coerce checks one present value and returns it in its Args form.
func (p Param) coerce(v any) (any, string) {
	switch p.Type {
	case String:
		s, ok := v.(string)
		if !ok {
			return nil, "must be a string"
		}
		return s, p.checkString(s)
	case Integer:
		n, ok := toNumber(v)
		if !ok || n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return nil, "must be an integer"
		}
		return int64(n), p.checkRange(n)
	case Number:
		n, ok := toNumber(v)
		if !ok {
			return nil, "must be a number"
		}
		return n, p.checkRange(n)
	case Boolean:
		b, ok := v.(bool)
		if !ok {
			return nil, "must be true or false"
		}
		return b, ""
	case Array:
		items, ok := v.([]any)
		if !ok {
			return nil, fmt.Sprintf("must be an array of %s", p.Items)
		}
		if p.MaxItems > 0 && len(items) > p.MaxItems {
			return nil, fmt.Sprintf("must have at most %d items", p.MaxItems)
		}
		elem := Param{Type: p.Items, Enum: p.Enum, Pattern: p.Pattern, PatternDoc: p.PatternDoc, re: p.re}
		out := make([]any, len(items))
		for i, item := range items {
			val, problem := elem.coerce(item)
			if problem != "" {
				return nil, fmt.Sprintf("item %d %s", i+1, problem)
			}
			out[i] = val
		}
		return out, ""
	case ObjectOrString:
		switch v := v.(type) {
		case map[string]any:
			return v, ""
		case string:
			return v, p.checkString(v)
		}
		return nil, "must be a JSON object or a string"
	case NumberOrString:
		var text string
		switch v := v.(type) {
		case json.Number:
			text = v.String()
		case float64:
			text = fmtBound(v)
		case string:
			text = strings.TrimPrefix(strings.TrimSpace(v), "$")
		default:
			return nil, "must be a decimal amount (number or string)"
		}
		r, ok := new(big.Rat).SetString(text)
		if !ok || r.Sign() < 0 {
			return nil, "must be a non-negative decimal amount"
		}
		return text, ""
	}
	return nil, "has an undeclared type"
}

func toNumber(v any) (float64, bool) {
	switch v := v.(type) {
	case json.Number:
		f, err := v.Float64()
		return f, err == nil
	case float64:
		return v, true
	case int64:
		return float64(v), true
	case int:
		return float64(v), true
	}
	return 0, false
}

func (p Param) checkString(s string) string {
	if len(p.Enum) > 0 && !slices.Contains(p.Enum, s) {
		return "must be one of: " + strings.Join(p.Enum, ", ")
	}
	n := utf8.RuneCountInString(s)
	if p.re != nil && !p.re.MatchString(s) {
		return "must be " + p.PatternDoc
	}
	switch {
	case p.Required && strings.TrimSpace(s) == "":
		return "must not be empty"
	case p.MinLen > 0 && p.MaxLen > 0 && (n < p.MinLen || n > p.MaxLen):
		return fmt.Sprintf("must be %d-%d characters", p.MinLen, p.MaxLen)
	case p.MaxLen > 0 && n > p.MaxLen:
		return fmt.Sprintf("must be at most %d characters", p.MaxLen)
	}
	return ""
}

func (p Param) checkRange(n float64) string {
	switch {
	case p.Min != nil && p.Max != nil && (n < *p.Min || n > *p.Max):
		return fmt.Sprintf("must be between %s and %s", fmtBound(*p.Min), fmtBound(*p.Max))
	case p.Min != nil && n < *p.Min:
		return "must be at least " + fmtBound(*p.Min)
	case p.Max != nil && n > *p.Max:
		return "must be at most " + fmtBound(*p.Max)
	}
	return ""
}

// Bad is one bad field, as a Check reports it.
func Bad(name, problem string) []FieldError { return []FieldError{{Name: name, Problem: problem}} }

// InputError is input that passed Validate but that the handler finds it
// cannot serve for a reason only the call reveals (a page that is not
// HTML, a date beyond the rules at the call's clock). The edge answers 400
// invalid_params with Fields, and the buyer is not charged.
type InputError struct{ Fields []FieldError }

func (e *InputError) Error() string { return e.Fields[0].String() }

// Invalid reports one bad field.
func Invalid(name, problem string) *InputError {
	return &InputError{[]FieldError{{Name: name, Problem: problem}}}
}
