package facilitator

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"math/big"
	"strconv"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator/usdc"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// freshWallet is a new key holding funds of the test USDC, sent by buyer 0,
// and no ETH: it can pay only through a sponsored permit.
func freshWallet(t *testing.T, s *Sandbox, funds int64) *ecdsa.PrivateKey {
	t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	send(t, s, s.Buyers[0].Key, usdc.NewTestUSDC().PackTransfer(crypto.PubkeyToAddress(key.PublicKey), big.NewInt(funds)))
	return key
}

// send has key call the test USDC with data, and mines it.
func send(t *testing.T, s *Sandbox, key *ecdsa.PrivateKey, data []byte) {
	t.Helper()
	ctx := context.Background()
	opts := bind.NewKeyedTransactor(key, s.Network.ChainID)
	opts.Context = ctx
	tx, err := bind.Transact(usdc.NewTestUSDC().Instance(s.client, s.Network.Asset), opts, data)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Mine(ctx, tx.Hash()); err != nil {
		t.Fatal(err)
	}
}

// permit2Payment is a Permit2 payment under construction: tests change any
// part before signing it.
type permit2Payment struct {
	scheme    string
	auth      x402.Permit2Authorization
	req       x402.Requirements // what the seller asks the facilitator
	signer    *ecdsa.PrivateKey
	sponsored bool // sign an EIP-2612 permit for Permit2, as a wallet without approval does
	permit    x402.EIP2612Permit
}

// newPermit2 is key paying amount (the most, for upto) to the seller,
// through the scheme's proxy, from ten minutes ago for an hour.
func (s *Sandbox) newPermit2(scheme string, key *ecdsa.PrivateKey, amount int64) *permit2Payment {
	now := s.clock().Unix()
	extra := map[string]any{"name": "USD Coin", "version": "2"}
	p := &permit2Payment{
		scheme: scheme, signer: key, sponsored: true,
		auth: x402.Permit2Authorization{
			From:      crypto.PubkeyToAddress(key.PublicKey).Hex(),
			Permitted: x402.TokenPermissions{Token: s.Network.Asset.Hex(), Amount: strconv.FormatInt(amount, 10)},
			Spender:   x402.ExactPermit2ProxyAddress.Hex(), Nonce: randomNonce().String(),
			Deadline: strconv.FormatInt(now+3600, 10),
			Witness:  x402.Permit2Witness{To: s.PayTo.Hex(), ValidAfter: strconv.FormatInt(now-600, 10)},
		},
	}
	if scheme == x402.SchemeUpto {
		p.auth.Spender, p.auth.Witness.Facilitator = x402.UptoPermit2ProxyAddress.Hex(), s.Facilitator.Address().Hex()
		extra["facilitatorAddress"] = s.Facilitator.Address().Hex()
	} else {
		extra["assetTransferMethod"] = x402.AssetTransferMethodPermit2
	}
	p.req = x402.Requirements{Scheme: scheme, Network: s.Network.ID, Amount: p.auth.Permitted.Amount, Asset: s.Network.Asset.Hex(),
		PayTo: s.PayTo.Hex(), MaxTimeoutSeconds: 60, Extra: extra}
	p.permit = x402.EIP2612Permit{From: p.auth.From, Asset: s.Network.Asset.Hex(), Spender: x402.Permit2Address.Hex(),
		Amount: p.auth.Permitted.Amount, Deadline: p.auth.Deadline, Version: "1"}
	return p
}

// randomNonce is a Permit2 nonce, random as the official client's.
func randomNonce() *big.Int {
	b := make([]byte, 32)
	rand.Read(b)
	return new(big.Int).SetBytes(b)
}

// sign signs the authorization and, when sponsored, the permit with the
// token's next permit nonce for the payer.
func (p *permit2Payment) sign(t *testing.T, s *Sandbox) (*x402.Payload, *x402.Requirements) {
	t.Helper()
	m, err := x402.ParsePermit2(p.scheme, &p.auth)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := x402.SignPermit2(p.signer, s.Network.ChainID, m)
	if err != nil {
		t.Fatal(err)
	}
	accepted := p.req
	accepted.Amount = p.auth.Permitted.Amount
	pay := &x402.Payload{X402Version: 2, Accepted: accepted,
		Payload: x402.SchemePayload{ExactPayload: &x402.ExactPayload{Signature: sig, Permit2Authorization: &p.auth}}}
	if p.sponsored {
		token := usdc.NewTestUSDC()
		nonce, err := bind.Call(token.Instance(s.client, s.Network.Asset), &bind.CallOpts{}, token.PackNonces(m.From), token.UnpackNonces)
		if err != nil {
			t.Fatal(err)
		}
		permit := p.permit
		if permit.Nonce == "" {
			permit.Nonce = nonce.String()
		}
		pm, err := x402.ParseEIP2612(&x402.EIP2612Permit{From: permit.From, Asset: permit.Asset, Spender: permit.Spender, Amount: permit.Amount,
			Nonce: permit.Nonce, Deadline: permit.Deadline, Signature: "0x" + common.Bytes2Hex(make([]byte, 64)) + "1b"})
		if err != nil {
			t.Fatal(err)
		}
		if permit.Signature, err = x402.SignDigest(p.signer, x402.EIP2612Hash(s.Network.Domain(), pm)); err != nil {
			t.Fatal(err)
		}
		if pay.Extensions, err = json.Marshal(map[string]any{x402.EIP2612GasSponsoring: map[string]any{"info": permit}}); err != nil {
			t.Fatal(err)
		}
	}
	req := p.req
	return pay, &req
}
