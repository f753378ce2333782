package x402

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// scripted answers each request with the next (status, body) and records
// what it was sent.
type scripted struct {
	answers []struct {
		status int
		body   string
	}
	calls atomic.Int32
	auth  atomic.Value
	sent  atomic.Value
	addr  string // host:port
}

func (s *scripted) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := int(s.calls.Add(1)) - 1
	s.auth.Store(r.Header.Get("Authorization"))
	b, _ := io.ReadAll(r.Body)
	s.sent.Store(r.Method + " " + r.URL.Path + " " + string(b))
	a := s.answers[min(i, len(s.answers)-1)]
	w.WriteHeader(a.status)
	io.WriteString(w, a.body)
}

func serve(t *testing.T, answers ...any) (*HTTPFacilitator, *scripted) {
	s := &scripted{}
	for i := 0; i < len(answers); i += 2 {
		s.answers = append(s.answers, struct {
			status int
			body   string
		}{answers[i].(int), answers[i+1].(string)})
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.addr = srv.Listener.Addr().String()
	f := NewHTTPFacilitator(srv.URL+"/", "secret")
	f.Backoff = time.Millisecond
	return f, s
}

var testPayload = &Payload{X402Version: 2, Accepted: Requirements{Scheme: "exact", Network: "eip155:8453", Amount: "10000"}}

func TestVerify(t *testing.T) {
	cases := []struct {
		name    string
		answers []any
		calls   int32
		valid   bool
		reason  string
		err     string
	}{
		{"valid", []any{200, `{"isValid":true,"payer":"0xabc"}`}, 1, true, "", ""},
		{"invalid with 200", []any{200, `{"isValid":false,"invalidReason":"insufficient_funds"}`}, 1, false, "insufficient_funds", ""},
		{"invalid with 400", []any{400, `{"isValid":false,"invalidReason":"invalid_exact_evm_signature"}`}, 1, false, "invalid_exact_evm_signature", ""},
		{"reason only, 400", []any{400, `{"invalidReason":"invalid_network"}`}, 1, false, "invalid_network", ""},
		{"retried after 503", []any{503, `oops`, 429, `{}`, 200, `{"isValid":true}`}, 3, true, "", ""},
		{"gives up after 3", []any{500, `{}`}, 3, false, "", "facilitator verify: server error (HTTP 500)"},
		{"no isValid", []any{200, `{"payer":"0x1"}`}, 1, false, "", "facilitator verify: answer has no isValid (HTTP 200)"},
		{"credentials refused", []any{401, `{"isValid":false}`}, 1, false, "", "facilitator verify: refused this service's credentials (HTTP 401)"},
		{"bad request", []any{400, `{"errorMessage":"'paymentPayload' is invalid"}`}, 1, false, "", "facilitator verify: request refused (HTTP 400)"},
		{"not JSON", []any{200, `<html>`}, 1, false, "", "facilitator verify: answer is not JSON (HTTP 200)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := serve(t, c.answers...)
			v, err := f.Verify(context.Background(), testPayload, &testPayload.Accepted)
			if s.calls.Load() != c.calls {
				t.Fatalf("%d calls, want %d", s.calls.Load(), c.calls)
			}
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || v.IsValid != c.valid || v.InvalidReason != c.reason {
				t.Fatalf("%+v %v", v, err)
			}
			if s.auth.Load() != "Bearer secret" || !strings.HasPrefix(s.sent.Load().(string), `POST /verify {"x402Version":2,"paymentPayload":{`) {
				t.Fatalf("sent %v with %v", s.sent.Load(), s.auth.Load())
			}
		})
	}
}

func TestSettleIsTriedOnce(t *testing.T) {
	cases := []struct {
		name    string
		answers []any
		success bool
		reason  string
		err     string
	}{
		{"settled", []any{200, `{"success":true,"transaction":"0xabc","network":"eip155:8453","payer":"0x1"}`}, true, "", ""},
		{"refused with 200", []any{200, `{"success":false,"errorReason":"insufficient_funds","transaction":"","network":"eip155:8453"}`}, false, "insufficient_funds", ""},
		{"refused with 400", []any{400, `{"errorReason":"invalid_exact_evm_nonce_already_used"}`}, false, "invalid_exact_evm_nonce_already_used", ""},
		{"success with no tx", []any{200, `{"success":true,"network":"eip155:8453"}`}, false, "", "facilitator settle: success without a transaction and network (HTTP 200)"},
		{"success with 500", []any{500, `{"success":true,"transaction":"0xabc","network":"eip155:8453"}`}, false, "", "facilitator settle: server error (HTTP 500)"},
		{"server error", []any{502, `<html>bad gateway</html>`}, false, "", "facilitator settle: server error (HTTP 502)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, s := serve(t, c.answers...)
			r, err := f.Settle(context.Background(), testPayload, &testPayload.Accepted)
			if s.calls.Load() != 1 {
				t.Fatalf("%d calls", s.calls.Load())
			}
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || r.Success != c.success || r.ErrorReason != c.reason {
				t.Fatalf("%+v %v", r, err)
			}
		})
	}
}

