package x402

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// sellerKey is the development account #5 of the standard mnemonic, whose
// address is sellerSigner. The digests and signatures below are what
// @x402/extensions 2.27 (hashOfferTypedData, signOfferEIP712 and their
// receipt twins, over a viem account) gives for the same payloads.
const (
	sellerKey    = "8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"
	sellerSigner = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"
)

var (
	vectorOffer = OfferPayload{Version: 1, ResourceURL: "https://api.example.com/paid/x", Scheme: "exact", Network: "eip155:8453",
		Asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", PayTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C", Amount: "10000"}
	vectorReceipt = ReceiptPayload{Version: 1, Network: "eip155:8453", ResourceURL: "https://api.example.com/paid/x",
		Payer: "0x857b06519E91e3A54538791bDbb0E22373e36b66", IssuedAt: 1703123456, Transaction: "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"}
)

func TestOfferAndReceiptSignAsTheOfficialLibraryDoes(t *testing.T) {
	key, _ := crypto.HexToECDSA(sellerKey)
	for _, c := range []struct {
		name      string
		digest    common.Hash
		hash, sig string
	}{
		{"offer", vectorOffer.Hash(), "0xda36d0bd3a5c8c89c7c0aa6f76dcdf6455a96271eb877f7479aa1685db60b6f3",
			"0x461747de35317cc811f5eb0999e6679082fd5fc28631416a5ec8f8cf063505c92e662a6c1b51cf81429500104c17164c24258533a22438b73b51b2b09c3d61e01c"},
		{"receipt", vectorReceipt.Hash(), "0x21d192ca398bdba38c9920f1277b392921c07caa6796c2f96be6f99d087b656b",
			"0x12b226024b7e27bc47565562c7fa95077c2ec0c28f6245e30f10f75a695f521744dc9199c797ea62c5ea260da3e590c61280f6897c672aade87939d748581edc1c"},
	} {
		if c.digest.Hex() != c.hash {
			t.Errorf("%s digest %s, want %s", c.name, c.digest.Hex(), c.hash)
		}
		if sig, err := SignDigest(key, c.digest); err != nil || sig != c.sig {
			t.Errorf("%s signature %s (%v), want %s", c.name, sig, err, c.sig)
		}
	}
}

