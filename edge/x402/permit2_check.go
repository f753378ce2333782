package x402

import (
	"math/big"
	"strings"
	"time"
)

// checkPermit2 is the local check of a Permit2 payment (exact through
// Permit2, or upto) against want, this network's entry of its kind: a
// witness transfer of exactly the offer's price (upto's most) of the
// network's token, to the seller through the kind's proxy, within the
// window, signed by its from; upto's witness must name the facilitator the
// entry does, the only one that may settle it.
func (t *Terms) checkPermit2(p *Payment, k Kind, want *Requirements, now time.Time) (time.Time, error) {
	a := p.V2.Payload.Permit2()
	if a == nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "payload has no permit2Authorization; a %s payment carries a Permit2 witness transfer and its signature", k)
	}
	m, err := ParsePermit2(k.Scheme, a)
	if err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "permit2Authorization: %v", err)
	}
	switch {
	case m.Spender != m.Proxy():
		return time.Time{}, refuse(ReasonInvalidPayload, "permit2Authorization.spender %s is not the x402 %s proxy %s", a.Spender, k.Scheme, m.Proxy().Hex())
	case m.To != t.PayTo:
		return time.Time{}, refuse(ReasonRecipientMismatch, "permit2Authorization.witness.to %s is not the seller %s", a.Witness.To, t.PayTo.Hex())
	case m.Token != t.Network.Asset:
		return time.Time{}, refuse(ReasonInvalidRequirements, "permit2Authorization.permitted.token %s is not %s (%s)", a.Permitted.Token, t.Network.Asset.Hex(), t.Network.AssetName)
	case m.Amount.Cmp(t.Amount) != 0:
		return time.Time{}, refuse(ReasonValueMismatch, "permit2Authorization.permitted.amount %s is not the price %s", a.Permitted.Amount, t.Amount)
	case m.Upto && !strings.EqualFold(m.Facilitator.Hex(), facilitatorOf(want)):
		return time.Time{}, refuse(ReasonInvalidPayload, "permit2Authorization.witness.facilitator %s is not the facilitator that settles here, %s", a.Witness.Facilitator, facilitatorOf(want))
	case m.ValidAfter.Cmp(big.NewInt(now.Unix())) > 0:
		return time.Time{}, refuse(ReasonValidAfter, "permit2Authorization is valid only after %s (unix), now is %d", a.Witness.ValidAfter, now.Unix())
	case m.Deadline.Cmp(big.NewInt(now.Add(SettleMargin).Unix())) < 0:
		return time.Time{}, refuse(ReasonValidBefore, "permit2Authorization.deadline is %s (unix); it must stay valid until at least %d", a.Deadline, now.Add(SettleMargin).Unix())
	case m.Deadline.Cmp(big.NewInt(now.Add(t.Horizon).Unix())) > 0:
		return time.Time{}, refuse(ReasonValidBefore, "permit2Authorization.deadline is %s (unix), more than %s ahead; sign one valid until %d at the latest", a.Deadline, t.Horizon, now.Add(t.Horizon).Unix())
	}
	signer, err := RecoverPermit2(t.Network.ChainID, m, p.V2.Payload.Exact().Signature)
	if err != nil {
		return time.Time{}, refuse(ReasonSignature, "%v", err)
	}
	if signer != m.From {
		return time.Time{}, refuse(ReasonSignature, "signature is by %s, not permit2Authorization.from %s (sign Permit2's PermitWitnessTransferFrom on chain %s)", signer.Hex(), a.From, t.Network.ChainID)
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
