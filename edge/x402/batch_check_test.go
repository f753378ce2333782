package x402

import (
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// batchFixture is a seller's terms with batch-settlement, and a buyer.
func batchFixture(t testing.TB) (*Terms, *ecdsa.PrivateKey) {
	t.Helper()
	net := Network{ID: "eip155:1337", ChainID: big.NewInt(1337), Asset: common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3"), AssetName: "USD Coin", AssetVersion: "2"}
	terms, err := NewTerms([]Network{net}, Offer{Name: "business_days", Amount: 1000, PayTo: common.HexToAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906"),
		Resource: "http://seller.test/paid/x", Batch: &BatchTerms{Network: net.ID, ReceiverAuthorizer: common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"), WithdrawDelay: 900}},
		60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	return terms, key
}

// voucherPayment is a voucher payment for max on the buyer's channel under
// the terms, after edit changes the config.
func voucherPayment(t *testing.T, terms *Terms, key *ecdsa.PrivateKey, max int64, edit func(*ChannelConfig)) *Payment {
	t.Helper()
	buyer := crypto.PubkeyToAddress(key.PublicKey).Hex()
	cfg := ChannelConfig{Payer: buyer, PayerAuthorizer: buyer, Receiver: terms.PayTo.Hex(), ReceiverAuthorizer: terms.Offer.Batch.ReceiverAuthorizer.Hex(),
		Token: terms.Network.Asset.Hex(), WithdrawDelay: 900, Salt: common.Hash{}.Hex()}
	if edit != nil {
		edit(&cfg)
	}
	ch := mustParse(t, &cfg)
	id := ch.ID(terms.Network.ChainID)
	sig, err := SignDigest(key, VoucherDigest(terms.Network.ChainID, id, big.NewInt(max)))
	if err != nil {
		t.Fatal(err)
	}
	return &Payment{V2: &Payload{X402Version: 2, Resource: &ResourceInfo{URL: terms.Resource}, Accepted: *terms.Batch,
		Payload: SchemePayload{BatchPayload: &BatchPayload{Type: BatchVoucher, ChannelConfig: &cfg,
			Voucher: &Voucher{ChannelID: id.Hex(), MaxClaimableAmount: big.NewInt(max).String(), Signature: sig}}}}}
}

func TestCheckBatchRules(t *testing.T) {
	terms, key := batchFixture(t)
	for _, tc := range []struct {
		name   string
		make   func() *Payment
		reason string
		says   string
	}{
		{"valid", func() *Payment { return voucherPayment(t, terms, key, 3000, nil) }, "", ""},
		{"channel id", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Payload.BatchPayload.Voucher.ChannelID = common.Hash{1}.Hex()
			return p
		}, BatchChannelIDMismatch, "is not the channel config's id"},
		{"token", func() *Payment {
			return voucherPayment(t, terms, key, 3000, func(c *ChannelConfig) { c.Token = "0x0000000000000000000000000000000000000001" })
		}, BatchTokenMismatch, "channelConfig.token"},
		{"receiver", func() *Payment {
			return voucherPayment(t, terms, key, 3000, func(c *ChannelConfig) { c.Receiver = "0x0000000000000000000000000000000000000002" })
		}, BatchReceiverMismatch, "is not payTo"},
		{"receiver authorizer", func() *Payment {
			return voucherPayment(t, terms, key, 3000, func(c *ChannelConfig) { c.ReceiverAuthorizer = "0x0000000000000000000000000000000000000003" })
		}, BatchReceiverAuthMismatch, "is not extra.receiverAuthorizer"},
		{"withdraw delay out of range", func() *Payment {
			return voucherPayment(t, terms, key, 3000, func(c *ChannelConfig) { c.WithdrawDelay = 899 })
		}, BatchWithdrawDelayRange, "outside 900..2592000"},
		{"withdraw delay", func() *Payment {
			return voucherPayment(t, terms, key, 3000, func(c *ChannelConfig) { c.WithdrawDelay = 901 })
		}, BatchWithdrawDelayMismatch, "is not extra.withdrawDelay 900"},
		{"signature", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Payload.BatchPayload.Voucher.MaxClaimableAmount = "4000" // signed for 3000
			return p
		}, BatchVoucherSignature, "not the payer authorizer"},
		{"signature v 0/1", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			v := p.V2.Payload.BatchPayload.Voucher
			sig := common.FromHex(v.Signature)
			sig[64] -= 27 // recovers in Go, not in the contract
			v.Signature = "0x" + common.Bytes2Hex(sig)
			return p
		}, BatchVoucherSignature, "want 27 or 28"},
		{"payload type", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Payload.BatchPayload.Type = "claim"
			return p
		}, BatchPayloadType, `payload.type "claim"`},
		{"deposit without its authorization", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Payload.BatchPayload.Type = BatchDeposit
			p.V2.Payload.BatchPayload.Deposit = &Deposit{Amount: "5000"}
			return p
		}, BatchERC3009Required, "needs erc3009Authorization"},
		{"refund amount", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Payload.BatchPayload.Type, p.V2.Payload.BatchPayload.Amount = BatchRefund, "0"
			return p
		}, BatchRefundAmountInvalid, `amount "0"`},
		{"exact scheme", func() *Payment {
			p := voucherPayment(t, terms, key, 3000, nil)
			p.V2.Accepted.Scheme = SchemeExact
			return p
		}, ReasonInvalidScheme, `accepted.scheme "exact" is not batch-settlement`},
	} {
		call, r := terms.CheckBatch(tc.make())
		switch {
		case tc.reason == "" && (r != nil || call == nil || !call.Verified || call.Max.Int64() != 3000):
			t.Errorf("%s: refused %v", tc.name, r)
		case tc.reason != "" && (r == nil || r.Reason != tc.reason || !strings.Contains(r.Message, tc.says)):
			t.Errorf("%s: got %v, want %s saying %q", tc.name, r, tc.reason, tc.says)
		}
	}
	if _, err := terms.Check(voucherPayment(t, terms, key, 3000, nil), time.Now()); err == nil || !strings.Contains(err.Error(), "accepted.scheme") {
		t.Errorf("exact check of a batch payment: %v", err)
	}
}
