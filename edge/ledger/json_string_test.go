package ledger

import (
	"bytes"
	"encoding/json"
	"testing"
)

// Whatever its bytes, a string is appended as json.Marshal writes it, and
// what was before it is left as it was.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "q\"b\\", "\x00\x08\x0c\x1f\x7f\n\r\t", "<a&b>", "é", "\xff\xfe", "\u2028x\u2029", `POST /paid/x {"q":"a\\b"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		got := AppendJSONString([]byte("x"), s)
		if got[0] != 'x' || !bytes.Equal(got[1:], want) {
			t.Fatalf("%q: %s, json.Marshal: %s", s, got, want)
		}
	})
}
