package upstreams

import (
	"net"
	"net/netip"
	"testing"
)

// FuzzPublicAddr: any 4 or 16 bytes. An IPv4 address and its IPv4-mapped
// form are judged alike, the dial guard agrees with PublicAddr, and a public
// address is in no block netip knows as special. Seeds: testdata/fuzz.
func FuzzPublicAddr(f *testing.F) {
	f.Add([]byte{93, 184, 215, 14})
	f.Add(netip.MustParseAddr("::127.0.0.1").AsSlice())
	f.Fuzz(func(t *testing.T, b []byte) {
		ip, ok := netip.AddrFromSlice(b)
		if !ok {
			return
		}
		public := PublicAddr(ip)
		if ip.Is4() && PublicAddr(netip.AddrFrom16(ip.As16())) != public {
			t.Fatalf("%s and its IPv4-mapped form are judged differently", ip)
		}
		if err := publicOnlyControl("tcp", net.JoinHostPort(ip.String(), "443"), nil); (err == nil) != public {
			t.Fatalf("%s: PublicAddr %v, dial guard %v", ip, public, err)
		}
		u := ip.Unmap()
		if public && (u.IsLoopback() || u.IsPrivate() || u.IsLinkLocalUnicast() || u.IsMulticast() ||
			u.IsUnspecified() || u.IsInterfaceLocalMulticast() || !u.IsGlobalUnicast()) {
			t.Fatalf("%s is public, yet special", ip)
		}
		if public && u.Is6() && !globalUnicast6.Contains(u) && !nat64.Contains(u) {
			t.Fatalf("%s is public outside 2000::/3", ip)
		}
	})
}
