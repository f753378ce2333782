package x402

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unsafe"

	asmbase64 "github.com/segmentio/asm/base64"
)

// Header names.
const (
	HeaderRequired   = "PAYMENT-REQUIRED"   // v2 terms, on the 402
	HeaderSignature  = "PAYMENT-SIGNATURE"  // v2 payment
	HeaderResponse   = "PAYMENT-RESPONSE"   // v2 settlement
	HeaderPaymentV1  = "X-PAYMENT"          // v1 payment
	HeaderResponseV1 = "X-PAYMENT-RESPONSE" // v1 settlement
)

// MaxHeaderBytes bounds an encoded payment header. A bare payment is about
// 1.5 KiB, but v2 clients echo the 402's extensions, and the bazaar
// extension carries the route's whole input schema: a richly described
// route's payment reaches 12 KiB. It cannot be made smaller by publishing
// less: the bazaar specification has the discovery info and its schema
// declared in the 402 itself (that is where facilitators catalog a route
// from), and the v2 specification has clients echo at least what they
// received. So the cap is not the 8 KiB a bare payment would allow.
const MaxHeaderBytes = 32 << 10

// Payment is a decoded payment header: exactly one of V2 and V1 is set.
type Payment struct {
	V2 *Payload
	V1 *PayloadV1

	scan extensionsScan // of V2's extensions, when the scan read them
}

// Version is the payment's x402 version.
func (p *Payment) Version() int {
	if p.V1 != nil {
		return 1
	}
	return 2
}

// Exact is the EIP-3009 authorization and its signature.
func (p *Payment) Exact() *ExactPayload {
	if p.V1 != nil {
		return &p.V1.Payload
	}
	return p.V2.Payload.Exact()
}

// Payer is the wallet paying: the authorization's from (EIP-3009 or
// Permit2), or the channel's payer.
func (p *Payment) Payer() string {
	if b := p.Batch(); b != nil && b.ChannelConfig != nil {
		return b.ChannelConfig.Payer
	}
	if p.V2 != nil && p.V2.Payload.Permit2() != nil {
		return p.V2.Payload.Permit2().From
	}
	return p.Exact().Authorization.From
}

// ResponseHeader is the header that carries the settlement for this payment.
func (p *Payment) ResponseHeader() string {
	if p.V1 != nil {
		return HeaderResponseV1
	}
	return HeaderResponse
}

// DecodePayment decodes the value of header (HeaderSignature or
// HeaderPaymentV1). Standard, unpadded and URL-safe base64 are accepted,
// whitespace is trimmed. The JSON must be one object of the header's
// version with no unknown fields outside the free-form extensions and extra
// objects: a payment this service cannot read exactly is refused, not guessed at.
// The value is the header as the request holds it, bytes (not copied) or a string.
func DecodePayment[V string | []byte](header string, value V) (*Payment, error) {
	buf, _ := decodedHeaders.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	defer decodedHeaders.Put(buf)
	raw, err := decodeBase64(*buf, value)
	if err != nil {
		return nil, err
	}
	p, err := decodeHeaderPayment(header, raw)
	if *buf = raw; p != nil && p.keepsDecoded() {
		*buf = nil
	}
	return p, err
}

// decodedHeaders are buffers for decoding a payment header into: what a
// payment is read from, once nothing read points into it.
var decodedHeaders sync.Pool // of *[]byte

// keepsDecoded reports whether p may point into the bytes it was decoded
// from: its extensions, as sent, unless they are the copy the scan
// remembered. Everything else read is copied out (strings, numbers, and
// all that encoding/json reads).
func (p *Payment) keepsDecoded() bool {
	return p.V2 != nil && p.V2.Extensions != nil && !p.scan.remembered
}

// decodeHeaderPayment is DecodePayment of the header's decoded bytes.
func decodeHeaderPayment(header string, raw []byte) (*Payment, error) {
	want := 2
	if header == HeaderPaymentV1 {
		want = 1
	}
	// A well-formed payment is read in one pass; only a refused one is read
	// again, to say first whether it has the wrong version.
	if p, err := decodeVersion(raw, header, want); err == nil && p.declares(want) {
		return p, nil
	}
	got, err := versionOf(raw, header)
	if err != nil {
		return nil, err
	}
	if got != fmt.Sprint(want) {
		other := map[int]string{1: HeaderSignature + " for x402Version 2", 2: HeaderPaymentV1 + " for x402Version 1"}[want]
		return nil, refuse(ReasonInvalidVersion, "%s carries x402Version %d payments, got %s; send %s", header, want, got, other)
	}
	return decodeVersion(raw, header, want)
}

// DecodePaymentObject decodes a payment sent as a JSON object, as the MCP
// transport sends _meta["x402/payment"]; where names it in refusals. Its
// x402Version picks the v2 or v1 form, read as strictly as a header.
func DecodePaymentObject(raw []byte, where string) (*Payment, error) {
	if len(raw) > MaxHeaderBytes {
		return nil, refuse(ReasonInvalidPayload, "%s is %d bytes, at most %d are read", where, len(raw), MaxHeaderBytes)
	}
	if p, err := decodeVersion(raw, where, 2); err == nil && p.declares(2) {
		return p, nil
	}
	got, err := versionOf(raw, where)
	if err != nil {
		return nil, err
	}
	switch got {
	case "2":
		return decodeVersion(raw, where, 2)
	case "1":
		return decodeVersion(raw, where, 1)
	}
	return nil, refuse(ReasonInvalidVersion, "%s carries x402Version 2 (or 1) payments, got %s", where, got)
}

