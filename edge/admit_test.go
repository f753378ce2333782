package edge

import (
	"strings"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// Both transports admit a call through one function: the same input gets
// the same error body over HTTP and MCP.
func TestSameInputSameErrorOnBothTransports(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ body, want string }{
		{`["text"]`, `{"error":{"code":"invalid_json","message":"the body must be a JSON object","fields":[{"name":"body","problem":"must be a JSON object"}]}}`},
		{`"ab"`, `{"error":{"code":"invalid_json","message":"the body must be a JSON object","fields":[{"name":"body","problem":"must be a JSON object"}]}}`},
		{`{"text":"` + strings.Repeat("a", 2100) + `"}`, `{"error":{"code":"body_too_large","message":"the body is 2111 bytes; at most 2048 are accepted"}}`},
		{`{"n":0}`, `{"error":{"code":"invalid_params","message":"2 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"},{"name":"n","problem":"must be between 1 and 10"}]}}`},
	} {
		r := h.do("POST", echoPath, c.body, nil)
		res := h.call("test_echo", c.body, nil)
		if failureOf(t, res); string(r.body) != c.want || string(res.StructuredContent) != c.want {
			t.Errorf("%.20s:\nHTTP %d %s\nMCP  %s", c.body, r.status, r.body, res.StructuredContent)
		}
	}
}

// A body that is not JSON is answered with what is wrong and where, in
// bytes from 0 and as an editor's line and column, naming the body.
func TestMalformedJSONSaysWhatAndWhere(t *testing.T) {
	h := newHarness(t)
	for body, problem := range map[string]string{
		`{"text":}`:                  `is not valid JSON: invalid character '}' looking for beginning of value at offset 8 (line 1, column 9)`,
		"{\n  \"text\": \"hé\",\n}":  `is not valid JSON: invalid character '}' looking for beginning of object key string at offset 19 (line 3, column 1)`,
		"{\"text\": \"é\" \"n\": 2}": `is not valid JSON: invalid character '"' after object key:value pair at offset 14 (line 1, column 14)`,
		`{"text":`:                   `is not valid JSON: unexpected end of JSON input at offset 8 (line 1, column 9)`,
		`{"text":"hi"}  {}`:          `has data after its JSON value, at offset 15 (line 1, column 16)`,
	} {
		want := `{"error":{"code":"invalid_json","message":"the body ` + problem + `","fields":[{"name":"body","problem":"` + problem + `"}]}}`
		if r := h.do("POST", echoPath, body, nil); r.status != 400 || string(r.body) != strings.ReplaceAll(want, `'"'`, `'\"'`) || r.header[x402.HeaderRequired] != "" {
			t.Errorf("%q: %d %s", body, r.status, r.body)
		}
	}
}

// A body that is not UTF-8 is not JSON (RFC 8259), although Go's decoder
// would read it with its bytes replaced: it is refused before any payment
// is asked for, and a payment sent with it is never spent.
func TestBodyNotUTF8IsInvalidJSON(t *testing.T) {
	h := newHarness(t)
	const body, want = "{\"text\":\"a\xffb\"}", `{"error":{"code":"invalid_json","message":"the body is not valid UTF-8","fields":[{"name":"body","problem":"is not valid UTF-8"}]}}`
	for name, headers := range map[string]map[string]string{
		"unpaid": nil,
		"paid":   {x402.HeaderSignature: header(t, h.payment(echoPath, nil))},
	} {
		r := h.do("POST", echoPath, body, headers)
		if r.status != 400 || string(r.body) != want || r.header[x402.HeaderRequired] != "" {
			t.Errorf("%s: %d %v %s", name, r.status, r.header, r.body)
		}
	}
	if h.rt.runs.Load() != 0 || h.fac.Verifies() != 0 || h.fac.Settles() != 0 {
		t.Fatalf("%d runs, %d verifies, %d settles", h.rt.runs.Load(), h.fac.Verifies(), h.fac.Settles())
	}
}
