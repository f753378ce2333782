package edge

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"

	"github.com/valyala/fasthttp"
)

const (
	headerRequestID   = "X-Request-Id"
	headerTraceparent = "traceparent"
)

// trace is a request's W3C trace context: the caller's trace, or one
// started here, and this server's span in it.
type trace struct {
	id    [32]byte // trace-id, lower-case hex
	span  [16]byte // parent-id for the calls this request makes
	flags [2]byte
}

// traceOf continues the request's traceparent, or starts a trace when it
// has none or a malformed one.
func traceOf(ctx *fasthttp.RequestCtx) trace {
	var t trace
	randomHex(t.span[:])
	if h := ctx.Request.Header.Peek(headerTraceparent); validTraceparent(h) {
		copy(t.id[:], h[3:35])
		copy(t.flags[:], h[53:55])
		return t
	}
	randomHex(t.id[:])
	t.flags = [2]byte{'0', '1'}
	return t
}

// validTraceparent checks a version 00 traceparent:
// 00-{32 hex trace-id}-{16 hex parent-id}-{2 hex flags}, neither id all zeros.
func validTraceparent(h []byte) bool {
	if len(h) != 55 || h[0] != '0' || h[1] != '0' || h[2] != '-' || h[35] != '-' || h[52] != '-' {
		return false
	}
	for _, part := range [...][]byte{h[3:35], h[36:52], h[53:55]} {
		for _, c := range part {
			if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
				return false
			}
		}
	}
	return !allZero(h[3:35]) && !allZero(h[36:52])
}

func allZero(hexDigits []byte) bool {
	for _, c := range hexDigits {
		if c != '0' {
			return false
		}
	}
	return true
}

func randomHex(dst []byte) {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	hex.Encode(dst, b[:len(dst)/2])
}

// header is the traceparent for the calls this request makes.
func (t *trace) header() string {
	return "00-" + string(t.id[:]) + "-" + string(t.span[:]) + "-" + string(t.flags[:])
}

// requestID is the request's X-Request-Id when it sent a usable one (up to
// 64 visible ASCII characters), else its trace id, appended to buf.
func requestID(ctx *fasthttp.RequestCtx, buf []byte, t *trace) []byte {
	if h := ctx.Request.Header.Peek(headerRequestID); len(h) > 0 && len(h) <= cap(buf) && visible(h) {
		return append(buf, h...)
	}
	return append(buf, t.id[:]...)
}

func visible(b []byte) bool {
	for _, c := range b {
		if c < 0x21 || c > 0x7e {
			return false
		}
	}
	return true
}
