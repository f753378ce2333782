package x402

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"
)

// Payments arrive from anyone, in a header or as an MCP object. Whatever the
// bytes, decoding must not panic, must refuse with a Refusal (an x402 reason
// and a message), and a payment it accepts must be of exactly one version,
// read the same again once re-encoded. Seeds: testdata/fuzz/<name>.

func FuzzDecodePayment(f *testing.F) {
	f.Add(HeaderSignature, base64.StdEncoding.EncodeToString([]byte(vectorPayload)))
	f.Fuzz(func(t *testing.T, header, value string) {
		p, err := DecodePayment(header, value)
		want := 2
		if header == HeaderPaymentV1 {
			want = 1
		}
		if !checkDecoded(t, p, err, want) {
			return
		}
		again, err := DecodePayment(header, reencode(t, p))
		if err != nil || again.Version() != want {
			t.Fatalf("a decoded payment does not decode again: %v", err)
		}
	})
}

func FuzzDecodePaymentObject(f *testing.F) {
	f.Add([]byte(vectorPayload))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := DecodePaymentObject(raw, "_meta.x402/payment")
		if !checkDecoded(t, p, err, 0) {
			return
		}
		b, _ := base64.StdEncoding.DecodeString(reencode(t, p))
		again, err := DecodePaymentObject(b, "_meta.x402/payment")
		if err != nil || again.Version() != p.Version() {
			t.Fatalf("a decoded payment does not decode again: %v", err)
		}
	})
}

// checkDecoded checks one decoder answer and says whether it is a payment;
// version is the one it must have, or 0 for either.
func checkDecoded(t *testing.T, p *Payment, err error, version int) bool {
	t.Helper()
	if err != nil {
		var r *Refusal
		if !errors.As(err, &r) || r.Reason == "" || r.Message == "" || p != nil {
			t.Fatalf("refused with %T %v and payment %v", err, err, p)
		}
		return false
	}
	if p == nil || (p.V1 == nil) == (p.V2 == nil) {
		t.Fatalf("accepted %+v: want exactly one version", p)
	}
	if version != 0 && p.Version() != version {
		t.Fatalf("accepted version %d, want %d", p.Version(), version)
	}
	if p.Exact() == nil || p.ResponseHeader() == "" {
		t.Fatalf("accepted %+v without exact terms or a response header", p)
	}
	return true
}

// reencode is the payment's payload as a header value.
func reencode(t *testing.T, p *Payment) string {
	t.Helper()
	var v any = p.V2
	if p.V1 != nil {
		v = p.V1
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("a decoded payment does not encode: %v", err)
	}
	return base64.StdEncoding.EncodeToString(b)
}

// Whatever the bytes, a header's base64 decodes as encoding/base64 decodes it.
func FuzzHeaderBase64(f *testing.F) {
	f.Add([]byte(base64.StdEncoding.EncodeToString([]byte(vectorPayload))))
	f.Add([]byte(base64.RawURLEncoding.EncodeToString([]byte(vectorPayload))))
	f.Fuzz(sameAsEncodingBase64)
}
