package edge

import (
	"bytes"
	"encoding/json"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callTool is tools/call: the call is admitted as on every transport, then
// sold; this file only reads the payment from _meta and writes MCP results.
func (s *Server) callTool(rec *access, t *registry.Tool, params *mcp.CallToolParamsRaw) *mcp.CallToolResult {
	rec.tool = t.Name
	g := s.gen.Load()
	arguments := params.Arguments
	if bytes.Equal(bytes.TrimSpace(arguments), []byte("null")) {
		arguments = nil // no arguments, as when the member is absent
	}
	a, f := s.admit(g, t, arguments, metaPayment(params.Meta))
	switch {
	case f != nil && f.code.Payment():
		rec.sold(t.Name, nil, &sale{failure: f})
		return paymentRefused(a.offer, f, nil)
	case f != nil:
		rec.code = f.code
		return errorResult(f)
	case a.payment == nil:
		if r := s.mcpSignedIn(g.cfg, rec, a, params.Meta); r != nil {
			return r
		}
		rec.required()
		return paymentRequired(s.challenged(g.cfg, a.offer), "payment required: "+s.price(t)+
			"; repeat the call with _meta[\""+mcpPaymentKey+"\"] set to a signed x402 PaymentPayload", nil)
	}
	// Addresses were limited before the SDK decoded the call (screenRPC).
	if f := s.guard.payer(a.payment); f != nil {
		rec.sold(t.Name, a.payment, &sale{failure: f})
		return errorResult(f)
	}
	rec.giveTurn() // while the tool and the settlement run
	sold := s.sell(g.cfg, a)
	var meta mcp.Meta
	if sold.settlement != nil {
		meta = mcp.Meta{mcpPaymentResponseKey: sold.settlement}
	}
	rec.sold(t.Name, a.payment, sold)
	switch {
	case sold.failure == nil:
		return &mcp.CallToolResult{Content: text(sold.body), StructuredContent: json.RawMessage(sold.body), Meta: meta}
	case sold.failure.code.Payment():
		return paymentRefused(a.offer, sold.failure, meta)
	}
	return errorResult(sold.failure)
}

// metaPayment is the payment of _meta["x402/payment"].
func metaPayment(m mcp.Meta) carrier {
	return func() (*x402.Payment, bool, error) {
		sent, ok := m[mcpPaymentKey]
		if !ok || sent == nil {
			return nil, false, nil
		}
		raw, _ := json.Marshal(sent) // decoded from JSON, so it encodes
		p, err := x402.DecodePaymentObject(raw, `_meta["`+mcpPaymentKey+`"]`)
		return p, true, err
	}
}

// paymentRequired is the x402 MCP answer that asks for payment: an error
// result carrying the v2 PaymentRequired document both as structured
// content and as the text of its first block.
func paymentRequired(terms *x402.PaymentRequired, reason string, meta mcp.Meta) *mcp.CallToolResult {
	required := *terms
	required.Error = reason
	b, _ := json.Marshal(required) // built from marshalable terms
	return &mcp.CallToolResult{IsError: true, Content: text(b), StructuredContent: json.RawMessage(b), Meta: meta}
}

// paymentRefused asks for payment again, saying why the last one failed.
func paymentRefused(o *offer, f *failure, meta mcp.Meta) *mcp.CallToolResult {
	reason := string(f.code) + ": " + f.message
	if f.reason != "" {
		reason = string(f.code) + " (" + f.reason + "): " + f.message
	}
	terms := &o.terms.Required
	if f.required != nil {
		terms = f.required
	}
	return paymentRequired(terms, reason, meta)
}

// errorResult is a call that was not served, in the error shape of the
// paid routes.
func errorResult(f *failure) *mcp.CallToolResult {
	b, _ := json.Marshal(errorBody{errorDetail{Code: f.code, Message: f.message, Reason: f.reason, Fields: f.fields}})
	return &mcp.CallToolResult{IsError: true, Content: text(b), StructuredContent: json.RawMessage(b)}
}

func text(b []byte) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: string(b)}} }
