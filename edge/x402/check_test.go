package x402

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// viemPayment is a PAYMENT-SIGNATURE made by @x402/fetch 2.27 with
// @x402/evm's ExactEvmScheme and a viem account (hardhat #0) for a 0.05 USD
// route; npm 2.27 signs validAfter 0 and validBefore now+maxTimeoutSeconds.
const viemPayment = "eyJ4NDAyVmVyc2lvbiI6MiwicGF5bG9hZCI6eyJhdXRob3JpemF0aW9uIjp7ImZyb20iOiIweGYzOUZkNmU1MWFhZDg4RjZGNGNlNmFCODgyNzI3OWNmZkZiOTIyNjYiLCJ0byI6IjB4NzA5OTc5NzBDNTE4MTJkYzNBMDEwQzdkMDFiNTBlMGQxN2RjNzlDOCIsInZhbHVlIjoiNTAwMDAiLCJ2YWxpZEFmdGVyIjoiMCIsInZhbGlkQmVmb3JlIjoiMTc5NTM4NTUzNyIsIm5vbmNlIjoiMHgyYjU1ZGQ2MWM0YjgyOGZmYjk3YmExYmMzYjllYzVkZTk5MmVjMGI3MGNjMmU3ZjY1YWJiYWVmZTZkYTkzYTIzIn0sInNpZ25hdHVyZSI6IjB4MDVjYTE2NmM2Nzc1MWQwYTYzZmM4YWNjMmQyMjQzM2NlYTJhMjI5YWRhZGEzZDBiZDNhYzU0MTMxYmZlNmM3ZDRjZDI0MzU4YjIwOWNkZThmNTJhYWUwNTJjZmQ0MDBjNTM2MGY3YmJiZGZjOTZjMTc3N2U0MzA2NWE4ZGY1YTIxYiJ9LCJyZXNvdXJjZSI6eyJ1cmwiOiJodHRwOi8vY29pbnNsb3QudGVzdC9wYWlkL3Rlc3QvdmllbSIsImRlc2NyaXB0aW9uIjoiU2lnbmVkIGJ5IHZpZW0uIiwibWltZVR5cGUiOiJhcHBsaWNhdGlvbi9qc29uIn0sImFjY2VwdGVkIjp7InNjaGVtZSI6ImV4YWN0IiwibmV0d29yayI6ImVpcDE1NTo4NDUzIiwiYW1vdW50IjoiNTAwMDAiLCJhc3NldCI6IjB4ODMzNTg5ZkNENmVEYjZFMDhmNGM3QzMyRDRmNzFiNTRiZEEwMjkxMyIsInBheVRvIjoiMHg3MDk5Nzk3MEM1MTgxMmRjM0EwMTBDN2QwMWI1MGUwZDE3ZGM3OUM4IiwibWF4VGltZW91dFNlY29uZHMiOjYwLCJleHRyYSI6eyJuYW1lIjoiVVNEIENvaW4iLCJ2ZXJzaW9uIjoiMiJ9fX0="

func viemTerms(t testing.TB) *Terms {
	terms, err := NewTerms([]Network{Base}, Offer{Name: "test_viem", Description: "Signed by viem.", Amount: 50000, PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
		Resource: "http://coinslot.test/paid/test/viem", Example: map[string]any{}, InputSchema: map[string]any{"type": "object"},
		Output: Output{Format: "object", Description: "Nothing.", Example: json.RawMessage(`{"meta":{"source":"local analysis"}}`)}}, 60, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return terms
}

func TestViemPaymentPassesTheLocalCheck(t *testing.T) {
	terms := viemTerms(t)
	p, err := DecodePayment(HeaderSignature, viemPayment)
	if err != nil {
		t.Fatal(err)
	}
	validBefore, err := terms.Check(p, time.Unix(1795385537-30, 0))
	if err != nil || validBefore.Unix() != 1795385537 {
		t.Fatalf("check: %v %v", validBefore, err)
	}
	if _, err := terms.Check(p, time.Unix(1795385537-5, 0)); err == nil || err.(*Refusal).Reason != ReasonValidBefore {
		t.Fatalf("5 s before expiry: %v", err)
	}
	p.V2.Payload.Authorization.Nonce = "0x" + p.V2.Payload.Authorization.Nonce[4:] + "00"
	if _, err := terms.Check(p, time.Unix(1795385537-30, 0)); err == nil || err.(*Refusal).Reason != ReasonSignature {
		t.Fatalf("changed nonce: %v", err)
	}
}

func TestTermsAreBuiltOnce(t *testing.T) {
	a, b := viemTerms(t), viemTerms(t)
	if a.Header != b.Header || string(a.AcceptsV1) != string(b.AcceptsV1) {
		t.Fatal("two builds of the same terms differ")
	}
	var pr PaymentRequired
	if err := DecodeHeader(a.Header, &pr); err != nil || pr.Resource.URL != "http://coinslot.test/paid/test/viem" || pr.Accepts[0].Amount != "50000" {
		t.Fatalf("%+v %v", pr, err)
	}
	// A v1 payment reaches the facilitator in v2 form, against the terms.
	p := &Payment{V1: &PayloadV1{X402Version: 1, Scheme: "exact", Network: "base", Payload: ExactPayload{Signature: "0x01"}}}
	f := a.Forwarded(p)
	if f.X402Version != 2 || f.Accepted.Network != "eip155:8453" || f.Payload.Signature != "0x01" || f.Resource.URL != a.Resource {
		t.Fatalf("forwarded %+v", f)
	}
}
