package edge

import (
	"strings"
	"testing"
)

// Both transports admit a call through one function: the same input gets
// the same error body over HTTP and MCP.
func TestSameInputSameErrorOnBothTransports(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ body, want string }{
		{`["text"]`, `{"error":{"code":"invalid_json","message":"the body must be a JSON object"}}`},
		{`"ab"`, `{"error":{"code":"invalid_json","message":"the body must be a JSON object"}}`},
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
