package x402

import (
	"crypto/ecdsa"
	"crypto/rand"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// Backdate is how far before now a buyer's authorization starts, so that a
// chain or facilitator clock a little behind still accepts it.
const Backdate = 10 * time.Minute

// DomainOf is the EIP-712 domain a requirements entry asks buyers to sign
// against: its chain, its asset and the token name and version in extra.
func DomainOf(r *Requirements) (Domain, error) {
	id, ok := strings.CutPrefix(r.Network, "eip155:")
	chain, valid := new(big.Int).SetString(id, 10)
	if !ok || !valid || chain.Sign() <= 0 {
		return Domain{}, fmt.Errorf("network %q is not an eip155 chain", r.Network)
	}
	if !common.IsHexAddress(r.Asset) {
		return Domain{}, fmt.Errorf("asset %q is not an address", r.Asset)
	}
	name, _ := r.Extra["name"].(string)
	version, _ := r.Extra["version"].(string)
	if name == "" || version == "" {
		return Domain{}, fmt.Errorf("requirements name no EIP-712 token name and version in extra")
	}
	return Domain{Name: name, Version: version, ChainID: chain, VerifyingContract: common.HexToAddress(r.Asset)}, nil
}

// Sign authorizes a transfer of exactly r.Amount to r.PayTo, valid from
// Backdate ago until r.MaxTimeoutSeconds from now, under a random nonce.
func Sign(key *ecdsa.PrivateKey, r *Requirements, now time.Time) (*ExactPayload, error) {
	d, err := DomainOf(r)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, 32)
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	a := Authorization{
		From:        crypto.PubkeyToAddress(key.PublicKey).Hex(),
		To:          r.PayTo,
		Value:       r.Amount,
		ValidAfter:  strconv.FormatInt(now.Add(-Backdate).Unix(), 10),
		ValidBefore: strconv.FormatInt(now.Add(time.Duration(r.MaxTimeoutSeconds)*time.Second).Unix(), 10),
		Nonce:       hexutil.Encode(nonce),
	}
	sig, err := SignAuthorization(key, d, &a)
	if err != nil {
		return nil, err
	}
	return &ExactPayload{Signature: sig, Authorization: a}, nil
}

// Pay signs a v2 exact payment for the terms' exact entry and returns
// the PAYMENT-SIGNATURE value. The server's resource and extensions are
// echoed, as the specification asks.
func Pay(key *ecdsa.PrivateKey, required *PaymentRequired, now time.Time) (string, *Payload, error) {
	if required.X402Version != 2 || len(required.Accepts) == 0 {
		return "", nil, fmt.Errorf("terms are not x402 v2 with at least one accepts entry")
	}
	i := slices.IndexFunc(required.Accepts, func(r Requirements) bool { return r.Scheme == SchemeExact })
	if i < 0 {
		return "", nil, fmt.Errorf("terms offer no %s scheme", SchemeExact)
	}
	accepted := required.Accepts[i]
	exact, err := Sign(key, &accepted, now)
	if err != nil {
		return "", nil, err
	}
	p := &Payload{X402Version: 2, Resource: required.Resource, Accepted: accepted, Payload: SchemePayload{ExactPayload: exact}, Extensions: required.Extensions}
	header, err := EncodeHeader(p)
	return header, p, err
}
