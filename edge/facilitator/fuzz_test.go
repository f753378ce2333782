package facilitator

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
)

// clockAt is a chain whose next block is at a fixed time.
type clockAt time.Time

func (c clockAt) Now() time.Time                        { return time.Time(c) }
func (clockAt) Advance(context.Context) error           { return nil }
func (clockAt) Mine(context.Context, common.Hash) error { return nil }

// FuzzCheckLocal: whatever /verify body and clock, the facilitator's local
// check refuses with a reason and a message and no transfer, or passes a
// transfer of exactly the requirements' amount to their payTo, on this
// facilitator's network and token, valid at the next block for
// validBeforeMargin more, and signed by its from. Seeds in
// testdata/fuzz/FuzzCheckLocal: a payment @x402/fetch signed for 0.05 USD
// on Base, valid until 1795385537, at 30 s and at 5 s before.
func FuzzCheckLocal(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte, ahead int64) {
		var req struct {
			PaymentPayload      *x402.Payload      `json:"paymentPayload"`
			PaymentRequirements *x402.Requirements `json:"paymentRequirements"`
		}
		if json.Unmarshal(body, &req) != nil {
			return
		}
		now := time.Unix(1795385537-ahead, 0)
		fac := &Facilitator{network: x402.Base, chain: clockAt(now)}
		tr, _, refusal := fac.checkLocal(req.PaymentPayload, req.PaymentRequirements)
		if refusal != nil {
			if refusal.Reason == "" || refusal.Message == "" || tr != nil {
				t.Fatalf("refused with %+v and transfer %+v", refusal, tr)
			}
			return
		}
		p, r := req.PaymentPayload, req.PaymentRequirements
		amount, _ := new(big.Int).SetString(r.Amount, 10)
		domain, err := x402.DomainOf(r)
		if err != nil {
			t.Fatalf("passed requirements without a domain: %v", err)
		}
		switch signer, err := x402.RecoverAuthorizer(domain, &p.Payload.Exact().Authorization, p.Payload.Exact().Signature); {
		case r.Network != x402.Base.ID || p.Accepted.Network != r.Network || !strings.EqualFold(r.Asset, x402.Base.Asset.Hex()):
			t.Fatalf("passed a payment on %s (accepted %s) in %s", r.Network, p.Accepted.Network, r.Asset)
		case amount == nil || tr.value.Cmp(amount) != 0:
			t.Fatalf("passed value %s for the amount %q", tr.value, r.Amount)
		case tr.to != common.HexToAddress(r.PayTo) || !strings.EqualFold(p.Payload.Exact().Authorization.To, r.PayTo):
			t.Fatalf("passed a transfer to %s for payTo %s", tr.to.Hex(), r.PayTo)
		case tr.validAfter.Cmp(big.NewInt(now.Unix())) > 0 || tr.validBefore.Cmp(big.NewInt(now.Unix()+validBeforeMargin)) < 0:
			t.Fatalf("passed the window %s..%s at %d", tr.validAfter, tr.validBefore, now.Unix())
		case err != nil || signer != tr.from:
			t.Fatalf("passed a signature by %s (%v) for %s", signer.Hex(), err, tr.from.Hex())
		}
	})
}
