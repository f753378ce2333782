// Package x402intel holds the x402 market-intelligence tools: where this
// service and its competitors stand in the public x402 discovery catalog.
package x402intel

import (
	"strings"
	"sync/atomic"

	"github.com/coinslot/coinslot/upstreams/x402catalog"
)

// seller is this service's identity in the catalog.
type seller struct{ baseURL, payTo string }

var self atomic.Pointer[seller]

// Identify tells the tools which catalog entries are this service's own:
// those under baseURL or paid to payTo. The binary calls it at start with
// the configured base_url and pay_to.
func Identify(baseURL, payTo string) {
	self.Store(&seller{strings.TrimRight(baseURL, "/"), strings.ToLower(payTo)})
}

func identity() seller {
	if s := self.Load(); s != nil {
		return *s
	}
	return seller{}
}

// owns reports whether a catalog entry belongs to this service.
func (s seller) owns(r x402catalog.Resource) bool {
	if s.baseURL != "" && (r.Resource == s.baseURL || strings.HasPrefix(r.Resource, s.baseURL+"/")) {
		return true
	}
	for _, a := range r.Accepts {
		if s.payTo != "" && strings.EqualFold(a.PayTo, s.payTo) {
			return true
		}
	}
	return false
}
