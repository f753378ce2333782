package x402

import (
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

// PayPermit2 signs a v2 payment of the terms' entry accepted, which moves
// funds through Permit2 (exact through Permit2, or upto, whose amount is
// the most it may cost): a witness transfer of accepted's amount to its
// payTo through the scheme's proxy, valid from Backdate ago until
// accepted's timeout from now. With tokenNonce set, the payment also
// carries the EIP-2612 permit for Permit2 that a wallet which never
// approved Permit2 needs (eip2612GasSponsoring), signed with that token
// permit nonce, as the official clients do.
func PayPermit2(key *ecdsa.PrivateKey, required *PaymentRequired, accepted Requirements, now time.Time, tokenNonce *big.Int) (*Payload, error) {
	k := accepted.Kind()
	if !k.Permit2() {
		return nil, fmt.Errorf("%s does not move funds through Permit2", k)
	}
	d, err := DomainOf(&accepted)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, 32)
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	from := crypto.PubkeyToAddress(key.PublicKey)
	deadline := strconv.FormatInt(now.Add(time.Duration(accepted.MaxTimeoutSeconds)*time.Second).Unix(), 10)
	a := &Permit2Authorization{
		From:      from.Hex(),
		Permitted: TokenPermissions{Token: accepted.Asset, Amount: accepted.Amount},
		Spender:   ExactPermit2ProxyAddress.Hex(),
		Nonce:     new(big.Int).SetBytes(nonce).String(),
		Deadline:  deadline,
		Witness:   Permit2Witness{To: accepted.PayTo, ValidAfter: strconv.FormatInt(now.Add(-Backdate).Unix(), 10)},
	}
	if k.Scheme == SchemeUpto {
		a.Spender, a.Witness.Facilitator = UptoPermit2ProxyAddress.Hex(), facilitatorOf(&accepted)
	}
	m, err := ParsePermit2(k.Scheme, a)
	if err != nil {
		return nil, err
	}
	sig, err := SignPermit2(key, d.ChainID, m)
	if err != nil {
		return nil, err
	}
	p := &Payload{X402Version: 2, Resource: required.Resource, Accepted: accepted,
		Payload: SchemePayload{ExactPayload: &ExactPayload{Signature: sig, Permit2Authorization: a}}, Extensions: required.Extensions}
	if tokenNonce != nil {
		if p.Extensions, err = withPermit(required.Extensions, key, d, m, tokenNonce, deadline); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// withPermit is the 402's extensions echoed, with eip2612GasSponsoring's
// info the buyer's permit for Permit2 to spend m's amount.
func withPermit(extensions json.RawMessage, key *ecdsa.PrivateKey, d Domain, m *Permit2Message, tokenNonce *big.Int, deadline string) (json.RawMessage, error) {
	ext := map[string]json.RawMessage{}
	if len(extensions) > 0 {
		if err := json.Unmarshal(extensions, &ext); err != nil {
			return nil, fmt.Errorf("extensions: %w", err)
		}
	}
	permit := EIP2612Permit{From: m.From.Hex(), Asset: m.Token.Hex(), Spender: Permit2Address.Hex(), Amount: m.Amount.String(),
		Nonce: tokenNonce.String(), Deadline: deadline, Version: "1"}
	dl, _ := new(big.Int).SetString(deadline, 10)
	digest := EIP2612Hash(d, &EIP2612Message{Owner: m.From, Token: m.Token, Spender: Permit2Address, Value: m.Amount, Nonce: tokenNonce, Deadline: dl})
	var err error
	if permit.Signature, err = SignDigest(key, digest); err != nil {
		return nil, err
	}
	info, err := json.Marshal(map[string]any{"info": permit})
	if err != nil {
		return nil, err
	}
	ext[EIP2612GasSponsoring] = info
	return json.Marshal(ext)
}