func TestFacilitatorTimeoutAndSupported(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(200 * time.Millisecond) }))
	defer slow.Close()
	f := NewHTTPFacilitator(slow.URL, "")
	f.Timeout = 50 * time.Millisecond
	_, err := f.Settle(context.Background(), testPayload, &testPayload.Accepted)
	var fe *FacilitatorError
	if !errors.As(err, &fe) || err.Error() != "facilitator settle: timed out" {
		t.Fatalf("err %v", err)
	}
	g, s := serve(t, 200, `{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:8453"},{"x402Version":1,"scheme":"exact","network":"base"}],"extensions":["bazaar"]}`)
	sup, err := g.Supported(context.Background())
	if err != nil || len(sup.Kinds) != 2 || sup.Kinds[1].Network != "base" || s.sent.Load() != "GET /supported " {
		t.Fatalf("%+v %v %v", sup, err, s.sent.Load())
	}
}

// One request is encoded once and sent alike to /verify and /settle, its
// extensions as the buyer sent them.
func TestRequestSentAlikeToVerifyAndSettle(t *testing.T) {
	f, s := serve(t, 200, `{"isValid":true}`, 200, `{"success":true,"transaction":"0x1","network":"eip155:8453"}`)
	p := *testPayload
	p.Payload = SchemePayload{ExactPayload: new(ExactPayload)}
	p.Extensions = []byte(`{"bazaar":{"info":{"n":1.50}}}`)
	q := NewRequest(&p, &p.Accepted)
	if v, err := q.Verify(context.Background(), f); err != nil || !v.IsValid {
		t.Fatalf("verify %+v %v", v, err)
	}
	verified := s.sent.Load().(string)
	if st, err := q.Settle(context.Background(), f); err != nil || !st.Success {
		t.Fatalf("settle %+v %v", st, err)
	}
	settled := s.sent.Load().(string)
	const body = `{"x402Version":2,"paymentPayload":{"x402Version":2,"accepted":{"scheme":"exact","network":"eip155:8453","amount":"10000","asset":"","payTo":"","maxTimeoutSeconds":0},"payload":{"signature":""},"extensions":{"bazaar":{"info":{"n":1.50}}}},"paymentRequirements":{"scheme":"exact","network":"eip155:8453","amount":"10000","asset":"","payTo":"","maxTimeoutSeconds":0}}`
	if verified != "POST /verify "+body || settled != "POST /settle "+body {
		t.Fatalf("sent\n%s\n%s", verified, settled)
	}
}

// A facilitator behind the proxy that HTTP_PROXY names is reached through
// it, by a tunnel (CONNECT) or a forwarded request.
func TestFacilitatorThroughProxy(t *testing.T) {
	_, s := serve(t, 200, `{"isValid":true}`)
	target := s.addr
	var asked atomic.Value
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Store(strings.TrimSuffix(r.Host, ":80"))
		if r.Method != http.MethodConnect {
			r.URL.Host, r.RequestURI = target, ""
			resp, err := http.DefaultTransport.RoundTrip(r)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			defer resp.Body.Close()
			w.WriteHeader(resp.StatusCode)
			io.Copy(w, resp.Body)
			return
		}
		up, err := net.Dial("tcp", target)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		conn, rw, err := w.(http.Hijacker).Hijack()
		if err != nil {
			up.Close()
			return
		}
		io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n")
		go func() { io.Copy(up, rw); up.Close() }()
		io.Copy(conn, up)
		conn.Close()
	}))
	t.Cleanup(proxy.Close)
	t.Setenv("HTTP_PROXY", proxy.URL)
	t.Setenv("NO_PROXY", "")
	f := NewHTTPFacilitator("http://facilitator.example", "")
	v, err := f.Verify(context.Background(), testPayload, &testPayload.Accepted)
	if err != nil || !v.IsValid {
		t.Fatalf("verify through the proxy: %+v, %v", v, err)
	}
	if asked.Load() != "facilitator.example" || s.calls.Load() != 1 {
		t.Fatalf("the proxy was asked for %v and the facilitator answered %d requests; want facilitator.example and 1", asked.Load(), s.calls.Load())
	}
}

// A facilitator that cannot be reached is named by its cause: the name
// that did not resolve, the address that refused, the TLS handshake that
// failed. Such a request is known never to have arrived (Unreached), and
// /verify is not tried on it again.
func TestUnreachedNamesItsCause(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	plain, s := serve(t, 200, `{"isValid":true}`)
	for _, tc := range []struct{ url, want string }{
		{"http://" + closed, "facilitator verify: connection to " + closed + " refused"},
		{"http://nonexistent.invalid", "facilitator verify: cannot resolve nonexistent.invalid: no such host"},
		{"https://" + s.addr, "facilitator verify: TLS handshake with " + s.addr + " failed: tls: first record does not look like a TLS handshake"},
	} {
		f := NewHTTPFacilitator(tc.url, "")
		f.Backoff = time.Minute // a retry would time the test out
		start := time.Now()
		_, err := f.Verify(context.Background(), testPayload, &testPayload.Accepted)
		if err == nil || err.Error() != tc.want || !Unreached(err) || time.Since(start) > 5*time.Second {
			t.Fatalf("%s: %v (unreached %v) after %v, want %q", tc.url, err, Unreached(err), time.Since(start), tc.want)
		}
	}
	if s.calls.Load() != 0 {
		t.Fatalf("the plain server answered %d TLS requests", s.calls.Load())
	}
	// Reached, even with no usable answer, is not unreached.
	plain.URL = "http://" + s.addr
	if _, err := plain.Settle(context.Background(), testPayload, &testPayload.Accepted); err == nil || Unreached(err) {
		t.Fatalf("a reached facilitator's bad answer: %v, unreached %v", err, Unreached(err))
	}
}
