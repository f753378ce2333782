package x402

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// TestTermsOfferEveryNetwork: one 402 carries an exact entry per network,
// the batch-settlement entry right after its network's, and a v1 entry per
// network with a v1 name; each network's terms share those documents.
func TestTermsOfferEveryNetwork(t *testing.T) {
	payTo := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	terms, err := NewTerms([]Network{Base, ArbitrumOne, BaseSepolia}, Offer{Name: "multi", Amount: 50000, PayTo: payTo, Resource: "http://coinslot.test/paid/multi",
		Batch: &BatchTerms{Network: BaseSepolia.ID, ReceiverAuthorizer: payTo, WithdrawDelay: 900}}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range terms.Required.Accepts {
		got = append(got, r.Scheme+" "+r.Network+" "+r.Asset+" "+r.Extra["name"].(string))
	}
	want := []string{
		"exact eip155:8453 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 USD Coin",
		"exact eip155:42161 0xaf88d065e77c8cC2239327C5EDb3A432268e5831 USD Coin",
		"exact eip155:84532 0x036CbD53842c5426634e7929541eC2318f3dCF7e USDC",
		"batch-settlement eip155:84532 0x036CbD53842c5426634e7929541eC2318f3dCF7e USDC",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("accepts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var v1 []RequirementsV1
	if err := json.Unmarshal(terms.AcceptsV1, &v1); err != nil || len(v1) != 2 || v1[0].Network != "base" || v1[1].Network != "base-sepolia" {
		t.Fatalf("v1 accepts %s (%v): want base and base-sepolia; Arbitrum One has no v1 name", terms.AcceptsV1, err)
	}
	var decoded PaymentRequired
	if err := DecodeHeader(terms.Header, &decoded); err != nil || len(decoded.Accepts) != 4 {
		t.Fatalf("header %+v %v", decoded, err)
	}
	for _, n := range terms.networks {
		if n.Header != terms.Header || string(n.AcceptsV1) != string(terms.AcceptsV1) || (n.Batch != nil) != (n.Network.ID == BaseSepolia.ID) {
			t.Errorf("%s: the network's terms do not share the 402 documents, or carry the wrong batch entry", n.Network.ID)
		}
	}
	if err := terms.AdvertisePaymentIdentifier(true); err != nil {
		t.Fatal(err)
	}
	if terms.networks[2].Header != terms.Header || !strings.Contains(string(terms.networks[1].Required.Extensions), PaymentIdentifier) {
		t.Fatal("the payment-identifier extension did not reach every network's terms")
	}
	if _, err := NewTerms([]Network{Base}, Offer{Name: "x", PayTo: payTo, Resource: "http://coinslot.test/x", Batch: &BatchTerms{Network: Polygon.ID, WithdrawDelay: 900}}, 60, time.Hour); err == nil {
		t.Error("batch-settlement on a network the offer is not sold on was accepted")
	}
	if _, err := NewTerms([]Network{Base, Base}, Offer{Name: "x", PayTo: payTo, Resource: "http://coinslot.test/x"}, 60, time.Hour); err == nil {
		t.Error("a network listed twice was accepted")
	}
}

// TestPaymentOnAnyOfferedNetwork: a buyer paying on the second network is
// checked against that network's domain and terms; a network not offered
// is refused with invalid_network, naming those that are.
func TestPaymentOnAnyOfferedNetwork(t *testing.T) {
	key, _ := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	payTo := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	terms, err := NewTerms([]Network{Base, Polygon}, Offer{Name: "multi", Amount: 50000, PayTo: payTo, Resource: "http://coinslot.test/paid/multi"}, 60, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	only := func(network string) *PaymentRequired {
		pr := terms.Required
		pr.Accepts = []Requirements{terms.Required.Accepts[1]}
		if pr.Accepts[0].Network != network {
			t.Fatalf("accepts[1] is %s", pr.Accepts[0].Network)
		}
		return &pr
	}
	_, payload, err := Pay(key, only(Polygon.ID), now)
	if err != nil {
		t.Fatal(err)
	}
	p := &Payment{V2: payload}
	leg, refusal := terms.For(p)
	if refusal != nil || leg.Network.ID != Polygon.ID {
		t.Fatalf("For = %v, %v; want Polygon's terms", leg, refusal)
	}
	if _, err := leg.Check(p, now); err != nil {
		t.Fatalf("Polygon payment on Polygon's terms: %v", err)
	}
	if _, err := terms.Check(p, now); err == nil || err.(*Refusal).Reason != ReasonInvalidNetwork {
		t.Fatalf("Polygon payment on Base's terms: %v; want invalid_network", err)
	}
	// Signed for Polygon's domain but claiming Base: the signature fails.
	p.V2.Accepted = terms.Requirements
	if _, err := terms.Check(p, now); err == nil || err.(*Refusal).Reason != ReasonSignature {
		t.Fatalf("Polygon signature presented as Base: %v; want %s", err, ReasonSignature)
	}
	p.V2.Accepted.Network = ArbitrumOne.ID
	if _, refusal := terms.For(p); refusal == nil || refusal.Reason != ReasonInvalidNetwork ||
		refusal.Message != `accepted.network "eip155:42161" is not offered; pay on eip155:8453 or eip155:137` {
		t.Fatalf("unoffered network: %v", refusal)
	}
	v1 := &Payment{V1: &PayloadV1{X402Version: 1, Scheme: SchemeExact, Network: "polygon"}}
	if leg, refusal := terms.For(v1); refusal != nil || leg.Network.ID != Polygon.ID {
		t.Fatalf("v1 polygon: %v %v", leg, refusal)
	}
	v1.V1.Network = "eip155:137"
	if _, refusal := terms.For(v1); refusal == nil || refusal.Message != `network "eip155:137" is not offered; pay on base or polygon` {
		t.Fatalf("v1 with a CAIP-2 name: %v", refusal)
	}
}
