package x402

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Permit2Authorization is the message of a Permit2 witness transfer
// (PermitWitnessTransferFrom) as the exact and upto EVM specs put it on the
// wire, every number a decimal string. Its spender is the scheme's x402
// proxy, and its witness binds the payee (and, for upto, the facilitator
// allowed to choose the amount).
type Permit2Authorization struct {
	From      string           `json:"from"`
	Permitted TokenPermissions `json:"permitted"`
	Spender   string           `json:"spender"`
	Nonce     string           `json:"nonce"`
	Deadline  string           `json:"deadline"`
	Witness   Permit2Witness   `json:"witness"`
}

// TokenPermissions is the token and the most a Permit2 signature lets move.
type TokenPermissions struct {
	Token  string `json:"token"`
	Amount string `json:"amount"`
}

// Permit2Witness is the x402 proxies' witness. Facilitator is upto's only.
type Permit2Witness struct {
	To          string `json:"to"`
	Facilitator string `json:"facilitator,omitempty"`
	ValidAfter  string `json:"validAfter"`
}

// Permit2 is the payment's Permit2 authorization, nil when it carries none.
func (s *SchemePayload) Permit2() *Permit2Authorization {
	if s.ExactPayload == nil {
		return nil
	}
	return s.ExactPayload.Permit2Authorization
}

// Permit2Message is a Permit2Authorization read: every field parsed.
// Upto says which witness the signature covers.
type Permit2Message struct {
	From, Token, Spender, To, Facilitator common.Address
	Amount, Nonce, Deadline, ValidAfter   *big.Int
	Upto                                  bool
}

// ParsePermit2 reads a, signed for scheme (exact or upto): every field must
// be well formed, and the witness must be that scheme's.
func ParsePermit2(scheme string, a *Permit2Authorization) (*Permit2Message, error) {
	m := &Permit2Message{Upto: scheme == SchemeUpto}
	if scheme != SchemeExact && !m.Upto {
		return nil, fmt.Errorf("scheme %q has no Permit2 witness", scheme)
	}
	if m.Upto != (a.Witness.Facilitator != "") {
		if m.Upto {
			return nil, fmt.Errorf("an upto witness names its facilitator")
		}
		return nil, fmt.Errorf("an exact witness has no facilitator")
	}
	var err error
	for _, f := range []struct {
		name, value string
		to          *common.Address
	}{{"from", a.From, &m.From}, {"permitted.token", a.Permitted.Token, &m.Token}, {"spender", a.Spender, &m.Spender}, {"witness.to", a.Witness.To, &m.To}} {
		if *f.to, err = parseAddress(f.name, f.value); err != nil {
			return nil, err
		}
	}
	if m.Upto {
		if m.Facilitator, err = parseAddress("witness.facilitator", a.Witness.Facilitator); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		name, value string
		to          **big.Int
	}{{"permitted.amount", a.Permitted.Amount, &m.Amount}, {"nonce", a.Nonce, &m.Nonce}, {"deadline", a.Deadline, &m.Deadline}, {"witness.validAfter", a.Witness.ValidAfter, &m.ValidAfter}} {
		if *f.to, err = parseUint256(f.name, f.value); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Proxy is the x402 proxy a Permit2 payment of this kind must name as its
// spender.
func (m *Permit2Message) Proxy() common.Address {
	if m.Upto {
		return UptoPermit2ProxyAddress
	}
	return ExactPermit2ProxyAddress
}

// EIP2612GasSponsoring is the extension's name: the buyer's EIP-2612 permit
// for Permit2, which the facilitator submits before the transfer, so a
// wallet with no gas and no prior approval can pay.
const EIP2612GasSponsoring = "eip2612GasSponsoring"

// EIP2612Permit is the extension's info, as the buyer signed it.
type EIP2612Permit struct {
	From      string `json:"from"`
	Asset     string `json:"asset"`
	Spender   string `json:"spender"`
	Amount    string `json:"amount"`
	Nonce     string `json:"nonce"`
	Deadline  string `json:"deadline"`
	Signature string `json:"signature"`
	Version   string `json:"version"`
}

// SponsoredPermit is the payment's eip2612GasSponsoring info: nil when the
// payment carries none, an error when it is there but malformed.
func (p *Payload) SponsoredPermit() (*EIP2612Permit, error) {
	if len(p.Extensions) == 0 {
		return nil, nil
	}
	var ext struct {
		Sponsoring *struct {
			Info *EIP2612Permit `json:"info"`
		} `json:"eip2612GasSponsoring"`
	}
	if err := json.Unmarshal(p.Extensions, &ext); err != nil {
		return nil, fmt.Errorf("extensions: %w", err)
	}
	if ext.Sponsoring == nil {
		return nil, nil
	}
	if ext.Sponsoring.Info == nil {
		return nil, fmt.Errorf("%s has no info", EIP2612GasSponsoring)
	}
	return ext.Sponsoring.Info, nil
}

// eip2612Sponsoring is the eip2612GasSponsoring declaration in a 402 that
// offers Permit2: the facilitator submits the buyer's EIP-2612 permit for
// Permit2, so a wallet with no gas and no approval can pay. The buyer
// fills in the rest.
var eip2612Sponsoring = map[string]any{
	"info": map[string]any{
		"description": "The facilitator accepts an EIP-2612 gasless permit to the canonical Permit2 contract.",
		"version":     "1",
	},
	"schema": map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"type":    "object",
		"properties": map[string]any{
			"from":      map[string]any{"type": "string", "pattern": "^0x[a-fA-F0-9]{40}$"},
			"asset":     map[string]any{"type": "string", "pattern": "^0x[a-fA-F0-9]{40}$"},
			"spender":   map[string]any{"type": "string", "pattern": "^0x[a-fA-F0-9]{40}$"},
			"amount":    map[string]any{"type": "string", "pattern": "^[0-9]+$"},
			"nonce":     map[string]any{"type": "string", "pattern": "^[0-9]+$"},
			"deadline":  map[string]any{"type": "string", "pattern": "^[0-9]+$"},
			"signature": map[string]any{"type": "string", "pattern": "^0x[a-fA-F0-9]+$"},
			"version":   map[string]any{"type": "string"},
		},
		"required": []string{"from", "asset", "spender", "amount", "nonce", "deadline", "signature", "version"},
	},
}
