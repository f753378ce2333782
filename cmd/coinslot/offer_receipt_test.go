package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// The key these tests sign offers with, account 5 of the development
// mnemonic, and its address.
const (
	offerKeyHex = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"
	offerSigner = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"
)

// recovered is who signed digest, as the extension's verifiers recover it.
func recovered(t *testing.T, digest common.Hash, signature string) string {
	t.Helper()
	signer, err := x402.RecoverDigest(digest, signature)
	if err != nil {
		t.Fatal(err)
	}
	return signer.Hex()
}

// A sandbox keyed by offer_receipt.key_file signs both offers of a route
// (exact and batch-settlement), and the receipts of a channel's deposit
// (naming its transaction) and of a voucher (no transaction); the same
// voucher sent again gets the same settlement, receipt included.
func TestBatchSettlementOffersAndReceiptsAreSigned(t *testing.T) {
	slow(t)
	file := filepath.Join(t.TempDir(), "offer.key")
	if err := os.WriteFile(file, []byte(offerKeyHex+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	b := startBatchSandbox(t, "COINSLOT_OFFER_RECEIPT_KEY_FILE="+file)
	var ext struct {
		OfferReceipt struct {
			Info struct{ Offers []x402.SignedOffer }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal(b.terms.Extensions, &ext); err != nil || len(ext.OfferReceipt.Info.Offers) != len(b.terms.Accepts) {
		t.Fatalf("offers %s: %v", b.terms.Extensions, err)
	}
	for i, o := range ext.OfferReceipt.Info.Offers {
		if a := b.terms.Accepts[i]; o.Payload.Scheme != a.Scheme || o.Payload.Amount != a.Amount || recovered(t, o.Payload.Hash(), o.Signature) != offerSigner {
			t.Errorf("offer %d %+v for %+v", i, o, a)
		}
	}

	buyer := b.buyer(buyer1, 5)
	payer := crypto.PubkeyToAddress(buyer.Key.PublicKey).Hex()
	send := func(p *x402.Payload, err error) (string, x402.SignedReceipt) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		header, _ := x402.EncodeHeader(p)
		res, body, err := post(b.url, []byte(batchRequest), header)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%v %d %s", err, res.StatusCode, body)
		}
		var settled struct {
			Transaction string
			Extensions  struct {
				OfferReceipt struct {
					Info struct{ Receipt x402.SignedReceipt }
				} `json:"offer-receipt"`
			}
		}
		v := res.Header.Get(x402.HeaderResponse)
		if err := x402.DecodeHeader(v, &settled); err != nil {
			t.Fatal(err)
		}
		r := settled.Extensions.OfferReceipt.Info.Receipt
		if r.Payload.Transaction != settled.Transaction || r.Payload.Payer != payer || r.Payload.ResourceURL != b.url ||
			r.Payload.Network != b.terms.Accepts[0].Network || time.Since(time.Unix(r.Payload.IssuedAt, 0)) > time.Minute ||
			recovered(t, r.Payload.Hash(), r.Signature) != offerSigner {
			t.Errorf("receipt %+v of %s", r, v)
		}
		return v, r
	}
	if _, r := send(buyer.Deposit(b.times(4), b.times(1), time.Now())); r.Payload.Transaction == "" {
		t.Error("the deposit's receipt names no transaction")
	}
	first, r := send(buyer.Voucher(b.times(2)))
	if r.Payload.Transaction != "" {
		t.Errorf("a voucher's receipt names transaction %s", r.Payload.Transaction)
	}
	if again, _ := send(buyer.Voucher(b.times(2))); again != first {
		t.Errorf("the same voucher again: %s, first %s", again, first)
	}
}

// A key that is no private key stops the start, and the error shows none of it.
func TestAnUnreadableOfferKeyStopsTheStart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "offer.key")
	if err := os.WriteFile(file, []byte("0xnotakey\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, cfg := sandboxOn(t, "", "COINSLOT_OFFER_RECEIPT_KEY_FILE="+file)
	svc, err := start(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err == nil {
		svc.Close()
	}
	if err == nil || err.Error() != "offer_receipt: the offer key is not a 32-byte hex private key" {
		t.Fatalf("start: %v", err)
	}
}
