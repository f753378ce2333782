package edge

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// call is tools/call of a tool with arguments and, when given, a payment.
func (h *harness) call(tool string, arguments string, payment any) *toolResult {
	h.t.Helper()
	params := map[string]any{"name": tool, "arguments": json.RawMessage(arguments)}
	if payment != nil {
		params["_meta"] = map[string]any{mcpPaymentKey: payment}
	}
	r := h.rpc("tools/call", params)
	if r.Result == nil {
		h.t.Fatalf("%s: no result: %+v", tool, r.Error)
	}
	return r.Result
}

// required reads an answer that asks for payment: an error result whose
// structured content is the x402 PaymentRequired document, and whose first
// text block is the same JSON.
func (h *harness) required(res *toolResult) *x402.PaymentRequired {
	h.t.Helper()
	var structured, text x402.PaymentRequired
	if !res.IsError || len(res.Content) != 1 || res.Content[0].Type != "text" ||
		json.Unmarshal(res.StructuredContent, &structured) != nil || json.Unmarshal([]byte(res.Content[0].Text), &text) != nil ||
		!jsonEqual(structured, text) || structured.X402Version != 2 || len(structured.Accepts) != 1 {
		h.t.Fatalf("not a payment-required result: %+v", res)
	}
	return &structured
}