// declares reports whether the decoded payment is an object that names
// version as its x402Version.
func (p *Payment) declares(version int) bool {
	if version == 1 {
		return p.V1 != nil && p.V1.X402Version == 1
	}
	return p.V2 != nil && p.V2.X402Version == 2
}

// versionOf reads a payment's x402Version as written, "missing" if absent.
func versionOf(raw []byte, where string) (string, error) {
	var probe struct {
		X402Version json.RawMessage `json:"x402Version"`
	}
	if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&probe); err != nil {
		return "", refuse(ReasonInvalidPayload, "%s is not a JSON object: %v", where, jsonProblem(err))
	}
	if len(probe.X402Version) == 0 {
		return "missing", nil
	}
	return string(probe.X402Version), nil
}

// decodeVersion reads raw as a payment of the given version, refusing any
// field this service does not know.
func decodeVersion(raw []byte, where string, version int) (*Payment, error) {
	p := new(Payment)
	if version == 2 {
		p.V2, p.scan, _ = scanPayload(raw, headerEchoes)
	}
	if p.V2 == nil {
		var target any = &p.V2
		if version == 1 {
			target = &p.V1
		}
		if err := strictJSON(raw, target); err != nil {
			return nil, refuse(ReasonInvalidPayload, "%s: %v", where, err)
		}
	}
	if p.V2 != nil {
		switch sp := &p.V2.Payload; {
		case sp.ExactPayload != nil && sp.BatchPayload != nil:
			return nil, refuse(ReasonInvalidPayload, "%s: payload mixes the members of an exact and a batch-settlement payment", where)
		case sp.Permit2() != nil && sp.ExactPayload.Authorization != (Authorization{}):
			return nil, refuse(ReasonInvalidPayload, "%s: payload carries both an EIP-3009 authorization and a Permit2 one", where)
		}
		if kind := jsonKind(p.V2.Extensions); kind == "null" {
			p.V2.Extensions = nil // as if absent
		} else if kind != "object" && kind != "" {
			return nil, refuse(ReasonInvalidPayload, "%s: field extensions has the wrong type (%s)", where, kind)
		}
	}
	return p, nil
}

// jsonKind names the kind of an encoded JSON value, as decoding errors do;
// "" when there is none.
func jsonKind(v json.RawMessage) string {
	if len(v) == 0 {
		return ""
	}
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// headerEncodings are the base64 forms a header may take, strict, made
// once. They are segmentio's, already built into the server by the MCP
// SDK's JSON: on amd64 its AVX2 loop decodes a voucher's header several
// times faster than encoding/base64, which it hands the rest to, and it
// answers as encoding/base64 does (TestHeaderBase64IsEncodingBase64) but
// in one respect: in the URL-safe alphabet its loop reads '/' as '_',
// where encoding/base64 refuses a '/' anywhere. So a value with '/' is not
// tried as URL-safe.
var headerEncodings = []struct {
	*asmbase64.Encoding
	urlSafe bool
}{
	{asmbase64.StdEncoding.Strict(), false}, {asmbase64.RawStdEncoding.Strict(), false},
	{asmbase64.URLEncoding.Strict(), true}, {asmbase64.RawURLEncoding.Strict(), true},
}

// decodeBase64 reads a header value, a string or the request's bytes,
// into dst when it has the room.
func decodeBase64[V string | []byte](dst []byte, header V) ([]byte, error) {
	value := bytes.TrimSpace(bytesOf(header))
	if len(value) > MaxHeaderBytes {
		return nil, refuse(ReasonInvalidPayload, "payment header is %d bytes, at most %d are read", len(value), MaxHeaderBytes)
	}
	if len(value) == 0 {
		return nil, refuse(ReasonInvalidPayload, "payment header is empty")
	}
	n := base64.RawStdEncoding.DecodedLen(len(value)) // the longest of the four
	raw := slices.Grow(dst[:0], n)[:n]
	for _, enc := range headerEncodings {
		if enc.urlSafe && bytes.IndexByte(value, '/') >= 0 {
			continue
		}
		if n, err := enc.Decode(raw, value); err == nil {
			return raw[:n], nil
		}
	}
	return nil, refuse(ReasonInvalidPayload, "payment header is not base64")
}

// bytesOf is a header value's bytes, not copied. The decoders above are
// called through a function value, which escape analysis cannot follow, so
// a string converted for them would be copied to the heap, though they
// only read it.
func bytesOf[V string | []byte](v V) []byte {
	if s, ok := any(v).(string); ok {
		return unsafe.Slice(unsafe.StringData(s), len(s))
	}
	return []byte(v)
}

func strictJSON(raw []byte, target any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(target); err != nil {
		return errors.New(jsonProblem(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	return nil
}

// jsonProblem words a decoding error without Go type names.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "it is a JSON " + te.Value
		}
		// A scheme payload's members are promoted from its embedded types.
		field := strings.NewReplacer(".ExactPayload", "", ".BatchPayload", "").Replace(te.Field)
		return fmt.Sprintf("field %s has the wrong type (%s)", field, te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("invalid JSON at byte %d", se.Offset)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// EncodeHeader is the header form of a document: standard padded base64 of
// its JSON.
func EncodeHeader(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return string(AppendHeader(nil, b)), nil
}

// AppendHeader appends the header form of a document already encoded as
// JSON to dst.
func AppendHeader(dst, doc []byte) []byte {
	return base64.StdEncoding.AppendEncode(dst, doc)
}

// DecodeHeader reads a header document (PAYMENT-REQUIRED, PAYMENT-RESPONSE)
// written by EncodeHeader or another x402 implementation.
func DecodeHeader(value string, v any) error {
	raw, err := decodeBase64(nil, value)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}
