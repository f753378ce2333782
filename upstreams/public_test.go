package upstreams

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"
)

var anyHostSource = Register(Source{
	Name: "test_any_host", Title: "Any host", AnyHost: true,
	Rate: 100, Burst: 100, Concurrency: 2, Timeout: time.Second,
	Recorded: fstest.MapFS{
		"robots.txt": {Data: []byte("User-agent: *\nDisallow:\n")},
		"home.html":  {Data: []byte("<html></html>")},
	},
	Fixtures: []Fixture{
		{Path: "/example.com/robots.txt", File: "robots.txt", Header: http.Header{"Content-Type": {"text/plain"}}},
		{Path: "/example.com/", File: "home.html", Header: http.Header{"Content-Type": {"text/html"}, "Server": {"ECS (dcb/7F83)"}}},
	},
})

func TestPublicAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.215.14":        true,
		"2606:4700::6810:84e5": true,
		"127.0.0.1":            false,
		"10.1.2.3":             false,
		"172.16.0.1":           false,
		"192.168.1.1":          false,
		"169.254.169.254":      false,
		"100.64.0.1":           false,
		"0.0.0.0":              false,
		"224.0.0.1":            false,
		"255.255.255.255":      false,
		"::1":                  false,
		"::":                   false,
		"fe80::1":              false,
		"fc00::1":              false,
		"fd00:ec2::254":        false,
		"::ffff:127.0.0.1":     false,
		"::ffff:93.184.215.14": true,
		"64:ff9b::a00:1":       false,
		"2002:a00:1::1":        false,
		"198.51.100.7":         false,
		"2001:db8::1":          false,
	} {
		if got := PublicAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("PublicAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}

func TestPublicOnlyControl(t *testing.T) {
	for addr, want := range map[string]error{
		"93.184.215.14:443":          nil,
		"[2606:4700::6810:84e5]:443": nil,
		"127.0.0.1:80":               ErrNotPublic,
		"169.254.169.254:80":         ErrNotPublic,
		"[::1]:443":                  ErrNotPublic,
		"localhost:80":               ErrNotPublic, // only resolved addresses are dialed
	} {
		if got := publicOnlyControl("tcp", addr, nil); got != want {
			t.Errorf("control(%s) = %v, want %v", addr, got, want)
		}
	}
}

// countingServer counts the requests that reached it.
func countingServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	hits := new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte("internal"))
	}))
	t.Cleanup(srv.Close)
	return srv, hits
}

func TestAnyHostRefusesLiteralPrivateAddress(t *testing.T) {
	srv, hits := countingServer(t)
	_, retry, err := Send(context.Background(), NewHTTPClient(), &Request{Source: anyHostSource.Name, URL: srv.URL + "/admin"}, "test")
	ue, ok := AsError(err)
	if !ok || ue.Kind != BadAnswer || ue.Message != "the address is not a public internet address" || retry.OK {
		t.Fatalf("err = %v, retry = %+v; want a refused, unretried dial", err, retry)
	}
	if hits.Load() != 0 {
		t.Errorf("the private server was reached %d times", hits.Load())
	}
	// Other sources keep reaching their declared hosts, local ones included.
	if _, _, err := Send(context.Background(), NewHTTPClient(), &Request{Source: "unknown", URL: srv.URL}, "test"); err != nil {
		t.Errorf("a request of another source failed: %v", err)
	}
}

// redirector answers requests to public.test with a redirect to target
// without dialing, and passes the rest to the real transport.
type redirector struct {
	next   http.RoundTripper
	target string
}

func (r redirector) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "public.test" {
		return r.next.RoundTrip(req)
	}
	return &http.Response{StatusCode: http.StatusFound, Header: http.Header{"Location": {r.target}},
		Body: http.NoBody, Request: req}, nil
}

func TestAnyHostRefusesRedirectToLoopback(t *testing.T) {
	srv, hits := countingServer(t)
	hc := NewHTTPClient()
	hc.Transport = redirector{next: hc.Transport, target: srv.URL + "/latest/meta-data/"}
	_, _, err := Send(context.Background(), hc, &Request{Source: anyHostSource.Name, URL: "https://public.test/"}, "test")
	if ue, ok := AsError(err); !ok || ue.Message != "the address is not a public internet address" {
		t.Fatalf("err = %v, want the redirect's dial refused", err)
	}
	if hits.Load() != 0 {
		t.Errorf("the redirect reached the loopback server %d times", hits.Load())
	}
}

func TestTrustedReplayIsReachable(t *testing.T) {
	srv, hits := countingServer(t)
	TrustReplay(srv.URL + "/" + anyHostSource.Name)
	resp, _, err := Send(context.Background(), NewHTTPClient(), &Request{Source: anyHostSource.Name, URL: srv.URL + "/" + anyHostSource.Name + "/example.com/"}, "test")
	if err != nil || string(resp.Body) != "internal" || hits.Load() != 1 {
		t.Fatalf("resp = %+v, err = %v, hits = %d; want the trusted replay answered", resp, err, hits.Load())
	}
	// Only the trusted base is exempt, not the whole replay host.
	if _, _, err := Send(context.Background(), NewHTTPClient(), &Request{Source: anyHostSource.Name, URL: srv.URL + "/other/"}, "test"); err == nil {
		t.Error("a path outside the trusted base was fetched")
	}
}

func TestAnyHostFixturesKeyedByHost(t *testing.T) {
	for _, tc := range []struct{ url, file string }{
		{"https://example.com/robots.txt", "robots.txt"},
		{"http://EXAMPLE.com/robots.txt", "robots.txt"},
		{"https://example.com", "home.html"},
		{"https://example.com/", "home.html"},
		{"/example.com/", "home.html"}, // the form the replay server hands over
	} {
		_, f, ok := Match(&Request{Source: anyHostSource.Name, URL: tc.url})
		if !ok || f.File != tc.file {
			t.Errorf("Match(%s) = %q, %v; want %s", tc.url, f.File, ok, tc.file)
		}
	}
	if _, _, ok := Match(&Request{Source: anyHostSource.Name, URL: "https://example.org/robots.txt"}); ok {
		t.Error("a fixture of example.com answered example.org")
	}
	resp, err := Replay.Do(context.Background(), &Request{Source: anyHostSource.Name, URL: "https://example.com/"})
	if err != nil || resp.Header.Get("Server") != "ECS (dcb/7F83)" || resp.Header.Get("Content-Type") != "text/html" {
		t.Fatalf("resp = %+v, err = %v; want the recorded headers", resp, err)
	}
}
