package x402

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// The judgements, not only the decoders, take anything a buyer sends: a
// payment is refused with a reason and a message, or accepted for exactly
// the price, to exactly the seller, within its window and signed by its
// payer. Seeds: testdata/fuzz/<name>, payments that pass (viemPayment at
// 30 s before it expires; batchFixture's buyer's voucher, deposit and
// refund) and ones that do not.

// FuzzTermsCheck: whatever payment and clock, Terms.Check refuses with a
// Refusal and no time, or accepts an authorization of exactly the price to
// payTo, valid now and for SettleMargin more, within the horizon, signed
// by its from, and returns its validBefore.
func FuzzTermsCheck(f *testing.F) {
	terms := viemTerms(f)
	f.Fuzz(func(t *testing.T, raw []byte, ahead int64) {
		p, err := DecodePaymentObject(raw, "payment")
		if err != nil {
			return
		}
		now := time.Unix(1795385537-ahead, 0)
		validBefore, err := terms.Check(p, now)
		if err != nil {
			if r, ok := err.(*Refusal); !ok || r.Reason == "" || r.Message == "" || !validBefore.IsZero() {
				t.Fatalf("refused with %T %v and time %v", err, err, validBefore)
			}
			return
		}
		a := p.Exact().Authorization
		value, _ := new(big.Int).SetString(a.Value, 10)
		after, _ := new(big.Int).SetString(a.ValidAfter, 10)
		before, _ := new(big.Int).SetString(a.ValidBefore, 10)
		switch signer, err := RecoverAuthorizer(terms.Network.Domain(), &a, p.Exact().Signature); {
		case value == nil || value.Cmp(terms.Amount) != 0:
			t.Fatalf("accepted value %q for the price %s", a.Value, terms.Amount)
		case !strings.EqualFold(a.To, terms.PayTo.Hex()):
			t.Fatalf("accepted a payment to %s, not the seller %s", a.To, terms.PayTo.Hex())
		case after == nil || after.Cmp(big.NewInt(now.Unix())) > 0:
			t.Fatalf("accepted validAfter %q at %d", a.ValidAfter, now.Unix())
		case before == nil || before.Cmp(big.NewInt(now.Add(SettleMargin).Unix())) < 0 || before.Cmp(big.NewInt(now.Add(terms.Horizon).Unix())) > 0:
			t.Fatalf("accepted validBefore %q at %d", a.ValidBefore, now.Unix())
		case validBefore.Unix() != before.Int64():
			t.Fatalf("returned %v for validBefore %s", validBefore, before)
		case err != nil || !strings.EqualFold(signer.Hex(), a.From):
			t.Fatalf("accepted a signature by %s (%v) for %s", signer.Hex(), err, a.From)
		}
	})
}

// FuzzCheckChannel: whatever batch-settlement payload, CheckChannel refuses
// with a reason and a message and no call, or accepts a channel opened for
// these terms (its id, token, receiver, authorizer and withdraw delay)
// whose voucher claims exactly its maxClaimableAmount, signed by the payer
// authorizer when there is one, and a deposit of exactly its amount.
func FuzzCheckChannel(f *testing.F) {
	terms, _ := batchFixture(f)
	ct := ChannelTerms{ChainID: terms.Network.ChainID, Token: terms.Network.Asset, Receiver: terms.PayTo, BatchTerms: *terms.Offer.Batch}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var b BatchPayload
		if json.Unmarshal(raw, &b) != nil {
			return
		}
		call, r := CheckChannel(&b, ct)
		if r != nil {
			if r.Reason == "" || r.Message == "" || call != nil {
				t.Fatalf("refused with %+v and call %+v", r, call)
			}
			return
		}
		ch := call.Channel
		max, _ := new(big.Int).SetString(b.Voucher.MaxClaimableAmount, 10)
		switch {
		case call.ID != ch.ID(ct.ChainID) || !strings.EqualFold(b.Voucher.ChannelID, call.ID.Hex()):
			t.Fatalf("accepted channel %s for voucher.channelId %s", call.ID.Hex(), b.Voucher.ChannelID)
		case ch.Token != ct.Token || ch.Receiver != ct.Receiver || ch.ReceiverAuthorizer != ct.ReceiverAuthorizer || ch.WithdrawDelay != ct.WithdrawDelay:
			t.Fatalf("accepted a channel for other terms: %+v", ch)
		case max == nil || call.Max.Cmp(max) != 0:
			t.Fatalf("accepted max %s for maxClaimableAmount %q", call.Max, b.Voucher.MaxClaimableAmount)
		case ch.PayerAuthorizer != (common.Address{}) && !call.Verified:
			t.Fatal("accepted a voucher of a payer authorizer unverified")
		}
		if call.Verified {
			if signer, err := RecoverDigest(VoucherDigest(ct.ChainID, call.ID, call.Max), b.Voucher.Signature); err != nil || signer != ch.PayerAuthorizer {
				t.Fatalf("verified a voucher signed by %s (%v), not %s", signer.Hex(), err, ch.PayerAuthorizer.Hex())
			}
		}
		if b.Type == BatchDeposit {
			amount, _ := new(big.Int).SetString(b.Deposit.Amount, 10)
			if amount == nil || amount.Sign() <= 0 || call.Deposit.Cmp(amount) != 0 {
				t.Fatalf("accepted deposit %s for deposit.amount %q", call.Deposit, b.Deposit.Amount)
			}
		}
	})
}
