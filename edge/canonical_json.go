package edge

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// appendCanonical appends v as json.Marshal encodes it (keys sorted, no
// spacing, HTML characters escaped), without its reflection: a request's
// arguments are maps of decoded JSON, and their encoding is part of every
// paid call's request key. Strings are written by ledger.AppendJSONString;
// values of other types and numbers that are not JSON's go through
// json.Marshal.
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
		return ledger.AppendJSONString(dst, v), nil
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
			if dst, err = appendCanonical(append(ledger.AppendJSONString(dst, k), ':'), v[k]); err != nil {
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

// validNumber: n is one JSON number and nothing else, which encoding/json
// copies as it is.
func validNumber(n json.Number) bool {
	l := x402.NewLexer([]byte(n))
	v, ok := l.Number()
	return ok && len(v) == len(n)
}
