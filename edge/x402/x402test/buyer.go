package x402test

import (
	"crypto/ecdsa"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// Draft is a buyer's exact payment under construction: a test changes its
// payload, its domain or its key (to pay otherwise, or to forge), then
// Sign signs the authorization anew.
type Draft struct {
	Payload x402.Payload
	Domain  x402.Domain
	Key     *ecdsa.PrivateKey
}

// Redraft is a draft of p, to be signed by key over domain: a copy, its
// exact payload too, so p stays as it is.
func Redraft(p *x402.Payload, key *ecdsa.PrivateKey, domain x402.Domain) *Draft {
	d := &Draft{Payload: *p, Domain: domain, Key: key}
	e := *p.Payload.Exact()
	d.Payload.Payload.ExactPayload = &e
	return d
}

// Sign signs the draft's authorization with its key over its domain, and
// returns the payment.
func (d *Draft) Sign(t testing.TB) *x402.Payload {
	t.Helper()
	sig, err := x402.SignAuthorization(d.Key, d.Domain, &d.Payload.Payload.Authorization)
	if err != nil {
		t.Fatal(err)
	}
	d.Payload.Payload.Signature = sig
	return &d.Payload
}
