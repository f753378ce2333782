package edge

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// FuzzCanonical checks appendCanonical against json.Marshal on any JSON
// document, read three ways: numbers as json.Number (a request body), as
// float64, and as int64 where they are whole (validated arguments).
// Seeds: every tool's example and strings encoding/json escapes.
func FuzzCanonical(f *testing.F) {
	seedExamples(f)
	for _, s := range []string{`{"a":"<b>&\u2028\n\u0000é\ufffd","":[]}`, `[0,-0,1.5e300,1e-7,0.000001,-12.50,1E2,null,true]`, `{"b":{},"a":[{}],"c":"x\"\\"}`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		d := json.NewDecoder(bytes.NewReader(doc))
		d.UseNumber()
		var numbers, floats any
		if d.Decode(&numbers) != nil || json.Unmarshal(doc, &floats) != nil {
			return
		}
		for _, v := range []any{numbers, floats, wholeAsInt(floats)} {
			want, wantErr := json.Marshal(v)
			got, err := appendCanonical(nil, v)
			if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
				t.Fatalf("%q as %#v: %s (%v), json.Marshal: %s (%v)", doc, v, got, err, want, wantErr)
			}
		}
	})
}

// wholeAsInt is v with its whole float64 numbers as int64, as validated
// integer arguments are.
func wholeAsInt(v any) any {
	switch v := v.(type) {
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return int64(v)
		}
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = wholeAsInt(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = wholeAsInt(e)
		}
		return out
	}
	return v
}
