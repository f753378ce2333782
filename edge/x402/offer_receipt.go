package x402

import (
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	segjson "github.com/segmentio/encoding/json"
)

// OfferReceipt is the offer-and-receipt extension: the seller signs each
// offer of its 402 and, on a paid answer, a receipt a third party can check
// without trusting the buyer's word.
const OfferReceipt = "offer-receipt"

// The extension's EIP-712 signing uses its own domains, without a verifying
// contract and on chain id 1 whatever the payment network: the signatures
// are off-chain statements, never submitted.
var (
	offerSeparator   = artifactSeparator("x402 offer")
	receiptSeparator = artifactSeparator("x402 receipt")
	offerTypeHash    = crypto.Keccak256([]byte("Offer(uint256 version,string resourceUrl,string scheme,string network,string asset,string payTo,string amount,uint256 validUntil)"))
	receiptTypeHash  = crypto.Keccak256([]byte("Receipt(uint256 version,string network,string resourceUrl,string payer,uint256 issuedAt,string transaction)"))
)

func artifactSeparator(name string) common.Hash {
	return crypto.Keccak256Hash(
		crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId)")),
		crypto.Keccak256([]byte(name)), crypto.Keccak256([]byte("1")), word(big.NewInt(1).Bytes()))
}

// OfferPayload is what a signed offer commits to: one accepts entry's terms
// for a resource. ValidUntil 0 is an offer that holds until the terms
// change (they are signed when built).
type OfferPayload struct {
	Version     int    `json:"version"`
	ResourceURL string `json:"resourceUrl"`
	Scheme      string `json:"scheme"`
	Network     string `json:"network"` // CAIP-2 on every protocol version
	Asset       string `json:"asset"`
	PayTo       string `json:"payTo"`
	Amount      string `json:"amount"`
	ValidUntil  uint64 `json:"validUntil"`
}

// Hash is the EIP-712 digest the offer's signature signs.
func (p *OfferPayload) Hash() common.Hash {
	return typedHash(offerSeparator, crypto.Keccak256(offerTypeHash, word(big.NewInt(int64(p.Version)).Bytes()),
		crypto.Keccak256([]byte(p.ResourceURL)), crypto.Keccak256([]byte(p.Scheme)), crypto.Keccak256([]byte(p.Network)),
		crypto.Keccak256([]byte(p.Asset)), crypto.Keccak256([]byte(p.PayTo)), crypto.Keccak256([]byte(p.Amount)),
		word(new(big.Int).SetUint64(p.ValidUntil).Bytes())))
}

// ReceiptPayload is what a signed receipt states: payer paid for the
// resource on network in transaction ("" for a batch-settlement voucher,
// which moves nothing on chain), at issuedAt.
type ReceiptPayload struct {
	Version     int    `json:"version"`
	Network     string `json:"network"`
	ResourceURL string `json:"resourceUrl"`
	Payer       string `json:"payer"`
	IssuedAt    int64  `json:"issuedAt"`
	Transaction string `json:"transaction"`
}

// Hash is the EIP-712 digest the receipt's signature signs.
func (p *ReceiptPayload) Hash() common.Hash {
	return typedHash(receiptSeparator, crypto.Keccak256(receiptTypeHash, word(big.NewInt(int64(p.Version)).Bytes()),
		crypto.Keccak256([]byte(p.Network)), crypto.Keccak256([]byte(p.ResourceURL)), crypto.Keccak256([]byte(p.Payer)),
		word(big.NewInt(p.IssuedAt).Bytes()), crypto.Keccak256([]byte(p.Transaction))))
}

// SignedOffer is one offer of the 402's offer-receipt extension.
type SignedOffer struct {
	Format      string       `json:"format"` // "eip712"
	AcceptIndex int          `json:"acceptIndex"`
	Payload     OfferPayload `json:"payload"`
	Signature   string       `json:"signature"`
}

// SignedReceipt is the receipt of a paid answer's settlement response.
type SignedReceipt struct {
	Format    string         `json:"format"` // "eip712"
	Payload   ReceiptPayload `json:"payload"`
	Signature string         `json:"signature"`
}

