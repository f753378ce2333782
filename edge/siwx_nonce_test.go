package edge

import (
	"strings"
	"testing"
	"time"
)

// A nonce opens, to the expiry it sealed, only under the key that sealed
// it and only as sealed; two nonces are never the same.
func TestNonceSealsItsExpiry(t *testing.T) {
	key, other := []byte(strings.Repeat("k", 32)), []byte(strings.Repeat("o", 32))
	expires := time.Date(2026, 11, 27, 10, 5, 0, 123e6, time.UTC)
	n := sealNonce(key, expires)
	if len(n) != 64 || n == sealNonce(key, expires) {
		t.Fatalf("nonce %q: want 64 hex digits, fresh each time", n)
	}
	if got, ok := openNonce(key, n); !ok || !got.Equal(expires) {
		t.Fatalf("open: %v, %v; want %v", got, ok, expires)
	}
	flip := func(i int) string {
		b := []byte(n)
		b[i] = "01"[map[bool]int{true: 1}[b[i] == '0']]
		return string(b)
	}
	for what, bad := range map[string]string{
		"another key's":      sealNonce(other, expires),
		"a later expiry":     flip(15),
		"its random part":    flip(20),
		"its seal":           flip(63),
		"shortened":          n[:62],
		"not hex":            "zz" + n[2:],
		"the spec's example": "a1b2c3d4e5f67890a1b2c3d4e5f67890",
	} {
		if _, ok := openNonce(key, bad); ok {
			t.Errorf("%s nonce %q opens", what, bad)
		}
	}
}
