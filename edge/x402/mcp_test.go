package x402

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

func TestTermsOfAToolSoldOverMCPOnly(t *testing.T) {
	terms, err := NewTerms([]Network{Base}, Offer{Name: "test_mcp_terms", Description: "Sold over MCP only.", Amount: 30000,
		PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), Resource: "https://seller.test/mcp", MCPOnly: true,
		Example: map[string]any{"q": "x"}, InputSchema: map[string]any{"type": "object"}, Output: Output{Format: "object", Description: "Nothing."}}, 60, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var pr PaymentRequired
	if err := DecodeHeader(terms.Header, &pr); err != nil {
		t.Fatal(err)
	}
	var ext struct {
		Bazaar struct {
			Info struct {
				Input map[string]any `json:"input"`
			} `json:"info"`
		} `json:"bazaar"`
	}
	if err := json.Unmarshal(pr.Extensions, &ext); err != nil {
		t.Fatal(err)
	}
	input := ext.Bazaar.Info.Input
	if terms.Resource != "https://seller.test/mcp" || pr.Resource.URL != terms.Resource || terms.RequirementsV1.Resource != terms.Resource ||
		pr.Accepts[0].Amount != "30000" || terms.Required.Accepts[0].Amount != terms.Requirements.Amount {
		t.Fatalf("terms %+v", pr)
	}
	if input["type"] != "mcp" || input["toolName"] != "test_mcp_terms" || input["transport"] != "streamable-http" ||
		input["example"].(map[string]any)["q"] != "x" || input["inputSchema"].(map[string]any)["type"] != "object" {
		t.Fatalf("bazaar input %v", input)
	}
}

func TestDecodePaymentObject(t *testing.T) {
	p, err := DecodePaymentObject([]byte(vectorPayload), "payment")
	if err != nil || p.Version() != 2 || p.Exact().Signature != vectorSignature {
		t.Fatalf("%+v %v", p, err)
	}
	v1 := `{"x402Version":1,"scheme":"exact","network":"base","payload":{"signature":"0x01","authorization":{"from":"0x1","to":"0x2","value":"1","validAfter":"0","validBefore":"9","nonce":"0x3"}}}`
	if p, err := DecodePaymentObject([]byte(v1), "payment"); err != nil || p.Version() != 1 || p.V1.Network != "base" {
		t.Fatalf("v1: %+v %v", p, err)
	}
	for _, c := range []struct{ raw, reason, message string }{
		{`"abc"`, ReasonInvalidPayload, "payment is not a JSON object: it is a JSON string"},
		{`{}`, ReasonInvalidVersion, "payment carries x402Version 2 (or 1) payments, got missing"},
		{`{"x402Version":"2"}`, ReasonInvalidVersion, `payment carries x402Version 2 (or 1) payments, got "2"`},
		{strings.Replace(vectorPayload, `"x402Version":2`, `"x402Version":2,"memo":"hi"`, 1), ReasonInvalidPayload, `payment: unknown field "memo"`},
		{`{"x402Version":2,"pad":"` + strings.Repeat("a", MaxHeaderBytes) + `"}`, ReasonInvalidPayload, fmt.Sprintf("payment is %d bytes, at most %d are read", MaxHeaderBytes+26, MaxHeaderBytes)},
	} {
		_, err := DecodePaymentObject([]byte(c.raw), "payment")
		if r, ok := err.(*Refusal); !ok || r.Reason != c.reason || r.Message != c.message {
			t.Errorf("%.30s: %v", c.raw, err)
		}
	}
}
