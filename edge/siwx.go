package edge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
)

// Sign-in-with-x (the x402 extension, CAIP-122 with EIP-4361 messages): a
// 402 carries a challenge, and a wallet that paid for a call reads the
// call's kept answer again by signing it, without a new payment. The
// challenge's domain and uri come from base_url, never from the request's
// Host or X-Forwarded-* headers, which a client controls. Its nonce seals
// its expiry with the ledger's key (siwx_nonce.go), so any instance sharing
// the ledger accepts it, once, until it expires.

// siwxStatement is what a wallet is asked to sign for.
const siwxStatement = "Sign in to read again an answer this wallet paid for"

// siwxClockSkew is how far in the future a challenge's issuedAt may lie:
// another instance sharing the ledger may have issued it, by its clock.
const siwxClockSkew = 30 * time.Second

// ledgerWait bounds each ledger operation of a sign-in.
const ledgerWait = 5 * time.Second

// Why a sign-in is refused, as the x402 SDK names its failures where it
// has a name for them.
const (
	siwxInvalidHeader    = "invalid_siwx_header"
	siwxDomainMismatch   = "invalid_siwx_domain_mismatch"
	siwxURIMismatch      = "invalid_siwx_uri_mismatch"
	siwxVersion          = "invalid_siwx_version"
	siwxUnsupportedChain = "invalid_siwx_unsupported_chain"
	siwxIssuedAt         = "invalid_siwx_issued_at"
	siwxTooOld           = "invalid_siwx_issued_at_too_old"
	siwxInFuture         = "invalid_siwx_issued_at_in_future"
	siwxExpired          = "invalid_siwx_expired"
	siwxNotYetValid      = "invalid_siwx_not_yet_valid"
	siwxSignature        = "invalid_siwx_signature"
	siwxNonce            = "invalid_siwx_nonce"
	siwxNotPaid          = "siwx_not_paid"
)

// challenged is the 402 document of o for one answer: the one built once,
// or, when sign-in-with-x is on, that one with a fresh challenge. A
// challenge that cannot be kept is left out, and logged: the terms still
// let the buyer pay.
func (s *Server) challenged(cfg *config.Config, o *offer) *x402.PaymentRequired {
	v, ok := s.freshFor402(cfg, o)
	if !ok {
		return &o.terms.Required
	}
	r := o.terms.Required
	r.Extensions = o.signIn.extensions.with(v)
	return &r
}

// challengedHeader is challenged in its PAYMENT-REQUIRED form.
func (s *Server) challengedHeader(cfg *config.Config, o *offer) string {
	v, ok := s.freshFor402(cfg, o)
	if !ok {
		return o.terms.Header
	}
	return o.signIn.headerWith(v)
}

// freshFor402 is the values of a fresh challenge for a 402 of o, or
// false when sign-in-with-x is off or none can be made (logged).
func (s *Server) freshFor402(cfg *config.Config, o *offer) (challengeValues, bool) {
	if !cfg.SIWx.Enabled {
		return challengeValues{}, false
	}
	v, err := s.freshChallenge(cfg)
	if err != nil {
		slog.Error("sign-in-with-x: a 402 goes without a challenge", "tool", o.tool.Name, "err", err)
		return challengeValues{}, false
	}
	return v, true
}

// challenge is a fresh sign-in-with-x extension for the resource at uri,
// to sign on one of networks.
func (s *Server) challenge(cfg *config.Config, uri string, networks []string) (map[string]any, error) {
	v, err := s.freshChallenge(cfg)
	if err != nil {
		return nil, err
	}
	return challengeFor(cfg, uri, networks, v)
}

// challengeValues are what each challenge has of its own: its nonce,
// issuedAt and expirationTime.
type challengeValues [3]string

// freshChallenge is the values of a new challenge.
func (s *Server) freshChallenge(cfg *config.Config) (challengeValues, error) {
	key, err := s.signInKey()
	if err != nil {
		return challengeValues{}, err
	}
	now := s.now().UTC()
	expires := now.Add(time.Duration(cfg.SIWx.NonceTTL)).Truncate(time.Millisecond) // as the nonce seals it
	return challengeValues{sealNonce(key, expires), siwxTime(now), siwxTime(expires)}, nil
}

