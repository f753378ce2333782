package edge

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/coinslot/coinslot/edge/x402"
)

// appendCanonical appends v as json.Marshal encodes it (keys sorted, no
// spacing, HTML characters escaped), without its reflection: a request's
// arguments are maps of decoded JSON, and their encoding is part of every
// paid call's request key. Values of other types, strings that need
// escaping and numbers that are not JSON's go through json.Marshal.
func appendCanonical(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case bool:
		if v {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case string:
		return appendString(dst, v), nil
	case json.Number:
		if validNumber(v) {
			return append(dst, v...), nil
		}
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case float64:
		// encoding/json's own form for magnitudes it writes without an
		// exponent; the others, and NaN and the infinities it refuses,
		// go through it.
		if abs := math.Abs(v); abs == 0 || (abs >= 1e-6 && abs < 1e21) {
			return strconv.AppendFloat(dst, v, 'f', -1, 64), nil
		}
	case map[string]any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendCanonical(append(appendString(dst, k), ':'), v[k]); err != nil {
				return nil, err
			}
		}
		return append(dst, '}'), nil
	case []any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		dst = append(dst, '[')
		for i, e := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendCanonical(dst, e); err != nil {
				return nil, err
			}
		}
		return append(dst, ']'), nil
	}
	b, err := json.Marshal(v)
	return append(dst, b...), err
}

// appendString appends s as encoding/json spells it.
func appendString(dst []byte, s string) []byte {
	if plainString(s) {
		return append(append(append(dst, '"'), s...), '"')
	}
	b, _ := json.Marshal(s) // a string always encodes
	return append(dst, b...)
}

// plainString: every byte printable ASCII that encoding/json writes as it
// is (not a quote, a backslash or one of <, >, &, which it escapes).
func plainString(s string) bool {
	for i := range len(s) {
		switch c := s[i]; {
		case c < 0x20 || c > 0x7e, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// validNumber: n is one JSON number and nothing else, which encoding/json
// copies as it is.
func validNumber(n json.Number) bool {
	l := x402.NewLexer([]byte(n))
	v, ok := l.Number()
	return ok && len(v) == len(n)
}
