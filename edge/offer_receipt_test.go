package edge

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// offerKey is the seller's signing key in these tests (development account #5).
var offerKey, _ = crypto.HexToECDSA("8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")

// signerOf recovers the address that signed digest, as the extension's
// verifiers do.
func signerOf(t *testing.T, digest common.Hash, signature string) common.Address {
	t.Helper()
	signer, err := x402.RecoverDigest(digest, signature)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

// receiptOf reads the signed receipt of a settlement's extensions.
func receiptOf(t *testing.T, extensions json.RawMessage) x402.SignedReceipt {
	t.Helper()
	var ext struct {
		OfferReceipt struct {
			Info struct{ Receipt *x402.SignedReceipt }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal(extensions, &ext); err != nil || ext.OfferReceipt.Info.Receipt == nil {
		t.Fatalf("no receipt in extensions %s (%v)", extensions, err)
	}
	return *ext.OfferReceipt.Info.Receipt
}

// With a signing key, a route's 402 carries a signed offer per accepts
// entry (the v1 body one for its entry, its network in CAIP-2), and its paid answer, over HTTP (v2 and v1) and over MCP, carries a
// receipt the key signed naming the payer, the resource, the network, the
// transaction and the settlement time; a retry of the same payment gets the
// same receipt. A changed term or payer no longer recovers the key.
func TestOffersAndPaidAnswersAreSigned(t *testing.T) {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t), offerKey: offerKey}
	h.start()
	seller := crypto.PubkeyToAddress(offerKey.PublicKey)
	var wellKnown struct{ OfferReceiptSigner string }
	if r := h.do("GET", registry.PathX402, "", nil); json.Unmarshal(r.body, &wellKnown) != nil || wellKnown.OfferReceiptSigner != seller.Hex() {
		t.Errorf("/.well-known/x402 names signer %q, want %s", wellKnown.OfferReceiptSigner, seller.Hex())
	}

	pr := h.terms(echoPath)
	var ext struct {
		OfferReceipt struct {
			Info struct{ Offers []x402.SignedOffer }
		} `json:"offer-receipt"`
	}
	if err := json.Unmarshal(pr.Extensions, &ext); err != nil || len(ext.OfferReceipt.Info.Offers) != len(pr.Accepts) {
		t.Fatalf("offers %s for %d accepts entries: %v", pr.Extensions, len(pr.Accepts), err)
	}
	for i, o := range ext.OfferReceipt.Info.Offers {
		a := pr.Accepts[i]
		want := x402.OfferPayload{Version: 1, ResourceURL: testBase + echoPath, Scheme: a.Scheme, Network: a.Network, Asset: a.Asset, PayTo: a.PayTo, Amount: a.Amount}
		if o.Payload != want || o.AcceptIndex != i || signerOf(t, o.Payload.Hash(), o.Signature) != seller {
			t.Errorf("offer %d: %+v, want %+v signed by %s", i, o, want, seller.Hex())
		}
		o.Payload.PayTo = buyer
		if signerOf(t, o.Payload.Hash(), o.Signature) == seller {
			t.Errorf("offer %d verifies with another payTo", i)
		}
	}

	var v1 struct {
		Accepts    []x402.RequirementsV1
		Extensions struct {
			OfferReceipt struct {
				Info struct{ Offers []x402.SignedOffer }
			} `json:"offer-receipt"`
		}
	}
	if r := h.do("GET", echoPath, "", nil); json.Unmarshal(r.body, &v1) != nil || len(v1.Accepts) != 1 || len(v1.Extensions.OfferReceipt.Info.Offers) != 1 {
		t.Fatalf("v1 body %s", r.body)
	}
	a, o := v1.Accepts[0], v1.Extensions.OfferReceipt.Info.Offers[0]
	want := x402.OfferPayload{Version: 1, ResourceURL: a.Resource, Scheme: a.Scheme, Network: x402.Base.ID, Asset: a.Asset, PayTo: a.PayTo, Amount: a.MaxAmountRequired}
	if a.Network != "base" || o.Payload != want || o.AcceptIndex != 0 || signerOf(t, o.Payload.Hash(), o.Signature) != seller {
		t.Errorf("v1 offer %+v for %+v", o, a)
	}

	check := func(name string, settled x402.SettleResponse, resource string) x402.SignedReceipt {
		t.Helper()
		r := receiptOf(t, settled.Extensions)
		var kept struct {
			SettledAt time.Time `json:"settled_at"`
		}
		if rec := h.do("GET", registry.PathReceipt+settled.Transaction, "", nil); json.Unmarshal(rec.body, &kept) != nil {
			t.Fatalf("%s: receipt %s: %s", name, settled.Transaction, rec.body)
		}
		want := x402.ReceiptPayload{Version: 1, Network: x402.Base.ID, ResourceURL: resource, Payer: buyer,
			IssuedAt: kept.SettledAt.Unix(), Transaction: settled.Transaction}
		if r.Format != "eip712" || r.Payload != want || signerOf(t, r.Payload.Hash(), r.Signature) != seller {
			t.Errorf("%s: receipt %+v, want %+v signed by %s", name, r, want, seller.Hex())
		}
		r.Payload.Payer = seller.Hex()
		if signerOf(t, r.Payload.Hash(), r.Signature) == seller {
			t.Errorf("%s: the receipt verifies for another payer", name)
		}
		return r
	}
	for _, c := range []struct{ name, header string }{{"v2", x402.HeaderResponse}, {"v1", x402.HeaderResponseV1}} {
		p := h.payment(echoPath, nil)
		send := func() reply {
			if c.name == "v1" {
				return h.do("POST", echoPath, echoBody, map[string]string{x402.HeaderPaymentV1: header(t, v1Of(p))})
			}
			return h.pay(echoPath, echoBody, p)
		}
		first, again := send(), send()
		if first.status != 200 || again.status != 200 {
			t.Fatalf("%s: %d %s, retry %d %s", c.name, first.status, first.body, again.status, again.body)
		}
		check(c.name, settlementOf(t, first, c.header), testBase+echoPath)
		if again.header[c.header] != first.header[c.header] {
			t.Errorf("%s: the retry's settlement %s differs from the first %s", c.name, again.header[c.header], first.header[c.header])
		}
	}

	p := h.mcpPayment("test_mcp_only", `{"domain":"example.com"}`)
	first, again := h.call("test_mcp_only", `{"domain":"example.com"}`, p), h.call("test_mcp_only", `{"domain":"example.com"}`, p)
	var settled x402.SettleResponse
	if first.IsError || json.Unmarshal(first.Meta[mcpPaymentResponseKey], &settled) != nil {
		t.Fatalf("MCP: %+v", first)
	}
	check("MCP", settled, testBase+registry.PathMCP)
	if string(again.Meta[mcpPaymentResponseKey]) != string(first.Meta[mcpPaymentResponseKey]) {
		t.Errorf("MCP retry: %s, first %s", again.Meta[mcpPaymentResponseKey], first.Meta[mcpPaymentResponseKey])
	}
}

// Without a signing key nothing is signed: no offers, no receipts, no
// signer published.
func TestWithoutAKeyNothingIsSigned(t *testing.T) {
	h := newHarness(t)
	if r := h.do("GET", registry.PathX402, "", nil); r.status != 200 || strings.Contains(string(r.body), "offerReceiptSigner") {
		t.Errorf("/.well-known/x402 %d names a signer: %s", r.status, r.body)
	}
	var ext map[string]json.RawMessage
	if err := json.Unmarshal(h.terms(echoPath).Extensions, &ext); err != nil || ext[x402.OfferReceipt] != nil || ext["bazaar"] == nil {
		t.Fatalf("extensions %v: %v", ext, err)
	}
	if r := h.do("GET", echoPath, "", nil); r.status != 402 || strings.Contains(string(r.body), x402.OfferReceipt) {
		t.Fatalf("v1 body %d %s", r.status, r.body)
	}
	r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if s := settlementOf(t, r, x402.HeaderResponse); r.status != 200 || !s.Success || s.Extensions != nil {
		t.Fatalf("%d %s: settlement %+v", r.status, r.body, s)
	}
}
