package x402

import (
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The v2 payload of the Base vector, as the research notes print it.
const vectorPayload = `{"accepted":{"amount":"10000","asset":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","extra":{"name":"USD Coin","version":"2"},"maxTimeoutSeconds":60,"network":"eip155:8453","payTo":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","scheme":"exact"},"payload":{"authorization":{"from":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","nonce":"0x0101010101010101010101010101010101010101010101010101010101010101","to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","validAfter":"1740000000","validBefore":"1740000060","value":"10000"},"signature":"0xa80bfc197ef3b8dbde69fb00b52ac1a63080dec8a40b4d05bd36027fb4e2998d69a99fcad4363b09abd9334653498051567182555787eea580cce39a3befbb061c"},"resource":{"description":"demo","mimeType":"application/json","url":"http://localhost:8080/paid"},"x402Version":2}`

func TestDecodeAcceptsEveryBase64Form(t *testing.T) {
	for name, enc := range map[string]*base64.Encoding{"std": base64.StdEncoding, "raw": base64.RawStdEncoding, "url": base64.URLEncoding, "rawurl": base64.RawURLEncoding} {
		value := "  " + enc.EncodeToString([]byte(vectorPayload)) + "\n"
		p, err := DecodePayment(HeaderSignature, value)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Version() != 2 || p.Exact().Signature != vectorSignature || p.V2.Accepted.Extra["name"] != "USD Coin" || p.ResponseHeader() != HeaderResponse {
			t.Fatalf("%s: %+v", name, p.V2)
		}
	}
}

func TestDecodeRefusals(t *testing.T) {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	cases := []struct{ name, header, value, reason, message string }{
		{"empty", HeaderSignature, " ", ReasonInvalidPayload, "payment header is empty"},
		{"not base64", HeaderSignature, "e30=!", ReasonInvalidPayload, "payment header is not base64"},
		{"oversized", HeaderSignature, strings.Repeat("A", MaxHeaderBytes+1), ReasonInvalidPayload, "payment header is 32769 bytes, at most 32768 are read"},
		{"not JSON", HeaderSignature, b64("hello"), ReasonInvalidPayload, "PAYMENT-SIGNATURE is not a JSON object: invalid JSON at byte 1"},
		{"no version", HeaderSignature, b64(`{}`), ReasonInvalidVersion, "PAYMENT-SIGNATURE carries x402Version 2 payments, got missing; send X-PAYMENT for x402Version 1"},
		{"v1 in v2", HeaderSignature, b64(`{"x402Version":1}`), ReasonInvalidVersion, "PAYMENT-SIGNATURE carries x402Version 2 payments, got 1; send X-PAYMENT for x402Version 1"},
		{"v2 in v1", HeaderPaymentV1, b64(vectorPayload), ReasonInvalidVersion, "X-PAYMENT carries x402Version 1 payments, got 2; send PAYMENT-SIGNATURE for x402Version 2"},
		{"unknown field", HeaderSignature, b64(strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":2,"memo":"hi"`, 1)), ReasonInvalidPayload, `PAYMENT-SIGNATURE: unknown field "memo"`},
		{"unknown authorization field", HeaderSignature, b64(strings.Replace(vectorPayload, `"value":"10000"`, `"value":"10000","fee":"1"`, 1)), ReasonInvalidPayload, `PAYMENT-SIGNATURE: unknown field "fee"`},
		{"number as value", HeaderSignature, b64(strings.Replace(vectorPayload, `"value":"10000"`, `"value":10000`, 1)), ReasonInvalidPayload, "PAYMENT-SIGNATURE: field payload.authorization.value has the wrong type (number)"},
		{"extensions not an object", HeaderSignature, b64(strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":2,"extensions":[1]`, 1)), ReasonInvalidPayload, "PAYMENT-SIGNATURE: field extensions has the wrong type (array)"},
		{"v1 payment with a v2 unknown field", HeaderSignature, b64(`{"x402Version":1,"scheme":"exact"}`), ReasonInvalidVersion, "PAYMENT-SIGNATURE carries x402Version 2 payments, got 1; send X-PAYMENT for x402Version 1"},
		{"version as a string", HeaderSignature, b64(strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":"2"`, 1)), ReasonInvalidVersion, `PAYMENT-SIGNATURE carries x402Version 2 payments, got "2"; send X-PAYMENT for x402Version 1`},
		{"null", HeaderSignature, b64(`null`), ReasonInvalidVersion, "PAYMENT-SIGNATURE carries x402Version 2 payments, got missing; send X-PAYMENT for x402Version 1"},
		{"trailing", HeaderSignature, b64(vectorPayload + " 1"), ReasonInvalidPayload, "PAYMENT-SIGNATURE: data after the JSON object"},
	}
	for _, c := range cases {
		_, err := DecodePayment(c.header, c.value)
		r, ok := err.(*Refusal)
		if !ok || r.Reason != c.reason || r.Message != c.message {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestDecodeV1(t *testing.T) {
	v1 := `{"x402Version":1,"scheme":"exact","network":"base","payload":{"signature":"0x01","authorization":{"from":"0x1","to":"0x2","value":"1","validAfter":"0","validBefore":"9","nonce":"0x3"}}}`
	p, err := DecodePayment(HeaderPaymentV1, base64.StdEncoding.EncodeToString([]byte(v1)))
	if err != nil || p.Version() != 1 || p.V1.Network != "base" || p.Exact().Authorization.Value != "1" || p.ResponseHeader() != HeaderResponseV1 {
		t.Fatalf("%+v %v", p, err)
	}
}

// Extensions are kept as sent, and a null one is as if absent.
func TestDecodeKeepsExtensions(t *testing.T) {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	ext := `{"bazaar":{"info":{"input":{"type":"http","body":{"q":1.50}}}}}`
	p, err := DecodePayment(HeaderSignature, b64(strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":2,"extensions":`+ext, 1)))
	if err != nil || string(p.V2.Extensions) != ext {
		t.Fatalf("extensions %s: %v", p.V2.Extensions, err)
	}
	p, err = DecodePayment(HeaderSignature, b64(strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":2,"extensions":null`, 1)))
	if err != nil || p.V2.Extensions != nil {
		t.Fatalf("null extensions %q: %v", p.V2.Extensions, err)
	}
}

// stdHeaderEncodings are headerEncodings' forms in encoding/base64, in
// their order: the decoder whose answers decodeBase64 keeps.
var stdHeaderEncodings = []*base64.Encoding{base64.StdEncoding.Strict(), base64.RawStdEncoding.Strict(), base64.URLEncoding.Strict(), base64.RawURLEncoding.Strict()}

// sameAsEncodingBase64 fails unless decodeBase64 reads value as
// encoding/base64 does, and each form but a URL-safe one given a '/'
// (which decodeBase64 does not try) answers as its encoding/base64 twin.
func sameAsEncodingBase64(t *testing.T, value []byte) {
	t.Helper()
	want, wantErr := []byte(nil), error(nil)
	trimmed := bytes.TrimSpace(value)
	for _, enc := range stdHeaderEncodings {
		if want, wantErr = enc.DecodeString(string(trimmed)); wantErr == nil {
			break
		}
	}
	// Into new bytes, and into bytes a longer header was decoded into.
	used := bytes.Repeat([]byte{0xff}, base64.RawStdEncoding.DecodedLen(len(value))+7)
	for _, dst := range [][]byte{nil, used} {
		got, err := decodeBase64(dst, value)
		if len(trimmed) > 0 && len(trimmed) <= MaxHeaderBytes && (err == nil) != (wantErr == nil) || err == nil && !bytes.Equal(got, want) {
			t.Fatalf("%q: decoded %q, %v; encoding/base64 %q, %v", value, got, err, want, wantErr)
		}
	}
	for i, enc := range headerEncodings {
		if enc.urlSafe && bytes.IndexByte(value, '/') >= 0 {
			continue
		}
		got := make([]byte, enc.DecodedLen(len(value)))
		want := make([]byte, len(got))
		n, err := enc.Decode(got, value)
		m, wantErr := stdHeaderEncodings[i].Decode(want, value)
		if (err == nil) != (wantErr == nil) || err == nil && !bytes.Equal(got[:n], want[:m]) {
			t.Fatalf("%q in form %d: decoded %q, %v; encoding/base64 %q, %v", value, i, got[:n], err, want[:m], wantErr)
		}
	}
}

// The header's base64 decoder answers as encoding/base64 for every form a
// header may take: every length around the vector loop's blocks of 32
// bytes, every byte in every place of a value (the loop checks each byte
// alone), line breaks anywhere, padding, truncation and trailing bytes.
func TestHeaderBase64IsEncodingBase64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 400)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for _, enc := range stdHeaderEncodings {
		for n := range len(data) {
			sameAsEncodingBase64(t, []byte(enc.EncodeToString(data[:n])))
		}
		value := []byte(enc.EncodeToString(data[:100]))
		for i := range value {
			for c := range 256 {
				changed := bytes.Clone(value)
				changed[i] = byte(c)
				sameAsEncodingBase64(t, changed)
			}
			for _, insert := range []string{"\r", "\n", "\r\n", "=", " "} {
				sameAsEncodingBase64(t, slices.Insert(bytes.Clone(value), i, []byte(insert)...))
			}
			sameAsEncodingBase64(t, value[:i])
			sameAsEncodingBase64(t, value[i:])
		}
		for _, tail := range []string{"=", "==", "===", "A", "A=", "AA==", "\n", "\r\n="} {
			sameAsEncodingBase64(t, append(bytes.Clone(value), tail...))
			sameAsEncodingBase64(t, append(bytes.Clone(value[:len(value)-1]), tail...))
		}
	}
	// The one place segmentio's loop differs: a '/' amid URL-safe base64.
	value := []byte(base64.URLEncoding.EncodeToString(data))
	value[10] = '/'
	if _, err := decodeBase64(nil, value); err == nil {
		t.Fatal("a '/' amid URL-safe base64 was read")
	}
}