// challengeFor is the sign-in-with-x extension for the resource at uri,
// to sign on one of networks, with the challenge's values v.
func challengeFor(cfg *config.Config, uri string, networks []string, v challengeValues) (map[string]any, error) {
	base, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return nil, err
	}
	return x402.SIWxExtension(x402.SIWxChallenge{
		Domain: base.Host, URI: uri, Version: "1", Nonce: v[0], IssuedAt: v[1], ExpirationTime: v[2],
		Statement: siwxStatement, Resources: []string{uri},
	}, networks), nil
}

// signInChains are the networks a wallet may sign in on: those o is sold on.
func signInChains(o *offer) []string {
	var networks []string
	for _, t := range o.terms.PerNetwork() {
		networks = append(networks, t.Network.ID)
	}
	return networks
}

// siwxTime is a challenge's time as JavaScript's toISOString writes it,
// which the EIP-4361 message repeats verbatim.
func siwxTime(t time.Time) string { return t.Format("2006-01-02T15:04:05.000Z") }

// signedIn answers a call that carries a sign-in-with-x proof and no
// payment: the answer its wallet paid for, the same tool and request,
// while the ledger keeps it; otherwise a 402 saying why, with a new
// challenge. Nothing is charged either way.
func (s *Server) signedIn(cfg *config.Config, a *admission, proof *x402.SIWxProof, decodeErr error) (payer string, body []byte, f *failure) {
	t := a.offer.tool
	defer func() {
		if f != nil && f.reason != "" {
			s.metrics.payments.WithLabelValues(t.Name, outcomeSignInRefused).Inc()
			s.metrics.refusals.WithLabelValues(f.reason).Inc()
		}
	}()
	if decodeErr != nil {
		return "", nil, s.signInRefused(cfg, a.offer, siwxInvalidHeader, decodeErr.Error())
	}
	if reason, why := s.checkProof(cfg, a.offer.terms.Resource, signInChains(a.offer), proof); reason != "" {
		return "", nil, s.signInRefused(cfg, a.offer, reason, why)
	}
	payer = common.HexToAddress(proof.Address).Hex()
	ctx, cancel := context.WithTimeout(context.Background(), ledgerWait)
	defer cancel()
	out, err := s.paidAnswer(ctx, payer, t, requestKey(a))
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		return payer, nil, s.signInRefused(cfg, a.offer, siwxNotPaid, fmt.Sprintf(
			"%s has no answer kept for this request to %s: none paid, or paid more than %d hours ago; pay for it", payer, t.Name, cfg.Ledger.AnswersHours))
	case err != nil:
		return payer, nil, internalFailure(t, "paid answer lookup", err)
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeSignedIn).Inc()
	return payer, out, nil
}

// paidAnswer is the answer payer paid for with this request to t, as its
// retry would get it: of an exact payment while the ledger keeps it, else
// of the latest call on one of its batch-settlement channels; or
// ErrNotFound.
func (s *Server) paidAnswer(ctx context.Context, payer string, t *registry.Tool, key string) ([]byte, error) {
	pm, err := s.pay.Ledger.Answered(ctx, payer, t.Name, key)
	switch {
	case err == nil && t.Shape == registry.ReceiptBacked:
		return withReceipt(pm.Answer, pm.Receipt), nil
	case err == nil:
		return pm.Answer, nil
	case !errors.Is(err, ledger.ErrNotFound):
		return nil, err
	}
	c, err := s.pay.Ledger.ChannelAnswered(ctx, payer, t.Name, key)
	if err != nil {
		return nil, err
	}
	return c.Answer, nil
}

