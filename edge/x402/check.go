package x402

import (
	"math/big"
	"net/url"
	"strings"
	"time"
)

// SettleMargin is how long before validBefore a payment must still be
// valid when it is checked: the reference facilitators refuse anything
// closer, since a block takes that long to include the transfer.
const SettleMargin = 6 * time.Second

// Check is the local check of a payment against the terms, before anything
// is spent on it: version, scheme, network, asset, payee, amount (exactly
// the price), time window and the EIP-712 signature, which must recover to
// authorization.from. It returns the payment's window end on success.
func (t *Terms) Check(p *Payment, now time.Time) (validBefore time.Time, err error) {
	k := p.Kind()
	want := t.Entry(k)
	switch {
	case k.Scheme != SchemeExact && k.Scheme != SchemeUpto:
		want = &t.Requirements // refused by checkTerms, naming the scheme sold
	case want == nil:
		return time.Time{}, refuse(ReasonInvalidScheme, "%s is not sold on %s; pay %s", k, t.Network.ID, t.kinds())
	}
	if r := t.checkTerms(p, want); r != nil {
		return time.Time{}, r
	}
	if k.Permit2() {
		return t.checkPermit2(p, k, want, now)
	}
	if p.Batch() != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "payload is a %s payload; an %s payment carries an authorization and its signature", SchemeBatch, SchemeExact)
	}
	exact := p.Exact()
	a := &exact.Authorization
	if _, err := parseAddress("authorization.from", a.From); err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "%v", err)
	}
	if _, err := parseAddress("authorization.to", a.To); err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "%v", err)
	}
	if !strings.EqualFold(a.To, t.PayTo.Hex()) {
		return time.Time{}, refuse(ReasonRecipientMismatch, "authorization.to %s is not the seller %s", a.To, t.PayTo.Hex())
	}
	value, err := parseUint256("authorization.value", a.Value)
	if err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "%v", err)
	}
	if value.Cmp(t.Amount) != 0 {
		return time.Time{}, refuse(t.valueReason(p), "authorization.value %s is not the price %s", a.Value, t.Amount)
	}
	after, err := parseUint256("authorization.validAfter", a.ValidAfter)
	if err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "%v", err)
	}
	before, err := parseUint256("authorization.validBefore", a.ValidBefore)
	if err != nil {
		return time.Time{}, refuse(ReasonInvalidPayload, "%v", err)
	}
	if after.Cmp(big.NewInt(now.Unix())) > 0 {
		return time.Time{}, refuse(ReasonValidAfter, "authorization is valid only after %s (unix), now is %d", a.ValidAfter, now.Unix())
	}
	if before.Cmp(big.NewInt(now.Add(SettleMargin).Unix())) < 0 {
		return time.Time{}, refuse(ReasonValidBefore, "authorization expires at %s (unix); it must stay valid until at least %d", a.ValidBefore, now.Add(SettleMargin).Unix())
	}
	// A payment left pending is released once it expires: one valid for
	// years would hold its reservation as long.
	if latest := now.Add(t.Horizon); before.Cmp(big.NewInt(latest.Unix())) > 0 {
		return time.Time{}, refuse(ReasonValidBefore, "authorization is valid until %s (unix), more than %s ahead; sign one valid until %d at the latest", a.ValidBefore, t.Horizon, latest.Unix())
	}
	signer, err := RecoverAuthorizer(t.Network.Domain(), a, exact.Signature)
	if err != nil {
		return time.Time{}, refuse(ReasonSignature, "%v", err)
	}
	if !strings.EqualFold(signer.Hex(), a.From) {
		return time.Time{}, refuse(ReasonSignature, "signature is by %s, not authorization.from %s (sign %s version %s, chain %s, contract %s)",
			signer.Hex(), a.From, t.Network.AssetName, t.Network.AssetVersion, t.Network.ChainID, t.Network.Asset.Hex())
	}
	return time.Unix(before.Int64(), 0), nil
}

// kinds names the kinds of single transfer sold on t's network.
func (t *Terms) kinds() string {
	names := []string{KindExact.String()}
	for _, r := range t.sales {
		names = append(names, r.Kind().String())
	}
	return strings.Join(names, " or ")
}

// checkTerms compares what the buyer says it accepted with the terms' entry
// want. A v1 payment names no resource; a v2 payment must name this one.
func (t *Terms) checkTerms(p *Payment, want *Requirements) *Refusal {
	if p.V1 != nil {
		switch {
		case p.V1.Scheme != "exact":
			return refuse(ReasonInvalidScheme, "scheme %q is not exact", p.V1.Scheme)
		case p.V1.Network != t.Network.V1Name:
			return refuse(ReasonInvalidNetwork, "network %q is not %s", p.V1.Network, t.Network.V1Name)
		}
		return nil
	}
	named := "no resource"
	if p.V2.Resource != nil {
		named = p.V2.Resource.URL
	}
	acc := &p.V2.Accepted
	switch {
	case !t.names(named):
		return refuse(ReasonResourceMismatch, "the payment is for %s, not for %s; pay this route's own terms", named, t.Resource)
	case acc.Scheme != want.Scheme:
		return refuse(ReasonInvalidScheme, "accepted.scheme %q is not %s", acc.Scheme, want.Scheme)
	case acc.Network != t.Network.ID:
		return refuse(ReasonInvalidNetwork, "accepted.network %q is not %s", acc.Network, t.Network.ID)
	case !strings.EqualFold(acc.Asset, want.Asset): // NewTerms wrote it as t.Network.Asset.Hex()
		return refuse(ReasonInvalidRequirements, "accepted.asset %s is not %s (%s)", acc.Asset, t.Network.Asset.Hex(), t.Network.AssetName)
	case !strings.EqualFold(acc.PayTo, want.PayTo): // and this as t.PayTo.Hex()
		return refuse(ReasonRecipientMismatch, "accepted.payTo %s is not the seller %s", acc.PayTo, t.PayTo.Hex())
	case acc.Amount != want.Amount:
		return refuse(ReasonValueMismatch, "accepted.amount %q is not the price %s", acc.Amount, want.Amount)
	}
	return nil
}

func (t *Terms) valueReason(p *Payment) string {
	if p.V1 != nil {
		return ReasonValueMismatchV1
	}
	return ReasonValueMismatch
}

// Forwarded is the payment as a facilitator receives it: the v2 form, with
// the terms' own requirements as accepted. A v1 payment carries the same
// EIP-3009 authorization, so its conversion verifies and settles the same way.
func (t *Terms) Forwarded(p *Payment) *Payload {
	if p.V2 != nil {
		return p.V2
	}
	return &Payload{
		X402Version: 2,
		Resource:    &ResourceInfo{URL: t.Resource, Description: t.Offer.Description, MimeType: "application/json"},
		Accepted:    t.Requirements,
		Payload:     SchemePayload{ExactPayload: &p.V1.Payload},
	}
}

// names reports whether a payment's resource is this offer's: the same
// path on the same host (the service's base_url). A buyer echoes the 402's
// resource as it was sent, which is settled without parsing it.
func (t *Terms) names(resource string) bool {
	if resource == t.Resource {
		return true
	}
	u, err := url.Parse(resource)
	return err == nil && strings.EqualFold(u.Host, t.resource.Host) && u.Path == t.resource.Path
}
