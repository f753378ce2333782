package web

import (
	"net/netip"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// MaxPage is the most of a page the tools read; the runtime caps whole
// answers at upstreams.MaxBody.
const MaxPage = 2 << 20

// Page asks for one page.
func Page(u *url.URL) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: u.String(),
		Header: map[string][]string{"Accept": {"text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5"}}}
}

// SiteFile asks for a file at the root of a domain's https site, e.g.
// "/robots.txt". The domain may be an IP literal; an IPv6 one is bracketed.
func SiteFile(domain, path string) *upstreams.Request {
	if ip, err := netip.ParseAddr(domain); err == nil && ip.Is6() {
		domain = "[" + domain + "]"
	}
	return Page(&url.URL{Scheme: "https", Host: domain, Path: path})
}

// ParseURL accepts an absolute http(s) URL of a public host and says what is
// wrong otherwise. Names are resolved only when dialing, where the runtime
// refuses non-public addresses again; this catches the obvious cases early.
func ParseURL(raw string) (*url.URL, string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	switch {
	case err != nil || u.Host == "":
		return nil, "must be an absolute URL including the https:// scheme"
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, "must use http or https"
	case u.User != nil:
		return nil, "must not carry a user name or password"
	}
	if problem := CheckHost(u.Hostname()); problem != "" {
		return nil, problem
	}
	u.Fragment = ""
	return u, ""
}

// CheckHost refuses hosts that cannot be public: private and loopback IP
// literals, localhost and names reserved for internal use.
func CheckHost(host string) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if ip, err := netip.ParseAddr(host); err == nil {
		if !upstreams.PublicAddr(ip) {
			return "must be a public address, not a private, loopback or link-local one"
		}
		return ""
	}
	for _, suffix := range []string{"localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".test", ".invalid"} {
		if host == strings.TrimPrefix(suffix, ".") || strings.HasSuffix(host, suffix) {
			return "must be a public host name"
		}
	}
	if !strings.Contains(host, ".") || !validName(host) || numeric(host[strings.LastIndexByte(host, '.')+1:]) {
		return "must be a public host name"
	}
	return ""
}

// numeric says whether a last label reads as a number, which makes browsers
// and some resolvers take the whole name as an IPv4 address ("127.1",
// "0x7f.1"): no real top-level domain is one.
func numeric(label string) bool {
	if hex, ok := strings.CutPrefix(label, "0x"); ok {
		return strings.Trim(hex, "0123456789abcdef") == ""
	}
	return strings.Trim(label, "0123456789") == ""
}

// ParseDomain accepts a bare domain ("example.com"), an IP literal (an IPv6
// one with or without brackets) or a URL and returns the host name, unbracketed.
func ParseDomain(raw string) (string, string) {
	raw = strings.TrimSpace(raw)
	if strings.Contains(raw, "://") {
		u, problem := ParseURL(raw)
		if problem != "" {
			return "", problem
		}
		return strings.ToLower(u.Hostname()), ""
	}
	host := strings.ToLower(strings.TrimSuffix(strings.TrimRight(raw, "/"), "."))
	if inner, ok := strings.CutPrefix(host, "["); ok && strings.HasSuffix(inner, "]") {
		host = strings.TrimSuffix(inner, "]")
	}
	if problem := CheckHost(host); problem != "" {
		return "", problem
	}
	return host, ""
}

// validName is a DNS host name: labels of letters, digits and hyphens.
func validName(host string) bool {
	if len(host) > 253 {
		return false
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// Absent reports whether err means the file is not there (a 4xx answer),
// as opposed to the site failing.
func Absent(err error) bool {
	ue, ok := upstreams.AsError(err)
	return ok && (ue.Kind == upstreams.NotFound || ue.Status >= 400 && ue.Status < 500)
}
