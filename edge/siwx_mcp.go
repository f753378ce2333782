package edge

import (
	"encoding/json"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpSignInKey is where an MCP call carries a sign-in-with-x proof, beside
// the payment's x402/payment: the proof's JSON object, or the base64 a
// SIGN-IN-WITH-X header would carry.
const mcpSignInKey = "x402/sign-in-with-x"

// mcpSignedIn answers an MCP call that carries a sign-in-with-x proof and
// no payment; nil when it has none or sign-in-with-x is off.
func (s *Server) mcpSignedIn(cfg *config.Config, rec *access, a *admission, m mcp.Meta) *mcp.CallToolResult {
	sent, ok := m[mcpSignInKey]
	if !ok || sent == nil || !cfg.SIWx.Enabled {
		return nil
	}
	var proof *x402.SIWxProof
	var err error
	if header, isString := sent.(string); isString {
		proof, err = x402.DecodeSIWx(header)
	} else {
		raw, _ := json.Marshal(sent) // decoded from JSON, so it encodes
		proof, err = x402.DecodeSIWxJSON(raw)
	}
	payer, body, f := s.signedIn(cfg, a, proof, err)
	rec.signedIn(a.offer.tool.Name, payer, f)
	switch {
	case f == nil:
		return &mcp.CallToolResult{Content: text(body), StructuredContent: json.RawMessage(body)}
	case f.code == registry.CodePaymentRequired:
		return paymentRefused(a.offer, f, nil)
	}
	return errorResult(f)
}
