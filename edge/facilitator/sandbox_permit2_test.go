package facilitator

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator/permit2"
	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
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

// The test USDC's EIP-2612 permit sets the owner's allowance once per
// nonce, and refuses a replay, an expired permit and another signer's.
func TestTokenPermit(t *testing.T) {
	s := newSandbox(t, 2)
	ctx := context.Background()
	token := usdc.NewTestUSDC()
	contract := token.Instance(s.client, s.Network.Asset)
	owner, sender := s.Buyers[0], s.Buyers[1]
	now := s.clock().Unix()
	permit := func(signer *ecdsa.PrivateKey, value, nonce, deadline int64) []byte {
		m := &x402.EIP2612Message{Owner: owner.Address, Token: s.Network.Asset, Spender: x402.Permit2Address,
			Value: big.NewInt(value), Nonce: big.NewInt(nonce), Deadline: big.NewInt(deadline)}
		sig, err := crypto.Sign(x402.EIP2612Hash(s.Network.Domain(), m).Bytes(), signer)
		if err != nil {
			t.Fatal(err)
		}
		return token.PackPermit(m.Owner, m.Spender, m.Value, m.Deadline, sig[64]+27, [32]byte(sig[:32]), [32]byte(sig[32:64]))
	}
	opts := bind.NewKeyedTransactor(sender.Key, s.Network.ChainID)
	opts.Context = ctx
	first := permit(owner.Key, 7000, 0, now+3600)
	tx, err := bind.Transact(contract, opts, first)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, tx.Hash()); err != nil {
		t.Fatal(err)
	}
	allowance, err := bind.Call(contract, nil, token.PackAllowance(owner.Address, x402.Permit2Address), token.UnpackAllowance)
	if err != nil || allowance.Cmp(big.NewInt(7000)) != 0 {
		t.Fatalf("allowance %v (%v), want 7000", allowance, err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"replayed", first, "EIP2612: invalid signature"},
		{"expired", permit(owner.Key, 1, 1, now-1), "EIP2612: permit is expired"},
		{"signed by another", permit(sender.Key, 1, 1, now+3600), "EIP2612: invalid signature"},
	} {
		if _, err := bind.Transact(contract, opts, c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// Permit2 moves a token only through a call that succeeds: its
// SafeTransferLib (contracts/permit2lib) refuses a transfer the token
// reverts and one from an address without code, which returns nothing
// and would otherwise count as done.
func TestPermit2TransfersThroughTheToken(t *testing.T) {
	s := newSandbox(t, 2)
	ctx := context.Background()
	owner, spender := s.Buyers[0], s.Buyers[1]
	token, p2 := usdc.NewTestUSDC(), permit2.NewPermit2()
	contract := p2.Instance(s.client, x402.Permit2Address)
	noCode := common.HexToAddress("0x000000000000000000000000000000000000c0de")
	// The owner lets Permit2 take 500 of the test USDC, and the spender
	// take 1000 of it, and of the address without code, through Permit2.
	send(t, s, owner.Key, token.PackApprove(x402.Permit2Address, big.NewInt(500)))
	call := func(key *ecdsa.PrivateKey, data []byte) error {
		opts := bind.NewKeyedTransactor(key, s.Network.ChainID)
		opts.Context = ctx
		tx, err := bind.Transact(contract, opts, data)
		if err != nil {
			return err
		}
		return s.Mine(ctx, tx.Hash())
	}
	expiration := big.NewInt(s.clock().Unix() + 3600)
	for _, a := range []common.Address{s.Network.Asset, noCode} {
		if err := call(owner.Key, p2.PackApprove(a, spender.Address, big.NewInt(1000), expiration)); err != nil {
			t.Fatal(err)
		}
	}
	balance := func() *big.Int {
		b, err := bind.Call(token.Instance(s.client, s.Network.Asset), nil, token.PackBalanceOf(s.PayTo), token.UnpackBalanceOf)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := balance()
	if err := call(spender.Key, p2.PackTransferFrom0(owner.Address, s.PayTo, big.NewInt(400), s.Network.Asset)); err != nil {
		t.Fatal(err)
	}
	if got := new(big.Int).Sub(balance(), before); got.Cmp(big.NewInt(400)) != 0 {
		t.Errorf("the seller got %v, want 400", got)
	}
	for _, c := range []struct {
		name   string
		amount int64
		token  common.Address
	}{
		{"beyond the token's allowance", 200, s.Network.Asset},
		{"from an address without code", 1, noCode},
	} {
		err := call(spender.Key, p2.PackTransferFrom0(owner.Address, s.PayTo, big.NewInt(c.amount), c.token))
		if err == nil || !strings.Contains(err.Error(), "TRANSFER_FROM_FAILED") {
			t.Errorf("a transfer %s: %v, want TRANSFER_FROM_FAILED", c.name, err)
		}
	}
}
