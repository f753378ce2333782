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

// TestPublicAddr walks the IANA IPv4 and IPv6 Special-Purpose Address
// Registries: every block's first and last address is refused, and the
// public addresses next to them pass.
func TestPublicAddr(t *testing.T) {
	refused := []string{
		// IPv4 registry
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.0.0/29", "192.0.0.8/32", "192.0.0.9/32", "192.0.0.10/32", "192.0.0.170/31",
		"192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24", "192.168.0.0/16",
		"192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		"255.255.255.255/32",
		// multicast, outside the registry but never a unicast host
		"224.0.0.0/4", "ff00::/8",
		// IPv6 registry
		"::1/128", "::/128", "::ffff:0:0/96", "64:ff9b:1::/48", "100::/64", "100:0:0:1::/64",
		"2001::/23", "2001::/32", "2001:1::1/128", "2001:1::2/128", "2001:1::3/128", "2001:2::/48",
		"2001:3::/32", "2001:4:112::/48", "2001:10::/28", "2001:20::/28", "2001:30::/28", "2001:db8::/32",
		"2002::/16", "2620:4f:8000::/48", "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10",
		// deprecated or reserved IPv6: IPv4-compatible (::/96), IPv4-translated, site-local
		"::/96", "::ffff:0:0:0/96", "fec0::/10", "::/8", "4000::/3",
	}
	for _, block := range refused {
		p := netip.MustParsePrefix(block)
		for _, ip := range []netip.Addr{p.Addr(), last(p)} {
			if PublicAddr(ip) {
				t.Errorf("PublicAddr(%s) = true; %s is special-purpose", ip, block)
			}
		}
	}
	for addr, want := range map[string]bool{
		"93.184.215.14":            true,
		"8.8.8.8":                  true,
		"2606:4700::6810:84e5":     true,
		"2001:200::1":              true, // first address past 2001::/23
		"::127.0.0.1":              false,
		"::8.8.8.8":                false,
		"::ffff:127.0.0.1":         false,
		"::ffff:10.0.0.1":          false,
		"::ffff:93.184.215.14":     true,
		"64:ff9b::127.0.0.1":       false,
		"64:ff9b::10.1.2.3":        false,
		"64:ff9b::169.254.169.254": false,
		"64:ff9b::8.8.8.8":         true,
		"2002:a00:1::1":            false,
		"2002:808:808::1":          false,
		"2001:0:4136:e378::1":      false, // Teredo
		"fe80::1%eth0":             false,
		"2606:4700::1%eth0":        false,
	} {
		if got := PublicAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("PublicAddr(%s) = %v, want %v", addr, got, want)
		}
	}
}

// last is the highest address of p.
func last(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

func TestPublicOnlyControl(t *testing.T) {
	for addr, want := range map[string]error{
		"93.184.215.14:443":          nil,
		"[2606:4700::6810:84e5]:443": nil,
		"127.0.0.1:80":               ErrNotPublic,
		"169.254.169.254:80":         ErrNotPublic,
		"[::1]:443":                  ErrNotPublic,
		"[::127.0.0.1]:443":          ErrNotPublic,
		"[::ffff:10.0.0.1]:443":      ErrNotPublic,
		"[fe80::1%eth0]:443":         ErrNotPublic,
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
