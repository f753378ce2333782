package x402

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// benchPayment is a v2 payment for a tool's terms on Base, as a buyer
// sends it: the PAYMENT-SIGNATURE value, echoing the 402's extensions.
func benchPayment(b testing.TB) (*Terms, string) {
	b.Helper()
	terms, err := NewTerms([]Network{Base}, Offer{Name: "bench_tool", Description: "Benchmarks the payment path.", Amount: 50000,
		PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), Resource: "http://coinslot.test/paid/bench/tool", Example: map[string]any{"text": "hi"},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"text": map[string]any{"type": "string", "minLength": 1, "maxLength": 100}},
			"required": []string{"text"}, "additionalProperties": false},
		Output: Output{Format: "object", Description: "An object."}}, 60, 24*time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	header, _, err := Pay(key, &terms.Required, time.Now())
	if err != nil {
		b.Fatal(err)
	}
	return terms, header
}

func BenchmarkDecodePayment(b *testing.B) {
	_, header := benchPayment(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodePayment(HeaderSignature, header); err != nil {
			b.Fatal(err)
		}
	}
}

// The local verification of a decoded payment: terms, window, EIP-712
// hash and signature recovery.
func BenchmarkCheck(b *testing.B) {
	terms, header := benchPayment(b)
	p, err := DecodePayment(HeaderSignature, header)
	if err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := terms.Check(p, now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAuthorizationHash(b *testing.B) {
	terms, header := benchPayment(b)
	p, _ := DecodePayment(HeaderSignature, header)
	d := terms.Network.Domain()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := AuthorizationHash(d, &p.V2.Payload.Authorization); err != nil {
			b.Fatal(err)
		}
	}
}

// The floor of a paid call: one EIP-712 hash and one secp256k1 recovery.
func BenchmarkRecoverAuthorizer(b *testing.B) {
	terms, header := benchPayment(b)
	p, _ := DecodePayment(HeaderSignature, header)
	d := terms.Network.Domain()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RecoverAuthorizer(d, &p.V2.Payload.Authorization, p.V2.Payload.Signature); err != nil {
			b.Fatal(err)
		}
	}
}

// A batch-settlement voucher, as a buyer sends it: the same echoed
// resource and extensions around a voucher payload, the extensions as a
// route's 402 has them (bazaar with the answer's schema and a recorded
// answer, payment-identifier, the signed offers): about 9.5 KiB.
func BenchmarkDecodeVoucher(b *testing.B) {
	_, header := voucherHeader(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodePayment(HeaderSignature, header); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(header)), "header-bytes")
}

// BenchmarkScanVoucher is the one-pass scan of a voucher's decoded JSON,
// most of which is the echoed extensions it passes over.
func BenchmarkScanVoucher(b *testing.B) {
	_, header := voucherHeader(b)
	raw, err := decodeBase64(nil, header)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ok := scanPayload(raw, headerEchoes); !ok {
			b.Fatal("not scanned")
		}
	}
}

// BenchmarkCheckBatch is a voucher's check against its terms: the channel
// config read and hashed to its id, the voucher's digest and its signer
// recovered, which alone takes most of it.
func BenchmarkCheckBatch(b *testing.B) {
	terms, header := voucherHeader(b)
	p, err := DecodePayment(HeaderSignature, header)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, r := terms.CheckBatch(p); r != nil {
			b.Fatal(r)
		}
	}
}

// BenchmarkDecodeVoucherWithID is BenchmarkDecodeVoucher from a buyer
// naming each payment with an id of its own in the payment-identifier
// extension, so that no two payments' extensions are the same bytes.
func BenchmarkDecodeVoucherWithID(b *testing.B) {
	_, p := voucherPayload(b)
	var ext map[string]json.RawMessage
	if err := json.Unmarshal(p.Extensions, &ext); err != nil {
		b.Fatal(err)
	}
	headers := make([]string, 1024)
	for i := range headers {
		ext[PaymentIdentifier] = fmt.Appendf(nil, `{"info":{"required":false,"id":"pay_%016d"}}`, i)
		var err error
		if p.Extensions, err = json.Marshal(ext); err != nil {
			b.Fatal(err)
		}
		if headers[i], err = EncodeHeader(p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := DecodePayment(HeaderSignature, headers[i%len(headers)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func voucherHeader(b testing.TB) (*Terms, string) {
	b.Helper()
	terms, p := voucherPayload(b)
	header, err := EncodeHeader(p)
	if err != nil {
		b.Fatal(err)
	}
	return terms, header
}

// voucherPayload is the voucher of BenchmarkDecodeVoucher and its terms.
func voucherPayload(b testing.TB) (*Terms, *Payload) {
	b.Helper()
	terms, _ := benchPayment(b)
	offer := terms.Offer
	offer.Batch = &BatchTerms{Network: Base.ID, ReceiverAuthorizer: common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"), WithdrawDelay: 900}
	score := map[string]any{"type": "integer", "minimum": 0, "maximum": 3, "description": "How many legs of the trifecta the agent has."}
	offer.Output.Schema = map[string]any{"type": "object", "required": []string{"ok", "data"}, "properties": map[string]any{
		"ok":   map[string]any{"type": "boolean"},
		"data": map[string]any{"type": "object", "properties": map[string]any{"score": score, "legs": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, "advice": map[string]any{"type": "string"}}},
		"meta": map[string]any{"type": "object", "properties": map[string]any{"tool": map[string]any{"type": "string"}, "price_usd": map[string]any{"type": "string"}, "receipt": map[string]any{"type": "object"}}}}}
	offer.Output.Example = []byte(`{"ok":true,"data":{"score":2,"legs":["private data","untrusted content"],"advice":"` + strings.Repeat("Cut one leg of the trifecta: an agent holding private data and reading untrusted content must not act outward. ", 32) + `"},"meta":{"tool":"bench_tool","price_usd":"0.05"}}`)
	terms, err := NewTerms([]Network{Base}, offer, 60, 24*time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	if err := terms.AdvertisePaymentIdentifier(false); err != nil {
		b.Fatal(err)
	}
	if err := terms.SignOffers(key); err != nil {
		b.Fatal(err)
	}
	buyer := &BatchBuyer{Key: key, Terms: *terms.Batch, Resource: terms.Required.Resource}
	p, err := buyer.Voucher(big.NewInt(150000))
	if err != nil {
		b.Fatal(err)
	}
	p.Extensions = terms.Required.Extensions
	return terms, p
}

// BenchmarkReceipt is what a paid answer costs to carry its signed receipt:
// one EIP-712 digest and one secp256k1 signature.
func BenchmarkReceipt(b *testing.B) {
	terms, _ := benchPayment(b)
	key, _ := crypto.GenerateKey()
	if err := terms.SignOffers(key); err != nil {
		b.Fatal(err)
	}
	issued := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		r := SettleResponse{Success: true, Payer: "0x857b06519E91e3A54538791bDbb0E22373e36b66", Network: Base.ID,
			Transaction: "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"}
		issued = issued.Add(time.Second) // a receipt of its own, not the last one kept
		terms.Receipt(&r, issued)
		if r.Extensions == nil {
			b.Fatal("no receipt")
		}
	}
}
