package registry

import (
	_ "embed"
	"net"
	"net/url"
	"strings"
)

// Icon is the service's icon, served at PathIcon (which /docs links as its
// icon) and PathFavicon, and named by the bazaar service metadata's
// iconUrl; PathFavicon is where a browser looks for one unasked.
//
//go:embed icon.svg
var Icon []byte

// IconURL is the icon's absolute address, or "" when catalogs would drop it:
// the bazaar extension keeps an iconUrl only on a named http(s) host, never
// an IP literal, a loopback name or a number in disguise.
func (s Site) IconURL() string {
	u, err := url.Parse(s.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return ""
	}
	host, err := url.PathUnescape(u.Hostname())
	if err != nil || !publicHostName(strings.ToLower(host)) {
		return ""
	}
	return s.URL(PathIcon)
}

// publicHostName applies the bazaar extension's iconUrl host rules.
func publicHostName(host string) bool {
	switch host {
	case "", "localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback":
		return false
	}
	if net.ParseIP(host) != nil || strings.HasPrefix(host, "0x") || strings.Trim(host, "0123456789") == "" {
		return false
	}
	return !strings.ContainsFunc(host, func(r rune) bool { return r < 0x20 || r == 0x7f })
}
