package main

import (
	"encoding/base64"
	"encoding/json"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/valyala/fasthttp"
)

// trifectaArgs are trifectaBody's arguments, as an MCP tools/call sends them.
var trifectaArgs = json.RawMessage(trifectaBody)

// mcpCall is a tools/call of agent_trifecta_score over /mcp, paid with
// payment (a payment object) when it is not nil.
func mcpCall(payment json.RawMessage) []byte {
	params := map[string]any{"name": "agent_trifecta_score", "arguments": trifectaArgs}
	if payment != nil {
		params["_meta"] = map[string]any{"x402/payment": payment}
	}
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
	if err != nil {
		fail("%v", err)
	}
	return b
}

// mcpTerms reads the terms of an unpaid tools/call, as an MCP buyer does.
func mcpTerms(p *proc) *x402.PaymentRequired {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	(&request{method: "POST", path: "/mcp", body: mcpCall(nil)}).fill(req, p.addr)
	if err := client.Do(req, resp); err != nil {
		fail("%s: MCP terms: %v", p.name, err)
	}
	var rpc struct {
		Result struct {
			StructuredContent x402.PaymentRequired `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(resp.Body(), &rpc); err != nil || len(rpc.Result.StructuredContent.Accepts) == 0 {
		fail("%s: MCP terms: %s", p.name, resp.Body())
	}
	return &rpc.Result.StructuredContent
}

// mcpPaidCalls is a phase source sending each signed payment (a
// PAYMENT-SIGNATURE header, as payments signs them) once, as the
// _meta["x402/payment"] object of a tools/call.
func mcpPaidCalls(headers []string) func(int) (*request, bool) {
	return func(i int) (*request, bool) {
		if i >= len(headers) {
			return nil, false
		}
		payment, err := base64.StdEncoding.DecodeString(headers[i])
		if err != nil {
			fail("%v", err)
		}
		return &request{method: "POST", path: "/mcp", body: mcpCall(payment), want: fasthttp.StatusOK}, true
	}
}