// checkProof checks a proof against the challenges handed out for the
// resource at uri on networks, then its signature, then spends its nonce;
// it returns the reason and why when one fails.
func (s *Server) checkProof(cfg *config.Config, uri string, networks []string, p *x402.SIWxProof) (reason, why string) {
	base, _ := url.Parse(cfg.BaseURL) // validated at load
	now := s.now()
	switch {
	case p.Domain != base.Host:
		return siwxDomainMismatch, fmt.Sprintf("domain %q is not this seller's, %q", p.Domain, base.Host)
	case p.URI != uri:
		return siwxURIMismatch, fmt.Sprintf("uri %q is not this address's, %q", p.URI, uri)
	case p.Version != "1":
		return siwxVersion, fmt.Sprintf("version %q is not 1", p.Version)
	case p.Type != "eip191" || !slices.Contains(networks, p.ChainID):
		return siwxUnsupportedChain, fmt.Sprintf("chain %s (%s) is not offered; sign with eip191 on %s", p.ChainID, p.Type, strings.Join(networks, " or "))
	}
	if p.ExpirationTime != nil {
		if e, err := time.Parse(time.RFC3339Nano, *p.ExpirationTime); err != nil || !now.Before(e) {
			return siwxExpired, fmt.Sprintf("the challenge expired at %s; sign a new challenge", *p.ExpirationTime)
		}
	}
	if p.NotBefore != nil {
		if nb, err := time.Parse(time.RFC3339Nano, *p.NotBefore); err != nil || now.Before(nb) {
			return siwxNotYetValid, fmt.Sprintf("the proof is not valid before %s", *p.NotBefore)
		}
	}
	issued, err := time.Parse(time.RFC3339Nano, p.IssuedAt)
	switch {
	case err != nil:
		return siwxIssuedAt, fmt.Sprintf("issuedAt %q is not an ISO 8601 time", p.IssuedAt)
	case now.Sub(issued) > time.Duration(cfg.SIWx.NonceTTL):
		return siwxTooOld, fmt.Sprintf("the challenge was issued at %s, more than %s ago; sign a new challenge", p.IssuedAt, time.Duration(cfg.SIWx.NonceTTL))
	case issued.Sub(now) > siwxClockSkew:
		return siwxInFuture, fmt.Sprintf("issuedAt %s is in the future", p.IssuedAt)
	}
	message, err := p.Message()
	if err != nil {
		return siwxUnsupportedChain, err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), ledgerWait)
	defer cancel()
	signed, err := p.SignedBy(ctx, message, s.pay.Wallets[p.ChainID])
	switch {
	case err != nil:
		return siwxSignature, err.Error()
	case !signed:
		return siwxSignature, "the signature is not " + p.Address + "'s over the EIP-4361 message of this challenge"
	}
	key, err := s.signInKey()
	if err != nil {
		return siwxNonce, "nonce " + p.Nonce + " cannot be checked now (" + err.Error() + "); retry"
	}
	expires, sealed := openNonce(key, p.Nonce)
	if !sealed || !now.Before(expires) {
		return siwxNonce, "nonce " + p.Nonce + " was not handed out here, was used already, or expired; sign a new challenge"
	}
	spent, err := s.pay.Ledger.SpendChallenge(ctx, p.Nonce, expires)
	if err != nil || !spent {
		return siwxNonce, "nonce " + p.Nonce + " was not handed out here, was used already, or expired; sign a new challenge"
	}
	return "", ""
}

// signInRefused is a refused sign-in: a 402 whose terms carry a new
// challenge and name the reason.
func (s *Server) signInRefused(cfg *config.Config, o *offer, reason, why string) *failure {
	r := *s.challenged(cfg, o)
	r.Error = reason
	return &failure{code: registry.CodePaymentRequired, reason: reason, message: "sign-in-with-x refused: " + why, required: &r}
}

// signedInLine notes a sign-in on the access line.
func (a *access) signedIn(tool, payer string, f *failure) {
	a.tool, a.payer = tool, x402.Checksummed(payer)
	if f == nil {
		a.payment = outcomeSignedIn
		return
	}
	a.code, a.payment, a.reason = f.code, outcomeSignInRefused, f.reason
	if f.code == registry.CodeInternal {
		a.payment, a.reason = outcomeError, f.message
	}
}
