package registry

// Args are validated arguments: string, int64, float64, bool, []any, or
// map[string]any for pasted JSON objects, or the form a tool's Check made of
// a field (a parsed URL, a date). Absent optional fields without a default
// are missing from the map.
type Args map[string]any

// Has reports whether the field was given or defaulted.
func (a Args) Has(name string) bool { _, ok := a[name]; return ok }

// String returns a string field, or "" when absent.
func (a Args) String(name string) string { s, _ := a[name].(string); return s }

// Int returns an integer field, or 0 when absent.
func (a Args) Int(name string) int { n, _ := a[name].(int64); return int(n) }

// Float returns a number field, or 0 when absent.
func (a Args) Float(name string) float64 { f, _ := a[name].(float64); return f }

// Bool returns a boolean field, or false when absent.
func (a Args) Bool(name string) bool { b, _ := a[name].(bool); return b }

// Strings returns an array-of-string field, or nil when absent.
func (a Args) Strings(name string) []string {
	items, _ := a[name].([]any)
	out := make([]string, 0, len(items))
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Raw returns a field as validated, e.g. pasted JSON as an object or a string.
func (a Args) Raw(name string) any { return a[name] }

// Parsed returns the form a tool's Check stored for a field, or T's zero
// value when the field is absent.
func Parsed[T any](a Args, name string) T { v, _ := a[name].(T); return v }