// SignOffers signs every accepts entry of the terms with key and puts the
// offers in the 402's extensions; Receipt signs with the same key from then
// on. Terms are built once per configuration, so each offer is signed once.
func (t *Terms) SignOffers(key *ecdsa.PrivateKey) error {
	offers := make([]SignedOffer, len(t.Required.Accepts))
	for i, a := range t.Required.Accepts {
		p := OfferPayload{Version: 1, ResourceURL: t.Resource, Scheme: a.Scheme, Network: a.Network, Asset: a.Asset, PayTo: a.PayTo, Amount: a.Amount}
		sig, err := SignDigest(key, p.Hash())
		if err != nil {
			return fmt.Errorf("offer %s: %w", t.Offer.Name, err)
		}
		offers[i] = SignedOffer{Format: "eip712", AcceptIndex: i, Payload: p, Signature: sig}
	}
	var ext map[string]any
	if err := json.Unmarshal(t.Required.Extensions, &ext); err != nil {
		return fmt.Errorf("offer %s: %w", t.Offer.Name, err)
	}
	ext[OfferReceipt] = map[string]any{"info": map[string]any{"offers": offers}}
	var err error
	if t.Required.Extensions, err = json.Marshal(ext); err != nil {
		return fmt.Errorf("offer %s: %w", t.Offer.Name, err)
	}
	// The v1 body's accepts are the exact entries of the networks v1 names,
	// in order, each offer's network in CAIP-2 as every offer states it.
	var v1 []SignedOffer
	for _, o := range offers {
		if o.Payload.Scheme == SchemeExact && slices.ContainsFunc(t.networks, func(n *Terms) bool {
			return n.Network.ID == o.Payload.Network && n.Network.V1Name != ""
		}) {
			o.AcceptIndex = len(v1)
			v1 = append(v1, o)
		}
	}
	t.ExtensionsV1 = nil
	if v1 != nil {
		if t.ExtensionsV1, err = json.Marshal(map[string]any{OfferReceipt: map[string]any{"info": map[string]any{"offers": v1}}}); err != nil {
			return fmt.Errorf("offer %s: %w", t.Offer.Name, err)
		}
	}
	t.receiptKey, t.receipts = key, new(receiptMemo)
	return t.share()
}

// Receipt puts the signed receipt of a paid answer, settled at issuedAt, in
// r's extensions; without a signing key it leaves r as it is. The signature
// is deterministic (RFC 6979), so the same settlement, sent again, carries
// the same receipt.
func (t *Terms) Receipt(r *SettleResponse, issuedAt time.Time) {
	if t.receiptKey == nil {
		return
	}
	p := ReceiptPayload{Version: 1, Network: t.Network.ID, ResourceURL: t.Resource, Payer: r.Payer,
		IssuedAt: issuedAt.Unix(), Transaction: r.Transaction}
	slot := &t.receipts[receiptSlot(p.Payer)]
	if last := slot.Load(); last != nil && last.payload == p {
		r.Extensions = last.extension
		return
	}
	sig, _ := SignDigest(t.receiptKey, p.Hash()) // a digest's 32 bytes always sign under a parsed key
	var ext receiptExtension
	ext.OfferReceipt.Info.Receipt = SignedReceipt{Format: "eip712", Payload: p, Signature: sig}
	r.Extensions, _ = json.Marshal(ext) // strings and numbers: it encodes
	slot.Store(&signedReceipt{payload: p, extension: r.Extensions})
}

// EncodeSettlement is r as json.Marshal encodes it, for r whose extensions
// are none or what Receipt put there: json.Marshal output, so already as
// json.Marshal would write them again. They are appended as they are, not
// scanned again, which takes json.Marshal longer than the rest of r. The
// rest is encoded by segmentio's json.Marshal, which writes encoding/json's
// bytes (TestEncodeSettlementAsJSONMarshal) in half its time: every paid
// call encodes one.
func EncodeSettlement(r *SettleResponse) []byte {
	rest := *r
	rest.Extensions = nil
	doc, _ := segjson.Marshal(&rest) // strings, a bool and a struct of strings: it encodes
	if r.Extensions == nil {
		return doc
	}
	// The last field, after a member at least (transaction and network are
	// always there). Marshal's copy has no room to spare, so the whole is
	// built in one buffer of its exact size rather than grown into one.
	const member = `,"extensions":`
	out := make([]byte, 0, len(doc)+len(member)+len(r.Extensions))
	out = append(append(append(out, doc[:len(doc)-1]...), member...), r.Extensions...)
	return append(out, '}')
}

// receiptExtension is the settlement's extensions object with its receipt.
type receiptExtension struct {
	OfferReceipt struct {
		Info struct {
			Receipt SignedReceipt `json:"receipt"`
		} `json:"info"`
	} `json:"offer-receipt"`
}

// receiptMemo keeps the latest receipt signed for each payer, in a slot
// its address picks: a buyer's voucher calls within the same second state
// the same receipt (no transaction, the same issuedAt), so they share one
// signature instead of one each. Payers sharing a slot only displace each
// other.
type receiptMemo [receiptSlots]atomic.Pointer[signedReceipt]

const receiptSlots = 64

// signedReceipt is a receipt's payload and the extensions object signing it.
// extension is shared by every settlement that carries it: never written.
type signedReceipt struct {
	payload   ReceiptPayload
	extension json.RawMessage
}

// receiptSlot is FNV-1a of the payer's address, as sent.
func receiptSlot(payer string) int {
	h := uint32(2166136261)
	for i := range len(payer) {
		h = (h ^ uint32(payer[i])) * 16777619
	}
	return int(h % receiptSlots)
}
