package upstreams

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync"
	"syscall"
)

// Requests of AnyHost sources go wherever a buyer points them, so they may
// only reach public addresses. The check runs on the address actually dialed,
// after DNS resolution, for the first request and every redirect alike, which
// also defeats DNS rebinding.

// nonPublic are ranges netip's predicates do not cover: shared address space,
// IETF, documentation and benchmarking blocks, reserved space, NAT64 and 6to4
// (which can embed a private IPv4 address), and IPv6 site-local.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
	netip.MustParsePrefix("fec0::/10"),
}

// PublicAddr reports whether ip is a public unicast internet address: not
// loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
// (169.254/16 with the cloud metadata address, fe80::/10), multicast,
// unspecified, CGNAT or reserved.
func PublicAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() ||
		ip.IsLinkLocalUnicast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// ErrNotPublic is a dial refused because the address is not public.
var ErrNotPublic = errors.New("the address is not a public internet address")

// publicOnlyControl is a net.Dialer Control func that refuses every
// non-public address.
func publicOnlyControl(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return ErrNotPublic
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !PublicAddr(ip) {
		return ErrNotPublic
	}
	return nil
}

type publicOnlyKey struct{}

// publicOnly marks a request context whose dials must reach public addresses.
func publicOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, publicOnlyKey{}, true)
}

func isPublicOnly(ctx context.Context) bool { return ctx.Value(publicOnlyKey{}) != nil }

// Replay servers trusted with AnyHost requests: sandbox answers them from a
// loopback replay server, which the public-address rule would refuse.
var trustedReplays sync.Map

// TrustReplay lets AnyHost requests reach the replay server at base.
func TrustReplay(base string) { trustedReplays.Store(strings.TrimSuffix(base, "/")+"/", true) }

// mustBePublic says whether req may only reach public addresses.
func mustBePublic(req *Request) bool {
	src, ok := LookupSource(req.Source)
	if !ok || !src.AnyHost {
		return false
	}
	trusted := false
	trustedReplays.Range(func(base, _ any) bool {
		trusted = strings.HasPrefix(req.URL, base.(string))
		return !trusted
	})
	return !trusted
}
