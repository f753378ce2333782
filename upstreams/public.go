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

// special are the IANA special-purpose address blocks (the IPv4 and IPv6
// Special-Purpose Address Registries) that netip's predicates and the
// 2000::/3 rule below leave open. Blocks the registries mark globally
// reachable (anycast, AS112, AMT) are refused too: no web page lives there.
var special = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),         // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),     // shared address space (CGNAT)
	netip.MustParsePrefix("192.0.0.0/24"),      // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),      // documentation (TEST-NET-1)
	netip.MustParsePrefix("192.31.196.0/24"),   // AS112-v4
	netip.MustParsePrefix("192.52.193.0/24"),   // AMT
	netip.MustParsePrefix("192.88.99.0/24"),    // deprecated 6to4 relay anycast
	netip.MustParsePrefix("192.175.48.0/24"),   // direct delegation AS112
	netip.MustParsePrefix("198.18.0.0/15"),     // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"),   // documentation (TEST-NET-2)
	netip.MustParsePrefix("203.0.113.0/24"),    // documentation (TEST-NET-3)
	netip.MustParsePrefix("240.0.0.0/4"),       // reserved, and the limited broadcast address
	netip.MustParsePrefix("2001::/23"),         // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112, DETs
	netip.MustParsePrefix("2001:db8::/32"),     // documentation
	netip.MustParsePrefix("2002::/16"),         // 6to4, which can embed any IPv4 address
	netip.MustParsePrefix("2620:4f:8000::/48"), // direct delegation AS112
	netip.MustParsePrefix("3fff::/20"),         // documentation
}

// globalUnicast6 is the only IPv6 block allocated for global unicast; all
// else (::/96 IPv4-compatible, ::ffff:0:0:0/96 IPv4-translated, 64:ff9b:1::/48
// local-use translation, 100::/64 discard, 5f00::/16 SRv6, ULA, link-local,
// site-local, multicast) is not public.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// nat64 is the well-known NAT64 prefix; its last 32 bits are an IPv4
// address, which decides.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// PublicAddr reports whether ip is a public unicast internet address: not in
// any IANA special-purpose block (loopback, private, link-local with the
// cloud metadata address, CGNAT, documentation, benchmarking, reserved,
// multicast, unspecified), and not an IPv6 form of a non-public IPv4 address
// (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Addresses with a zone are refused.
func PublicAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.Zone() != "" {
		return false
	}
	if nat64.Contains(ip) {
		b := ip.As16()
		return PublicAddr(netip.AddrFrom4([4]byte(b[12:])))
	}
	if ip.Is6() && !globalUnicast6.Contains(ip) {
		return false
	}
	if !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() ||
		ip.IsLinkLocalUnicast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range special {
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
