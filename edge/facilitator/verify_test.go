package facilitator

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
)

func TestVerifyAcceptsAValidPayment(t *testing.T) {
	both(t, 1, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		p, r := s.newPayment(0, price).sign(t)
		got, err := f.Verify(context.Background(), p, r)
		if err != nil {
			t.Fatal(err)
		}
		want := x402.VerifyResponse{IsValid: true, Payer: s.Buyers[0].Address.Hex()}
		if *got != want {
			t.Fatalf("got %+v, want %+v", *got, want)
		}
	})
}

func TestVerifyRefusals(t *testing.T) {
	now := time.Now().Unix()
	cases := []struct {
		name    string
		edit    func(s *Sandbox, p *payment)
		reason  string
		message string                // exact once the sandbox's addresses are filled in; "" when it holds the time
		tamper  func(p *x402.Payload) // changes the payload after signing
	}{
		{"scheme", func(s *Sandbox, p *payment) { p.req.Scheme = "upto" },
			x402.ReasonInvalidScheme, `an EIP-3009 transfer settles the exact scheme, got "exact" paying "upto"`, nil},
		{"network", func(s *Sandbox, p *payment) { p.req.Network = "eip155:8453" },
			x402.ReasonInvalidNetwork, "this facilitator settles on eip155:1337, the requirements are for eip155:8453", nil},
		{"accepted network", func(s *Sandbox, p *payment) { p.accepted.Network = "eip155:8453" },
			x402.ReasonInvalidNetwork, "the payment is for eip155:8453, the requirements for eip155:1337", nil},
		{"asset", func(s *Sandbox, p *payment) { p.req.Asset = x402.Base.Asset.Hex() },
			x402.ReasonInvalidRequirements, `asset "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" is not the token settled here ({asset})`, nil},
		{"recipient", func(s *Sandbox, p *payment) { p.auth.To = s.Buyers[1].Address.Hex() },
			x402.ReasonRecipientMismatch, "the authorization pays {buyer1}, the requirements {payTo}", nil},
		{"value", func(s *Sandbox, p *payment) { p.auth.Value = "9999" },
			x402.ReasonValueMismatch, "the authorization is for 9999, the requirements ask 10000", nil},
		{"malformed nonce", nil, x402.ReasonInvalidPayload, `authorization nonce "0x01" is not 32 bytes of 0x-hex`,
			func(p *x402.Payload) { p.Payload.Authorization.Nonce = "0x01" }},
		{"missing signature", nil, x402.ReasonInvalidPayload, "the signature is missing",
			func(p *x402.Payload) { p.Payload.Signature = "" }},
		{"expired", func(s *Sandbox, p *payment) { p.auth.ValidBefore = strconv.FormatInt(now-1, 10) },
			x402.ReasonValidBefore, "", nil},
		{"not yet valid", func(s *Sandbox, p *payment) { p.auth.ValidAfter = strconv.FormatInt(now+600, 10) },
			x402.ReasonValidAfter, "", nil},
		{"no domain", func(s *Sandbox, p *payment) { p.req.Extra = nil },
			ReasonMissingDomain, "requirements name no EIP-712 token name and version in extra", nil},
		{"wrong signer", func(s *Sandbox, p *payment) { p.signer = s.Buyers[1].Key },
			x402.ReasonSignature, "the authorization was signed by {buyer1}, not by from {buyer0}", nil},
		{"wrong domain signed", func(s *Sandbox, p *payment) { p.domain.Name = "USDC" },
			x402.ReasonSignature, "", nil},
		{"wrong domain advertised", func(s *Sandbox, p *payment) {
			p.domain.Name = "USDC"
			p.req.Extra = map[string]any{"name": "USDC", "version": "2"}
		}, ReasonTokenNameMismatch, `the token's EIP-712 name is "USD Coin", the requirements say "USDC"`, nil},
		{"wrong version advertised", func(s *Sandbox, p *payment) {
			p.domain.Version = "1"
			p.req.Extra = map[string]any{"name": "USD Coin", "version": "1"}
		}, ReasonTokenVersionMismatch, `the token's EIP-712 version is "2", the requirements say "1"`, nil},
		{"insufficient balance", func(s *Sandbox, p *payment) {
			p.req.Amount, p.auth.Value = "1000000001", "1000000001"
		}, ReasonInsufficientFunds, "{buyer0} holds 1000000000, the payment is 1000000001", nil},
	}
	both(t, 2, func(t *testing.T, s *Sandbox, f x402.Facilitator) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				p := s.newPayment(0, price)
				if c.edit != nil {
					c.edit(s, p)
				}
				payload, req := p.sign(t)
				if c.tamper != nil {
					c.tamper(payload)
				}
				got, err := f.Verify(context.Background(), payload, req)
				if err != nil {
					t.Fatal(err)
				}
				if got.IsValid || got.InvalidReason != c.reason || got.Payer != s.Buyers[0].Address.Hex() {
					t.Fatalf("got %+v, want reason %s and payer %s", *got, c.reason, s.Buyers[0].Address.Hex())
				}
				want := strings.NewReplacer("{asset}", s.Network.Asset.Hex(), "{buyer0}", s.Buyers[0].Address.Hex(),
					"{buyer1}", s.Buyers[1].Address.Hex(), "{payTo}", s.PayTo.Hex()).Replace(c.message)
				if c.message != "" && got.InvalidMessage != want {
					t.Fatalf("message %q, want %q", got.InvalidMessage, want)
				}
			})
		}
	})
}
