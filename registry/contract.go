package registry

import (
	"fmt"
	"strings"
)

// BuyerContractVersion is the schema version every buyer contract carries.
const BuyerContractVersion = "svc.buyer_contract.v1"

// BuyerContract states the payment terms a buyer verifies before paying.
type BuyerContract struct {
	SchemaVersion      string         `json:"schemaVersion"`
	Service            string         `json:"service"`
	Tool               string         `json:"tool"`
	Category           string         `json:"category"`
	Method             string         `json:"method"`
	Endpoint           string         `json:"endpoint"`
	PriceUSD           string         `json:"priceUsd"`
	MaxPaymentUSD      string         `json:"maxPaymentUsd"`
	Protocol           string         `json:"protocol"`
	Scheme             string         `json:"scheme"`
	Network            string         `json:"network"`
	NetworkName        string         `json:"networkName"`
	Asset              string         `json:"asset"`
	AssetContract      string         `json:"assetContract"`
	Networks           []PayNetwork   `json:"networks"` // every network it may be paid on, the one above first
	PayTo              string         `json:"payTo"`
	Facilitator        string         `json:"facilitator"`
	RequestBody        map[string]any `json:"requestBody"`
	Input              object         `json:"input"`
	ExpectedResult     string         `json:"expectedResult"`
	VerifyBeforePaying []string       `json:"verifyBeforePaying"`
	ReceiptSchema      string         `json:"receiptSchema"`
}

// Contract is the buyer contract of one tool. Its maximum payment is the
// price: the x402 scheme is exact.
func (s Site) Contract(t *Tool) BuyerContract {
	return BuyerContract{
		SchemaVersion:      BuyerContractVersion,
		Service:            s.Service,
		Tool:               t.Name,
		Category:           t.Category,
		Method:             "POST",
		Endpoint:           s.Endpoint(t),
		PriceUSD:           t.Price,
		MaxPaymentUSD:      t.Price,
		Protocol:           Protocol,
		Scheme:             Scheme,
		Network:            s.Network,
		NetworkName:        s.NetworkName,
		Asset:              AssetName,
		AssetContract:      s.AssetContract,
		Networks:           s.payNetworksFor(t),
		PayTo:              s.PayTo,
		Facilitator:        s.Facilitator,
		RequestBody:        example(t),
		Input:              hints(t),
		ExpectedResult:     t.Expected,
		VerifyBeforePaying: s.verifyRules(t),
		ReceiptSchema:      s.URL(PathReceiptSchema),
	}
}

// verifyRules are the five checks a buyer makes on the 402 terms.
func (s Site) verifyRules(t *Tool) []string {
	resource := "resource path must match " + t.Path
	if !t.Paid() {
		resource = "resource must equal " + s.Endpoint(t) + " and the bazaar extension's toolName " + t.Name
	}
	network, asset := "network must equal "+s.Network, "asset contract must equal "+s.AssetContract
	if len(s.More) > 0 {
		var ids []string
		for _, n := range s.PayNetworks() {
			ids = append(ids, n.Network)
		}
		network = "network must be one of " + strings.Join(ids, ", ")
		asset = "asset contract must equal the assetContract networks lists for the chosen network"
	}
	return []string{
		network,
		asset,
		"payTo must equal " + s.PayTo,
		"maxPayment must be no more than " + t.Price + " USD",
		resource,
	}
}

// ApprovalPrompt is the text an agent shows its user before paying.
func (s Site) ApprovalPrompt(t *Tool) string {
	return fmt.Sprintf("Calling %s costs %s USD in %s on %s (%s). Before approving, verify payTo %s, "+
		"asset contract %s and maxPayment %s USD. Expected result: %s",
		t.Name, t.Price, AssetName, s.NetworkName, s.Network, s.PayTo, s.AssetContract, t.Price, t.Expected)
}

// payNetworksFor are the networks t may be paid on, each with the schemes
// t is sold under there.
func (s Site) payNetworksFor(t *Tool) []PayNetwork {
	nets := s.PayNetworks()
	for i := range nets {
		nets[i].Schemes = nets[i].schemesFor(t)
	}
	return nets
}
