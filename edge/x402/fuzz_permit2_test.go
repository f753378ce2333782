package x402

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// FuzzCheckPermit2: whatever payment and clock, terms that sell exact
// through Permit2 and upto refuse with a Refusal and no time, or accept a
// Permit2 witness transfer of exactly the price (upto's most) of the
// network's token to payTo, through its kind's proxy (upto's naming the
// facilitator its entry does), valid now and for SettleMargin more within
// the horizon, signed by its from, and return its deadline. The seeds are
// the official client's payments.
func FuzzCheckPermit2(f *testing.F) {
	v := loadPermit2Vectors(f)
	byAmount, seeds := permit2Terms(f, v)
	for _, seed := range seeds {
		f.Add(seed, int64(600))
	}
	net := byAmount["10000"].Network
	f.Fuzz(func(t *testing.T, raw []byte, ahead int64) {
		p, err := DecodePaymentObject(raw, "payment")
		if err != nil || p.V2 == nil {
			return
		}
		terms := byAmount[p.V2.Accepted.Amount]
		if terms == nil {
			terms = byAmount["10000"]
		}
		now := time.Unix(1767225600+ahead, 0)
		deadline, err := terms.Check(p, now)
		if err != nil {
			if r, ok := err.(*Refusal); !ok || r.Reason == "" || r.Message == "" || !deadline.IsZero() {
				t.Fatalf("refused with %T %v and time %v", err, err, deadline)
			}
			return
		}
		k := p.Kind()
		if !k.Permit2() {
			return // FuzzTermsCheck judges EIP-3009
		}
		m, err := ParsePermit2(k.Scheme, p.V2.Payload.Permit2())
		if err != nil {
			t.Fatalf("accepted a %s payment its scheme cannot read: %v", k, err)
		}
		signer, err := RecoverPermit2(net.ChainID, m, p.V2.Payload.Exact().Signature)
		switch {
		case m.Amount.Cmp(terms.Amount) != 0 || m.Token != net.Asset || m.To != terms.PayTo:
			t.Fatalf("accepted %s of %s to %s for %s of %s to %s", m.Amount, m.Token.Hex(), m.To.Hex(), terms.Amount, net.Asset.Hex(), terms.PayTo.Hex())
		case m.Spender != m.Proxy() || m.Upto != (k == KindUpto):
			t.Fatalf("accepted a %s payment through %s", k, m.Spender.Hex())
		case m.Upto && !strings.EqualFold(m.Facilitator.Hex(), v.Facilitator):
			t.Fatalf("accepted an upto payment that lets %s settle", m.Facilitator.Hex())
		case m.ValidAfter.Cmp(big.NewInt(now.Unix())) > 0 || m.Deadline.Cmp(big.NewInt(now.Add(SettleMargin).Unix())) < 0 ||
			m.Deadline.Cmp(big.NewInt(now.Add(terms.Horizon).Unix())) > 0:
			t.Fatalf("accepted validAfter %s, deadline %s at %d", m.ValidAfter, m.Deadline, now.Unix())
		case deadline.Unix() != m.Deadline.Int64():
			t.Fatalf("returned %v for the deadline %s", deadline, m.Deadline)
		case err != nil || signer != m.From:
			t.Fatalf("accepted a signature by %s (%v) for %s", signer.Hex(), err, m.From.Hex())
		}
	})
}

// permit2Terms are terms selling exact through Permit2 and upto on the
// vectors' chain, by their price: 10000 for the exact vector, 50000 for
// upto's; and the vectors' payments for them, naming their resource.
func permit2Terms(t testing.TB, v permit2Vectors) (map[string]*Terms, [][]byte) {
	net, err := CustomNetwork("eip155:1337", v.ChainID, "sandbox", v.Token, "USD Coin", "2")
	if err != nil {
		t.Fatal(err)
	}
	byAmount, payments := map[string]*Terms{}, [][]byte{}
	for _, c := range []struct {
		amount int64
		vector permit2Vector
	}{{10000, v.Exact}, {50000, v.Upto}} {
		terms, err := NewTerms([]Network{net}, Offer{Name: "test_permit2", Amount: c.amount, PayTo: common.HexToAddress(v.PayTo),
			Resource: "http://coinslot.test/paid/test/permit2", Example: map[string]any{}, InputSchema: map[string]any{"type": "object"},
			Sales: []Sale{{Kind: KindExactPermit2, Network: net.ID}, {Kind: KindUpto, Network: net.ID, Extra: map[string]any{"facilitatorAddress": v.Facilitator}}},
		}, 60, 21*365*24*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		byAmount[terms.Amount.String()] = terms
		var p map[string]any
		if err := json.Unmarshal(c.vector.Payment, &p); err != nil {
			t.Fatal(err)
		}
		p["resource"] = map[string]any{"url": terms.Resource}
		payment, _ := json.Marshal(p)
		payments = append(payments, payment)
	}
	return byAmount, payments
}

// The official client's exact-through-Permit2 and upto payments pass the
// seller's own check of terms that sell them, until their deadline.
func TestOfficialPermit2PaymentsPassTheSellersCheck(t *testing.T) {
	v := loadPermit2Vectors(t)
	byAmount, payments := permit2Terms(t, v)
	for i, amount := range []string{"10000", "50000"} {
		p, err := DecodePaymentObject(payments[i], "payment")
		if err != nil {
			t.Fatal(err)
		}
		deadline, err := byAmount[amount].Check(p, time.Unix(1767225600+600, 0))
		if err != nil || deadline.Unix() != 1767225600+20*365*86400 {
			t.Errorf("%s: deadline %v, %v", p.Kind(), deadline.Unix(), err)
		}
		if _, err := byAmount[amount].Check(p, deadline.Add(-SettleMargin+time.Second)); err == nil || err.(*Refusal).Reason != ReasonPermit2Deadline {
			t.Errorf("%s near its deadline: %v", p.Kind(), err)
		}
	}
}
