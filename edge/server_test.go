package edge

import (
	"bufio"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// Requests fasthttp itself refuses are answered in the one error shape too.
func TestUnreadableRequestsAreJSON(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		name, head string
		status     int
		want       string
	}{
		{"header past the buffer", "X-Pad: " + strings.Repeat("a", readBuffer) + "\r\n", 431,
			`{"error":{"code":"header_too_large","message":"the request headers are over 49152 bytes"}}`},
		{"body past the read cap", "Content-Type: application/json\r\nContent-Length: 5000000\r\n", 413,
			`{"error":{"code":"body_too_large","message":"the body is over 4194304 bytes"}}`},
	} {
		conn, err := h.client.Dial("coinslot.test")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Write([]byte("POST " + echoPath + " HTTP/1.1\r\nHost: coinslot.test\r\n" + c.head + "\r\n")); err != nil {
			t.Fatal(err)
		}
		var resp fasthttp.Response
		err = resp.Read(bufio.NewReader(conn))
		conn.Close()
		if err != nil || resp.StatusCode() != c.status || string(resp.Body()) != c.want || string(resp.Header.ContentType()) != "application/json" {
			t.Errorf("%s: %v %d %s", c.name, err, resp.StatusCode(), resp.Body())
		}
	}
}
