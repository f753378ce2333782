package x402

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// TestPermit2Check: each rule of a Permit2 payment refuses with its own
// reason, and a message naming the field and both values; the bounds are
// inclusive; an upto payment settles at most what it permits, and only
// when settling; the first rule broken, in the reference facilitators'
// order, is the one named.
func TestPermit2Check(t *testing.T) {
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	other, _ := crypto.HexToECDSA("5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a")
	now := time.Unix(1767225600, 0)
	payTo := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	token := common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	facilitator := common.HexToAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906")
	stranger := common.HexToAddress("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65")
	unix := func(d time.Duration) *big.Int { return big.NewInt(now.Add(d).Unix()) }
	for _, c := range []struct {
		name   string
		upto   bool
		edit   func(*Permit2Message, *Permit2Want)
		signer string // "" the payer; "other" another key; "chain" the payer on another chain; "junk" no signature
		reason string
		names  []string // what the message must say
	}{
		{name: "exact as offered"},
		{name: "upto as offered", upto: true},
		{name: "the upto proxy as exact's spender", edit: func(m *Permit2Message, _ *Permit2Want) { m.Spender = UptoPermit2ProxyAddress },
			reason: ReasonPermit2Spender, names: []string{"spender", UptoPermit2ProxyAddress.Hex(), ExactPermit2ProxyAddress.Hex()}},
		{name: "the exact proxy as upto's spender", upto: true, edit: func(m *Permit2Message, _ *Permit2Want) { m.Spender = ExactPermit2ProxyAddress },
			reason: ReasonPermit2Spender, names: []string{"spender", ExactPermit2ProxyAddress.Hex(), UptoPermit2ProxyAddress.Hex()}},
		{name: "another recipient", edit: func(m *Permit2Message, _ *Permit2Want) { m.To = stranger },
			reason: ReasonPermit2Recipient, names: []string{"witness.to", stranger.Hex(), payTo.Hex()}},
		{name: "another facilitator", upto: true, edit: func(m *Permit2Message, _ *Permit2Want) { m.Facilitator = stranger },
			reason: ReasonUptoFacilitator, names: []string{"witness.facilitator", stranger.Hex(), facilitator.Hex()}},
		{name: "exact names no facilitator", edit: func(_ *Permit2Message, w *Permit2Want) { w.Facilitator = stranger }},
		{name: "deadline within the margin", edit: func(m *Permit2Message, _ *Permit2Want) { m.Deadline = unix(SettleMargin - time.Second) },
			reason: ReasonPermit2Deadline, names: []string{"deadline", unix(SettleMargin - time.Second).String(), unix(SettleMargin).String()}},
		{name: "deadline at the margin", edit: func(m *Permit2Message, _ *Permit2Want) { m.Deadline = unix(SettleMargin) }},
		{name: "deadline beyond the horizon", edit: func(m *Permit2Message, _ *Permit2Want) { m.Deadline = unix(time.Hour + time.Second) },
			reason: ReasonPermit2DeadlineTooFar, names: []string{"deadline", unix(time.Hour + time.Second).String(), unix(time.Hour).String()}},
		{name: "deadline at the horizon", edit: func(m *Permit2Message, _ *Permit2Want) { m.Deadline = unix(time.Hour) }},
		{name: "no horizon", edit: func(m *Permit2Message, w *Permit2Want) { m.Deadline, w.Horizon = unix(100*365*24*time.Hour), 0 }},
		{name: "not yet valid", upto: true, edit: func(m *Permit2Message, _ *Permit2Want) { m.ValidAfter = unix(time.Second) },
			reason: ReasonPermit2NotYetValid, names: []string{"validAfter", unix(time.Second).String(), unix(0).String()}},
		{name: "valid from now", edit: func(m *Permit2Message, _ *Permit2Want) { m.ValidAfter = unix(0) }},
		{name: "exact for more", edit: func(m *Permit2Message, _ *Permit2Want) { m.Amount = big.NewInt(10001) },
			reason: ReasonPermit2Amount, names: []string{"permitted.amount", "10001", "10000"}},
		{name: "exact for less", edit: func(m *Permit2Message, _ *Permit2Want) { m.Amount = big.NewInt(9999) },
			reason: ReasonPermit2Amount, names: []string{"permitted.amount", "9999", "10000"}},
		{name: "exact settled for less", edit: func(_ *Permit2Message, w *Permit2Want) { w.Amount, w.Settling = big.NewInt(9999), true },
			reason: ReasonPermit2Amount, names: []string{"permitted.amount", "10000", "9999"}},
		{name: "upto verified for less than its most", upto: true, edit: func(_ *Permit2Message, w *Permit2Want) { w.Amount = big.NewInt(9999) },
			reason: ReasonPermit2Amount, names: []string{"permitted.amount", "10000", "9999"}},
		{name: "upto settled for less", upto: true, edit: func(_ *Permit2Message, w *Permit2Want) { w.Amount, w.Settling = big.NewInt(9999), true }},
		{name: "upto settled for nothing", upto: true, edit: func(_ *Permit2Message, w *Permit2Want) { w.Amount, w.Settling = new(big.Int), true }},
		{name: "upto settled for its most", upto: true, edit: func(_ *Permit2Message, w *Permit2Want) { w.Settling = true }},
		{name: "upto settled for more", upto: true, edit: func(_ *Permit2Message, w *Permit2Want) { w.Amount, w.Settling = big.NewInt(10001), true },
			reason: ReasonUptoSettlementExceeds, names: []string{"permitted.amount", "10001", "10000"}},
		{name: "another token", edit: func(m *Permit2Message, _ *Permit2Want) { m.Token = stranger },
			reason: ReasonPermit2Token, names: []string{"permitted.token", stranger.Hex(), token.Hex()}},
		{name: "signed by another key", signer: "other",
			reason: ReasonPermit2Signature, names: []string{"permit2Authorization.from", crypto.PubkeyToAddress(other.PublicKey).Hex(), crypto.PubkeyToAddress(key.PublicKey).Hex()}},
		{name: "signed on another chain", upto: true, signer: "chain", reason: ReasonPermit2Signature, names: []string{"permit2Authorization.from", "1337"}},
		{name: "no signature", signer: "junk", reason: ReasonPermit2Signature},
		{name: "spender and recipient wrong", edit: func(m *Permit2Message, _ *Permit2Want) { m.Spender, m.To = UptoPermit2ProxyAddress, stranger },
			reason: ReasonPermit2Spender},
		{name: "recipient and amount wrong", edit: func(m *Permit2Message, _ *Permit2Want) { m.To, m.Amount = stranger, big.NewInt(1) },
			reason: ReasonPermit2Recipient},
		{name: "deadline passed and amount wrong", edit: func(m *Permit2Message, _ *Permit2Want) { m.Deadline, m.Amount = unix(0), big.NewInt(1) },
			reason: ReasonPermit2Deadline},
		{name: "amount and token wrong", edit: func(m *Permit2Message, _ *Permit2Want) { m.Amount, m.Token = big.NewInt(1), stranger },
			reason: ReasonPermit2Amount},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &Permit2Message{From: crypto.PubkeyToAddress(key.PublicKey), Token: token, Spender: ExactPermit2ProxyAddress, To: payTo,
				Amount: big.NewInt(10000), Nonce: big.NewInt(7), Deadline: unix(10 * time.Minute), ValidAfter: unix(-10 * time.Minute), Upto: c.upto}
			if c.upto {
				m.Spender, m.Facilitator = UptoPermit2ProxyAddress, facilitator
			}
			w := &Permit2Want{PayTo: payTo, Token: token, Amount: big.NewInt(10000), Facilitator: facilitator,
				ChainID: big.NewInt(1337), Now: now, Margin: SettleMargin, Horizon: time.Hour}
			if c.edit != nil {
				c.edit(m, w)
			}
			sign, chain := key, w.ChainID
			switch c.signer {
			case "other":
				sign = other
			case "chain":
				chain = big.NewInt(8453)
			}
			signature, err := SignPermit2(sign, chain, m)
			if err != nil {
				t.Fatal(err)
			}
			if c.signer == "junk" {
				signature = ""
			}
			r := m.Check(w, signature)
			switch {
			case c.reason == "" && r != nil:
				t.Fatalf("refused: %v", r)
			case c.reason == "":
				return
			case r == nil || r.Reason != c.reason:
				t.Fatalf("got %v, want %s", r, c.reason)
			}
			for _, s := range c.names {
				if !strings.Contains(r.Message, s) {
					t.Errorf("message %q does not name %s", r.Message, s)
				}
			}
		})
	}
}