// signerOf recovers who signed digest, as a verifier does.
func signerOf(t *testing.T, digest common.Hash, signature string) common.Address {
	t.Helper()
	sig, err := decodeSignature(signature)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := recoverSignature(digest, sig)
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

// With a key, every accepts entry of the 402 has a signed offer naming its
// terms, in PAYMENT-REQUIRED too, and a settlement gets a receipt signed by
// the same key, the same for the same settlement; a changed term no longer
// recovers the signer. Without a key neither is added.
func TestTermsSignOffersAndReceipts(t *testing.T) {
	key, _ := crypto.HexToECDSA(sellerKey)
	terms, err := NewTerms([]Network{Base}, Offer{Name: "test_signed", Amount: 20000, PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
		Resource: "http://coinslot.test/paid/test/signed", InputSchema: map[string]any{"type": "object"},
		Batch: &BatchTerms{Network: Base.ID, WithdrawDelay: MinWithdrawDelay}}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	unsigned := *terms
	settled := &SettleResponse{Success: true, Payer: "0x857b06519E91e3A54538791bDbb0E22373e36b66", Transaction: "0xab", Network: "eip155:8453"}
	if unsigned.Receipt(settled, time.Unix(1703123456, 0)); settled.Extensions != nil {
		t.Fatalf("unsigned terms gave a receipt: %s", settled.Extensions)
	}
	if err := terms.SignOffers(key); err != nil {
		t.Fatal(err)
	}
	var sent PaymentRequired
	if err := DecodeHeader(terms.Header, &sent); err != nil {
		t.Fatal(err)
	}
	var ext struct {
		Offers struct {
			Info struct{ Offers []SignedOffer }
		} `json:"offer-receipt"`
		Bazaar json.RawMessage `json:"bazaar"`
	}
	if err := json.Unmarshal(sent.Extensions, &ext); err != nil || ext.Bazaar == nil {
		t.Fatalf("extensions %s: %v", sent.Extensions, err)
	}
	offers := ext.Offers.Info.Offers
	if len(offers) != 2 || len(sent.Accepts) != 2 {
		t.Fatalf("%d offers for %d accepts entries", len(offers), len(sent.Accepts))
	}
	for i, o := range offers {
		a := sent.Accepts[i]
		want := OfferPayload{Version: 1, ResourceURL: terms.Resource, Scheme: a.Scheme, Network: a.Network, Asset: a.Asset, PayTo: a.PayTo, Amount: a.Amount}
		if o.Format != "eip712" || o.AcceptIndex != i || o.Payload != want {
			t.Errorf("offer %d: %+v, want %+v", i, o, want)
		}
		if got := signerOf(t, o.Payload.Hash(), o.Signature); got.Hex() != sellerSigner {
			t.Errorf("offer %d signed by %s", i, got.Hex())
		}
		o.Payload.Amount = "1"
		if got := signerOf(t, o.Payload.Hash(), o.Signature); got.Hex() == sellerSigner {
			t.Errorf("offer %d still verifies with another amount", i)
		}
	}

	receipts := make([]string, 2)
	for i := range receipts {
		r := *settled
		terms.Receipt(&r, time.Unix(1703123456, 0))
		receipts[i] = string(r.Extensions)
	}
	if receipts[0] != receipts[1] {
		t.Errorf("the same settlement got two receipts:\n%s\n%s", receipts[0], receipts[1])
	}
	var got struct {
		Receipt struct {
			Info struct{ Receipt SignedReceipt }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal([]byte(receipts[0]), &got); err != nil {
		t.Fatal(err)
	}
	r := got.Receipt.Info.Receipt
	want := ReceiptPayload{Version: 1, Network: "eip155:8453", ResourceURL: terms.Resource, Payer: settled.Payer, IssuedAt: 1703123456, Transaction: "0xab"}
	if r.Format != "eip712" || r.Payload != want {
		t.Errorf("receipt %+v, want %+v", r, want)
	}
	if signer := signerOf(t, r.Payload.Hash(), r.Signature); signer.Hex() != sellerSigner {
		t.Errorf("receipt signed by %s", signer.Hex())
	}
	r.Payload.Payer = strings.ToLower(sellerSigner)
	if signer := signerOf(t, r.Payload.Hash(), r.Signature); signer.Hex() == sellerSigner {
		t.Error("the receipt still verifies for another payer")
	}
}

// Sold on two networks, the terms of each carry every offer, the v1 body's
// offers follow its accepts entries, and a receipt names the network paid
// on.
func TestSignedOffersOnEveryNetwork(t *testing.T) {
	key, _ := crypto.HexToECDSA(sellerKey)
	terms, err := NewTerms([]Network{Base, Polygon}, Offer{Name: "test_signed", Amount: 20000, PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
		Resource: "http://coinslot.test/paid/test/signed", InputSchema: map[string]any{"type": "object"}}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := terms.SignOffers(key); err != nil {
		t.Fatal(err)
	}
	var v1 struct {
		Offers struct {
			Info struct{ Offers []SignedOffer }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal(terms.ExtensionsV1, &v1); err != nil {
		t.Fatal(err)
	}
	var accepts []RequirementsV1
	if err := json.Unmarshal(terms.AcceptsV1, &accepts); err != nil {
		t.Fatal(err)
	}
	if got := v1.Offers.Info.Offers; len(got) != 2 || len(accepts) != 2 ||
		got[0].AcceptIndex != 0 || got[0].Payload.Network != Base.ID || got[1].AcceptIndex != 1 || got[1].Payload.Network != Polygon.ID {
		t.Fatalf("v1 offers %+v for accepts %+v", got, accepts)
	}
	each := terms.PerNetwork()
	for _, n := range each {
		if n.Header != terms.Header || string(n.ExtensionsV1) != string(terms.ExtensionsV1) {
			t.Errorf("%s: its 402 differs from the offer's", n.Network.ID)
		}
	}
	r := &SettleResponse{Success: true, Payer: "0x857b06519E91e3A54538791bDbb0E22373e36b66", Transaction: "0xab", Network: Polygon.ID}
	each[1].Receipt(r, time.Unix(1703123456, 0))
	var got struct {
		Receipt struct {
			Info struct{ Receipt SignedReceipt }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal(r.Extensions, &got); err != nil || got.Receipt.Info.Receipt.Payload.Network != Polygon.ID {
		t.Fatalf("receipt %s (%v), want it on %s", r.Extensions, err, Polygon.ID)
	}
	if signer := signerOf(t, got.Receipt.Info.Receipt.Payload.Hash(), got.Receipt.Info.Receipt.Signature); signer.Hex() != sellerSigner {
		t.Errorf("receipt signed by %s", signer.Hex())
	}
}

// A receipt is the extensions object the official library reads, signed
// over its payload whether signed anew or kept from the payer's previous
// call in the same second; another second is another receipt.
func TestReceiptIsSignedPerPayload(t *testing.T) {
	key, _ := crypto.HexToECDSA(sellerKey)
	terms, err := NewTerms([]Network{Base}, Offer{Name: "test_signed", Amount: 10000, PayTo: common.HexToAddress(vectorOffer.PayTo),
		Resource: vectorReceipt.ResourceURL, InputSchema: map[string]any{"type": "object"}}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := terms.SignOffers(key); err != nil {
		t.Fatal(err)
	}
	const want = `{"offer-receipt":{"info":{"receipt":{"format":"eip712","payload":{"version":1,"network":"eip155:8453",` +
		`"resourceUrl":"https://api.example.com/paid/x","payer":"0x857b06519E91e3A54538791bDbb0E22373e36b66","issuedAt":1703123456,` +
		`"transaction":"0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"},` +
		`"signature":"0x12b226024b7e27bc47565562c7fa95077c2ec0c28f6245e30f10f75a695f521744dc9199c797ea62c5ea260da3e590c61280f6897c672aade87939d748581edc1c"}}}}`
	receipt := func(at int64) string {
		r := SettleResponse{Success: true, Payer: vectorReceipt.Payer, Transaction: vectorReceipt.Transaction, Network: Base.ID}
		terms.Receipt(&r, time.Unix(at, 0))
		return string(r.Extensions)
	}
	for i := range 2 {
		if got := receipt(vectorReceipt.IssuedAt); got != want {
			t.Fatalf("receipt %d:\n%s\nwant\n%s", i, got, want)
		}
	}
	var next struct {
		Receipt struct {
			Info struct{ Receipt SignedReceipt }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal([]byte(receipt(vectorReceipt.IssuedAt+1)), &next); err != nil {
		t.Fatal(err)
	}
	later := vectorReceipt
	later.IssuedAt++
	if r := next.Receipt.Info.Receipt; r.Payload != later || signerOf(t, later.Hash(), r.Signature).Hex() != sellerSigner {
		t.Errorf("a second later: %+v", r)
	}
	if got := receipt(vectorReceipt.IssuedAt); got != want {
		t.Errorf("back to the first second:\n%s\nwant\n%s", got, want)
	}
}

// A settlement with its receipt, or without, encodes as json.Marshal
// encodes it, strings needing escapes included.
func TestEncodeSettlementAsJSONMarshal(t *testing.T) {
	key, _ := crypto.HexToECDSA(sellerKey)
	terms, err := NewTerms([]Network{Base}, Offer{Name: "test_signed", Amount: 10000, PayTo: common.HexToAddress(vectorOffer.PayTo),
		Resource: vectorReceipt.ResourceURL + "?q=<a&b>", InputSchema: map[string]any{"type": "object"}}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := terms.SignOffers(key); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*SettleResponse{
		{Success: true, Network: Base.ID, Payer: vectorReceipt.Payer, Extra: &SettleExtra{ChargedAmount: "10000",
			ChannelState: &ChannelState{ChannelID: "0xa05f", Balance: "1000000", TotalClaimed: "0", RefundNonce: "0", ChargedCumulativeAmount: "20000"}}},
		{Success: true, Network: Base.ID, Payer: "0x<\u2028>", Transaction: "0xab", Amount: "5"},
		{ErrorReason: "invalid_payload", ErrorMessage: "\"quoted\" & <escaped>\n", Network: Base.ID},
	} {
		for _, signed := range []bool{false, true} {
			if signed {
				terms.Receipt(r, time.Unix(1703123456, 0))
			}
			want, _ := json.Marshal(r)
			if got := EncodeSettlement(r); string(got) != string(want) {
				t.Errorf("encoded\n%s\nwant\n%s", got, want)
			}
		}
	}
}
