package web

import (
	"net/netip"
	"net/url"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

// Buyers name the URLs and domains the web tools fetch. Whatever they send,
// parsing must not panic, and what it accepts must be an http(s) URL of a
// host that passes the guard, which builds request URLs that parse back to
// the same host. Seeds: testdata/fuzz.

func FuzzParseURL(f *testing.F) {
	f.Add("https://www.python.org/#top")
	f.Fuzz(func(t *testing.T, raw string) {
		u, problem := ParseURL(raw)
		if u == nil {
			if problem == "" {
				t.Fatal("refused without a problem")
			}
			return
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.User != nil || u.Fragment != "" {
			t.Fatalf("accepted %q as %s", raw, u)
		}
		checkHost(t, u.Hostname())
		back, err := url.Parse(Page(u).URL)
		if err != nil || back.Hostname() != u.Hostname() {
			t.Fatalf("%q: request URL %s reads back as %v, %v", raw, Page(u).URL, back, err)
		}
	})
}

func FuzzParseDomain(f *testing.F) {
	f.Add("WWW.Python.org.")
	f.Fuzz(func(t *testing.T, raw string) {
		d, problem := ParseDomain(raw)
		if problem != "" {
			return
		}
		checkHost(t, d)
		req := SiteFile(d, "/robots.txt")
		u, problem := ParseURL(req.URL)
		if u == nil || u.Hostname() != d {
			t.Fatalf("domain %q (from %q) builds %s, which ParseURL reads as %v: %s", d, raw, req.URL, u, problem)
		}
	})
}

// checkHost: an accepted host passes CheckHost, and an IP literal is public.
func checkHost(t *testing.T, host string) {
	t.Helper()
	if p := CheckHost(host); p != "" {
		t.Fatalf("accepted host %q fails CheckHost: %s", host, p)
	}
	if ip, err := netip.ParseAddr(host); err == nil && !upstreams.PublicAddr(ip) {
		t.Fatalf("accepted non-public address %s", ip)
	}
}
