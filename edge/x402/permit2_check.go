package x402

import (
	"math/big"
	"strings"
	"time"
)

// checkPermit2 is the local check of a Permit2 payment (exact through
// Permit2, or upto) against want, this network's entry of its kind, by the
// rule the facilitator applies (Permit2Message.Check), with the seller's
// horizon: a payment left pending holds its reservation until it expires.
func (t *Terms) checkPermit2(p *Payment, k Kind, want *Requirements, now time.Time) (time.Time, error) {
	a := p.V2.Payload.Permit2()
	if a == nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "payload has no permit2Authorization; a %s payment carries a Permit2 witness transfer and its signature", k)
	}
	m, err := ParsePermit2(k.Scheme, a)
	if err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "permit2Authorization: %v", err)
	}
	// Upto entries are written with the facilitator's address; an entry
	// without one leaves the zero address, which no settlement is sent from.
	facilitator, _ := parseAddress("facilitatorAddress", facilitatorOf(want))
	if r := m.Check(&Permit2Want{PayTo: t.PayTo, Token: t.Network.Asset, Amount: t.Amount, Facilitator: facilitator,
		ChainID: t.Network.ChainID, Now: now, Margin: SettleMargin, Horizon: t.Horizon}, p.V2.Payload.Exact().Signature); r != nil {
		return time.Time{}, r
	}
	return time.Unix(m.Deadline.Int64(), 0), nil
}

// facilitatorOf is the facilitator an upto entry names in its extra.
func facilitatorOf(r *Requirements) string {
	a, _ := r.Extra["facilitatorAddress"].(string)
	return a
}

// Signed is the one transfer a payment of a single transfer signs, read
// alike whatever moves it: EIP-3009's authorization as sent, or a Permit2
// witness transfer's fields in the same places (the witness's payee as to,
// the permitted amount as value, the deadline as validBefore, the Permit2
// nonce in decimal, which no EIP-3009 nonce is spelt as). With the
// signature, it is what the ledger and the retries know a payment by.
func (p *Payment) Signed() (*Authorization, string) {
	e := p.Exact()
	if a := e.Permit2Authorization; a != nil {
		nonce := a.Nonce
		if n, ok := new(big.Int).SetString(nonce, 0); ok {
			nonce = n.String()
		}
		return &Authorization{From: a.From, To: a.Witness.To, Value: a.Permitted.Amount,
			ValidAfter: a.Witness.ValidAfter, ValidBefore: a.Deadline, Nonce: nonce}, e.Signature
	}
	return &e.Authorization, e.Signature
}

// SignedByPayer reports whether p's signature is its from's, whatever its
// window: the retry of a payment that has expired since is still its
// payer's.
func (t *Terms) SignedByPayer(p *Payment) bool {
	a, signature := p.Signed()
	if pa := p.Exact().Permit2Authorization; pa != nil {
		m, err := ParsePermit2(p.Kind().Scheme, pa)
		if err != nil {
			return false
		}
		signer, err := RecoverPermit2(t.Network.ChainID, m, signature)
		return err == nil && signer == m.From
	}
	signer, err := RecoverAuthorizer(t.Network.Domain(), a, signature)
	return err == nil && strings.EqualFold(signer.Hex(), a.From)
}