// mcpPayment signs a v2 payment for the terms an unpaid call answers with.
func (h *harness) mcpPayment(tool, arguments string) *x402.Payload {
	h.t.Helper()
	_, p, err := x402.Pay(buyerKey, h.required(h.call(tool, arguments, nil)), time.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

// failureOf reads an error result in the paid routes' error shape.
func failureOf(t *testing.T, res *toolResult) errorDetail {
	t.Helper()
	var e errorBody
	if !res.IsError || json.Unmarshal(res.StructuredContent, &e) != nil || res.Content[0].Text != string(res.StructuredContent) {
		t.Fatalf("not an error result: %+v", res)
	}
	return e.Error
}

func TestMCPArgumentsAreCheckedBeforePayment(t *testing.T) {
	h := newHarness(t)
	payment := h.mcpPayment("test_echo", `{"text":"ab"}`)
	for args, want := range map[string]string{
		`{"n":99,"extra":1}`: `{"error":{"code":"invalid_params","message":"3 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"},{"name":"n","problem":"must be between 1 and 10"},{"name":"extra","problem":"is not a parameter of test_echo"}]}}`,
		`null`:               `{"error":{"code":"invalid_params","message":"1 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"}]}}`,
		`[1]`:                `{"error":{"code":"invalid_json","message":"the body must be a JSON object","fields":[{"name":"body","problem":"must be a JSON object"}]}}`,
		`{"text":"` + strings.Repeat("a", 2100) + `"}`: `{"error":{"code":"body_too_large","message":"the body is 2111 bytes; at most 2048 are accepted"}}`,
	} {
		res := h.call("test_echo", args, payment) // paid or not, bad input is refused first
		if failureOf(t, res); string(res.StructuredContent) != want {
			t.Errorf("%.30s: %s", args, res.StructuredContent)
		}
	}
	if h.rt.runs.Load() != 0 || h.fac.Settles() != 0 {
		t.Fatalf("bad arguments ran %d times, settled %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestMCPUnavailableToolIsNeverPayable(t *testing.T) {
	h := newHarness(t)
	res := h.call("test_down", `{}`, map[string]any{"x402Version": 2})
	if e := failureOf(t, res); e.Code != "tool_unavailable" || e.Message != "test_down is unavailable: its upstream key is not configured" ||
		strings.Contains(res.Content[0].Text, "x402Version") {
		t.Fatalf("%s", res.StructuredContent)
	}
}

func TestMCPTermsAreTheRouteTerms(t *testing.T) {
	h := newHarness(t)
	pr := h.required(h.call("test_echo", `{"text":"ab"}`, nil))
	var route x402.PaymentRequired
	if err := x402.DecodeHeader(h.srv.gen.Load().offers["test_echo"].terms.Header, &route); err != nil {
		t.Fatal(err)
	}
	wantError := `payment required: test_echo costs 0.05 USD in USDC on Base; repeat the call with _meta["x402/payment"] set to a signed x402 PaymentPayload`
	route.Error = wantError
	if !jsonEqual(pr, &route) || pr.Resource.URL != testBase+echoPath || pr.Resource.ServiceName != "coinslot" ||
		!slices.Equal(pr.Resource.Tags, []string{"Utility"}) {
		t.Fatalf("MCP terms %+v\nroute terms %+v", pr, route)
	}
	only := h.required(h.call("test_mcp_only", `{"domain":"example.com"}`, nil))
	input := bazaarOf(t, only)["info"].(map[string]any)["input"].(map[string]any)
	if only.Resource.URL != testBase+registry.PathMCP || only.Accepts[0].Amount != "30000" || input["type"] != "mcp" || input["toolName"] != "test_mcp_only" ||
		input["transport"] != "streamable-http" {
		t.Fatalf("MCP-only terms %+v %v", only, input)
	}
	if v := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcomeRequired)); v != 1 {
		t.Errorf("required count %v", v)
	}
}

func TestMCPPaidCallSettlesAndRecords(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ tool, args, endpoint, data string }{
		{"test_echo", `{"text":"ab","n":2}`, testBase + echoPath, `"data":["abab"]`},
		{"test_mcp_only", `{"domain":"example.com"}`, testBase + registry.PathMCP, `{"score":11,"meta":{"count":1,"source":"rdap"`},
	} {
		p := h.mcpPayment(c.tool, c.args)
		res := h.call(c.tool, c.args, p)
		if res.IsError || len(res.Content) != 1 || res.Content[0].Text != string(res.StructuredContent) || !strings.Contains(res.Content[0].Text, c.data) {
			t.Fatalf("%s: %+v", c.tool, res)
		}
		var settled x402.SettleResponse
		if err := json.Unmarshal(res.Meta[mcpPaymentResponseKey], &settled); err != nil || !settled.Success || settled.Payer != buyer ||
			settled.Network != "eip155:8453" || !strings.HasPrefix(settled.Transaction, "0x") {
			t.Fatalf("%s: payment response %s", c.tool, res.Meta[mcpPaymentResponseKey])
		}
		rec := h.do("GET", "/receipt/"+settled.Transaction, "", nil).json(t)
		if rec["endpoint"] != c.endpoint || rec["tool"] != c.tool || rec["request_sha256"] != digest([]byte(c.args)) ||
			rec["response_sha256"] != digest([]byte(res.Content[0].Text)) || rec["payer"] != buyer {
			t.Errorf("%s: receipt %v", c.tool, rec)
		}
		// The same authorization again gets the same answer.
		if again := h.call(c.tool, c.args, p); again.IsError || !bytes.Equal(again.StructuredContent, res.StructuredContent) {
			t.Errorf("%s: replay %+v", c.tool, again)
		}
	}
	if h.rt.runs.Load() != 2 || h.fac.Settles() != 2 {
		t.Fatalf("runs %d settles %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestMCPRefusedPayments(t *testing.T) {
	h := newHarness(t)
	const args = `{"text":"ab"}`
	d := x402test.Redraft(h.mcpPayment("test_echo", args), buyerKey, x402.Base.Domain())
	d.Payload.Accepted.Amount, d.Payload.Payload.Authorization.Value = "10000", "10000"
	underpaid := d.Sign(t)
	forged := h.mcpPayment("test_echo", args)
	forged.Payload.Signature = underpaid.Payload.Signature
	for name, c := range map[string]struct {
		payment any
		want    string
	}{
		"not an object": {"eyJ4NDAyVmVyc2lvbiI6Mn0=", `payment_invalid (invalid_payload): _meta["x402/payment"] is not a JSON object: it is a JSON string`},
		"version 3":     {map[string]any{"x402Version": 3}, `payment_invalid (invalid_x402_version): _meta["x402/payment"] carries x402Version 2 (or 1) payments, got 3`},
		"unknown field": {map[string]any{"x402Version": 2, "tip": "1"}, `payment_invalid (invalid_payload): _meta["x402/payment"]: unknown field "tip"`},
		"underpaid":     {underpaid, `payment_invalid (invalid_exact_evm_payload_authorization_value_mismatch): accepted.amount "10000" is not the price 50000`},
		"forged":        {forged, "payment_invalid (invalid_exact_evm_payload_signature): signature is by 0x"},
	} {
		if got := h.required(h.call("test_echo", args, c.payment)).Error; !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q", name, got)
		}
	}
	if h.rt.runs.Load() != 0 || h.fac.Settles() != 0 {
		t.Fatalf("refused payments ran %d times, settled %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestMCPV1PaymentGetsV1Settlement(t *testing.T) {
	h := newHarness(t)
	const args = `{"text":"ab"}`
	res := h.call("test_echo", args, v1Of(h.mcpPayment("test_echo", args)))
	var settled x402.SettleResponse
	if err := json.Unmarshal(res.Meta[mcpPaymentResponseKey], &settled); res.IsError || err != nil || !settled.Success || settled.Network != "base" {
		t.Fatalf("%+v", res)
	}
}

func TestMCPFailedToolIsNeverCharged(t *testing.T) {
	h := newHarness(t)
	const args = `{"kind":"upstream_timeout"}`
	p := h.mcpPayment("test_fail", args)
	for range 2 { // released: the same authorization may be tried again
		res := h.call("test_fail", args, p)
		if e := failureOf(t, res); e.Code != "upstream_timeout" || !strings.HasSuffix(e.Message, "; nothing was charged") || res.Meta != nil {
			t.Fatalf("%+v", res)
		}
	}
	if h.fac.Settles() != 0 || len(h.pending()) != 0 {
		t.Fatalf("settled %d, pending %+v", h.fac.Settles(), h.pending())
	}
}

func TestMCPFailedSettlementWithholdsTheAnswer(t *testing.T) {
	h := newHarness(t)
	h.fac.SettleAs(func() (int, string) {
		return 200, `{"success":false,"errorReason":"insufficient_funds","errorMessage":"balance 0","transaction":"","network":"eip155:8453"}`
	})
	const args = `{"text":"ab","n":2}`
	res := h.call("test_echo", args, h.mcpPayment("test_echo", args))
	pr := h.required(res)
	var settled x402.SettleResponse
	if pr.Error != "settlement_failed (insufficient_funds): settlement failed; the answer is withheld and nothing was charged (balance 0)" ||
		strings.Contains(res.Content[0].Text, "abab") || json.Unmarshal(res.Meta[mcpPaymentResponseKey], &settled) != nil ||
		settled.Success || settled.ErrorReason != "insufficient_funds" || settled.Payer != buyer {
		t.Fatalf("%q %s", pr.Error, res.Meta[mcpPaymentResponseKey])
	}
}
