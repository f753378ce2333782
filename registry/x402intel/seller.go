package x402intel

import (
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

// owns reports whether a catalog entry belongs to the seller: listed under
// its base URL or paid to its wallet.
func owns(s registry.Seller, r x402catalog.Resource) bool {
	base := strings.TrimRight(s.BaseURL, "/")
	if base != "" && (r.Resource == base || strings.HasPrefix(r.Resource, base+"/")) {
		return true
	}
	for _, a := range r.Accepts {
		if s.PayTo != "" && strings.EqualFold(a.PayTo, s.PayTo) {
			return true
		}
	}
	return false
}
