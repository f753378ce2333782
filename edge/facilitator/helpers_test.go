package facilitator

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"math/big"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/ethclient"
)

const price = 10_000 // 0.01 USDC

// The standalone facilitator runs on any JSON-RPC endpoint.
var _ Backend = (*ethclient.Client)(nil)

func newSandbox(t testing.TB, buyers int) *Sandbox {
	t.Helper()
	s, err := NewSandbox(context.Background(), buyers, 1337)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// payment is a payment under construction: tests change any part before
// signing it.
type payment struct {
	accepted x402.Requirements // what the buyer echoes
	req      x402.Requirements // what the seller asks the facilitator
	auth     x402.Authorization
	domain   x402.Domain
	signer   *ecdsa.PrivateKey
}

// newPayment is buyer i paying amount to the seller, valid from ten minutes
// ago for an hour by the sandbox's clock.
func (s *Sandbox) newPayment(i int, amount int64) *payment {
	req := x402.Requirements{
		Scheme: "exact", Network: s.Network.ID, Amount: strconv.FormatInt(amount, 10), Asset: s.Network.Asset.Hex(),
		PayTo: s.PayTo.Hex(), MaxTimeoutSeconds: 60, Extra: map[string]any{"name": "USD Coin", "version": "2"},
	}
	nonce := make([]byte, 32)
	rand.Read(nonce)
	now := s.clock().Unix()
	return &payment{
		accepted: req,
		req:      req,
		auth: x402.Authorization{
			From: s.Buyers[i].Address.Hex(), To: s.PayTo.Hex(), Value: req.Amount,
			ValidAfter: strconv.FormatInt(now-600, 10), ValidBefore: strconv.FormatInt(now+3600, 10),
			Nonce: hexutil.Encode(nonce),
		},
		domain: s.Network.Domain(),
		signer: s.Buyers[i].Key,
	}
}

func (p *payment) sign(t testing.TB) (*x402.Payload, *x402.Requirements) {
	t.Helper()
	d := &x402test.Draft{Payload: x402.Payload{X402Version: 2, Accepted: p.accepted, Payload: x402.SchemePayload{ExactPayload: &x402.ExactPayload{Authorization: p.auth}}},
		Domain: p.domain, Key: p.signer}
	req := p.req
	return d.Sign(t), &req
}

// both runs a test against the facilitator in-process and over HTTP on
// 127.0.0.1, through edge/x402's facilitator client.
func both(t *testing.T, buyers int, test func(t *testing.T, s *Sandbox, f x402.Facilitator)) {
	t.Run("in-process", func(t *testing.T) {
		s := newSandbox(t, buyers)
		test(t, s, s.Facilitator)
	})
	t.Run("http", func(t *testing.T) {
		s := newSandbox(t, buyers)
		srv := httptest.NewServer(s.Facilitator.HTTPHandler())
		t.Cleanup(srv.Close)
		test(t, s, x402.NewHTTPFacilitator(srv.URL, ""))
	})
}

func balanceOf(t testing.TB, s *Sandbox, addr common.Address) *big.Int {
	t.Helper()
	b, err := s.BalanceOf(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
