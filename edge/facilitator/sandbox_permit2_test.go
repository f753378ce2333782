package facilitator

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator/permit2"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
)

// Permit2 and the proxies answer from their genesis code as deployed ones
// would: Permit2's domain is built for this chain and its own address (its
// cached immutables are zero), and each proxy calls the canonical Permit2.
func TestSandboxPlacesPermit2AndTheProxies(t *testing.T) {
	s := newSandbox(t, 1)
	opts := &bind.CallOpts{Context: context.Background()}
	p2 := permit2.NewPermit2()
	sep, err := bind.Call(p2.Instance(s.client, x402.Permit2Address), opts, p2.PackDOMAINSEPARATOR(), p2.UnpackDOMAINSEPARATOR)
	if err != nil {
		t.Fatal(err)
	}
	if want := x402.Permit2Separator(s.Network.ChainID); sep != want {
		t.Errorf("Permit2's domain separator %x, want %x", sep, want)
	}
	exact, upto := permit2.NewX402ExactPermit2Proxy(), permit2.NewX402UptoPermit2Proxy()
	for _, c := range []struct {
		name string
		call func() (any, error)
	}{
		{"exact", func() (any, error) {
			return bind.Call(exact.Instance(s.client, x402.ExactPermit2ProxyAddress), opts, exact.PackPERMIT2(), exact.UnpackPERMIT2)
		}},
		{"upto", func() (any, error) {
			return bind.Call(upto.Instance(s.client, x402.UptoPermit2ProxyAddress), opts, upto.PackPERMIT2(), upto.UnpackPERMIT2)
		}},
	} {
		got, err := c.call()
		if err != nil || got != x402.Permit2Address {
			t.Errorf("the %s proxy's PERMIT2 is %v (%v), want %s", c.name, got, err, x402.Permit2Address.Hex())
		}
	}
}
