package facilitator

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

func TestNewChecksTheChain(t *testing.T) {
	s := newSandbox(t, 1)
	noToken := s.Network
	noToken.Asset = s.PayTo
	cases := []struct {
		network x402.Network
		want    string
	}{
		{x402.Base, "facilitator: the RPC endpoint serves chain 1337, network eip155:8453 is chain 8453"},
		{noToken, "facilitator: no contract at " + s.PayTo.Hex() + " on eip155:1337"},
	}
	for _, c := range cases {
		_, err := New(context.Background(), Config{Network: c.network, Backend: s.Client(), GasKey: sandboxKey("gas key")})
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}
