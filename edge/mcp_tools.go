package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp"
)

// The _meta keys of the x402 MCP transport.
const (
	mcpPaymentKey         = "x402/payment"
	mcpPaymentResponseKey = "x402/payment-response"
)

// mcpTool is a tool as tools/list shows it. It declares no outputSchema: the
// TypeScript client checks structuredContent against one even on an isError
// result, which would break every payment-required answer.
func (s *Server) mcpTool(t *registry.Tool) *mcp.Tool {
	openWorld, destructive := len(t.Sources) > 0, false
	return &mcp.Tool{
		Name: t.Name,
		Description: fmt.Sprintf("%s Price: %s USD per call in USDC on %s, paid with x402: a call without payment answers with the terms; "+
			`repeat it with _meta["%s"] to pay.`, t.Description, t.Price, s.pay.Network.Name, mcpPaymentKey),
		InputSchema: registry.InputSchema(t),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &destructive, OpenWorldHint: &openWorld},
		Meta:        mcp.Meta{"x402/price_usd": t.Price},
	}
}

func (s *Server) mcpCall(t *registry.Tool) mcp.ToolHandler {
	return func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return s.callTool(t, req.Params), nil
	}
}

// callTool is tools/call in the order of the paid routes: arguments, then
// readiness, then payment, which the shared payment core sells.
func (s *Server) callTool(t *registry.Tool, params *mcp.CallToolParamsRaw) *mcp.CallToolResult {
	cfg := s.cfg.Load()
	arguments := params.Arguments
	if len(arguments) > cfg.MaxBodyBytes {
		return errorResult(&failure{code: "body_too_large", message: fmt.Sprintf("the arguments are %d bytes; at most %d are accepted", len(arguments), cfg.MaxBodyBytes)})
	}
	if bytes.Equal(bytes.TrimSpace(arguments), []byte("null")) {
		arguments = nil
	}
	in, problem := parseObject(arguments, false)
	if problem != "" {
		return errorResult(&failure{code: "invalid_params", message: "arguments must be a JSON object"})
	}
	args, f := validate(t, in)
	if f != nil {
		return errorResult(f)
	}
	o, f := s.offerFor(t)
	if f != nil {
		return errorResult(f)
	}
	sent, ok := params.Meta[mcpPaymentKey]
	if !ok || sent == nil {
		s.metrics.payments.WithLabelValues(t.Name, outcomeRequired).Inc()
		return paymentRequired(o, fmt.Sprintf("payment required: %s costs %s USD in USDC on %s; repeat the call with _meta[%q] set to a signed x402 PaymentPayload",
			t.Name, t.Price, s.pay.Network.Name, mcpPaymentKey), nil)
	}
	raw, _ := json.Marshal(sent) // decoded from JSON, so it encodes
	payment, err := x402.DecodePaymentObject(raw, `_meta["`+mcpPaymentKey+`"]`)
	if err != nil {
		return paymentRefused(o, s.refused(o, fasthttp.StatusBadRequest, err), nil)
	}
	sold := s.sell(cfg, o, payment, arguments, args)
	var meta mcp.Meta
	if sold.settlement != nil {
		meta = mcp.Meta{mcpPaymentResponseKey: sold.settlement}
	}
	switch {
	case sold.failure == nil:
		return &mcp.CallToolResult{Content: text(sold.body), StructuredContent: json.RawMessage(sold.body), Meta: meta}
	case sold.failure.payment():
		return paymentRefused(o, sold.failure, meta)
	}
	return errorResult(sold.failure)
}

// paymentRequired is the x402 MCP answer that asks for payment: an error
// result carrying the v2 PaymentRequired document both as structured
// content and as the text of its first block.
func paymentRequired(o *offer, reason string, meta mcp.Meta) *mcp.CallToolResult {
	required := o.terms.Required
	required.Error = reason
	b, _ := json.Marshal(required) // built from marshalable terms
	return &mcp.CallToolResult{IsError: true, Content: text(b), StructuredContent: json.RawMessage(b), Meta: meta}
}

// paymentRefused asks for payment again, saying why the last one failed.
func paymentRefused(o *offer, f *failure, meta mcp.Meta) *mcp.CallToolResult {
	reason := f.code + ": " + f.message
	if f.reason != "" {
		reason = f.code + " (" + f.reason + "): " + f.message
	}
	return paymentRequired(o, reason, meta)
}

// errorResult is a call that was not served, in the error shape of the
// paid routes.
func errorResult(f *failure) *mcp.CallToolResult {
	b, _ := json.Marshal(errorBody{errorDetail{f.code, f.message, f.fields}})
	return &mcp.CallToolResult{IsError: true, Content: text(b), StructuredContent: json.RawMessage(b)}
}

func text(b []byte) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: string(b)}} }
