package x402

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/common"
)

// Terms are a tool's payment terms, built once: every 402 for the tool sends
// the same bytes, so the accepted requirements a buyer echoes always match.
type Terms struct {
	Tool     *registry.Tool
	Network  Network
	PayTo    common.Address
	Resource string // the route's absolute address, or mcp://tool/<name> for a tool sold over MCP only
	Amount   *big.Int

	Required       PaymentRequired // the v2 402 document
	Requirements   Requirements    // the one v2 accepts entry
	RequirementsV1 RequirementsV1  // the one v1 accepts entry
	Header         string          // PAYMENT-REQUIRED: base64 of the v2 PaymentRequired
	AcceptsV1      json.RawMessage // the v1 body's accepts array
}

// NewTerms builds a tool's terms. inputSchema is the JSON Schema of the
// tool's request body (its MCP arguments for a tool sold over MCP only); it
// goes into the bazaar discovery extension together with the tool's example
// request.
func NewTerms(net Network, payTo common.Address, baseURL string, maxTimeout int, t *registry.Tool, inputSchema any) (*Terms, error) {
	amount := strconv.FormatInt(t.PriceAtomic(), 10)
	resource := registry.Site{BaseURL: baseURL}.Resource(t)
	terms := &Terms{
		Tool: t, Network: net, PayTo: payTo, Resource: resource, Amount: big.NewInt(t.PriceAtomic()),
		Requirements: Requirements{
			Scheme: "exact", Network: net.ID, Amount: amount, Asset: net.Asset.Hex(), PayTo: payTo.Hex(),
			MaxTimeoutSeconds: maxTimeout, Extra: net.extra(),
		},
	}
	discovery := bazaar(net, t, inputSchema)
	terms.RequirementsV1 = RequirementsV1{
		Scheme: "exact", Network: net.V1Name, MaxAmountRequired: amount, Resource: resource,
		Description: t.Description, MimeType: "application/json", PayTo: payTo.Hex(),
		MaxTimeoutSeconds: maxTimeout, Asset: net.Asset.Hex(), Extra: net.extra(),
	}
	var err error
	if terms.RequirementsV1.OutputSchema, err = json.Marshal(discovery["info"]); err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	terms.Required = PaymentRequired{
		X402Version: 2,
		Error:       "payment required",
		Resource:    &ResourceInfo{URL: resource, Description: t.Description, MimeType: "application/json"},
		Accepts:     []Requirements{terms.Requirements},
		Extensions:  map[string]any{"bazaar": discovery},
	}
	if terms.Header, err = EncodeHeader(terms.Required); err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	if terms.AcceptsV1, err = json.Marshal([]RequirementsV1{terms.RequirementsV1}); err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	return terms, nil
}

// bazaar is the discovery extension: what catalogs index, and what
// facilitators validate against its schema. A route is a JSON POST; a tool
// sold over MCP only is an MCP tool.
func bazaar(net Network, t *registry.Tool, inputSchema any) map[string]any {
	example := t.Example
	if example == nil {
		example = map[string]any{}
	}
	input, inputShape := httpInput(example, inputSchema)
	if !t.Paid() {
		input, inputShape = mcpInput(t, example, inputSchema)
	}
	return map[string]any{
		"info": map[string]any{
			"input":  input,
			"output": map[string]any{"type": "json", "format": t.Shape.String(), "description": t.Expected, "example": outputFrame(net, t)},
		},
		"schema": map[string]any{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type":    "object",
			"properties": map[string]any{
				"input": inputShape,
				"output": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"type":    map[string]any{"type": "string"},
						"example": map[string]any{"type": "object"},
					},
					"required": []string{"type"},
				},
			},
			"required": []string{"input"},
		},
	}
}

// httpInput is a JSON POST route's bazaar input and its schema.
func httpInput(example map[string]any, inputSchema any) (input, schema map[string]any) {
	return map[string]any{"type": "http", "method": "POST", "bodyType": "json", "body": example},
		map[string]any{
			"type": "object",
			"properties": map[string]any{
				"type":     map[string]any{"type": "string", "const": "http"},
				"method":   map[string]any{"type": "string", "enum": []string{"POST"}},
				"bodyType": map[string]any{"type": "string", "enum": []string{"json"}},
				"body":     inputSchema,
			},
			"required":             []string{"type", "method", "bodyType", "body"},
			"additionalProperties": false,
		}
}

// mcpInput is an MCP tool's bazaar input and its schema: the catalog keys
// it by resource and tool name.
func mcpInput(t *registry.Tool, example map[string]any, inputSchema any) (input, schema map[string]any) {
	return map[string]any{"type": "mcp", "tool": t.Name, "description": t.Description, "transport": "streamable-http",
			"inputSchema": inputSchema, "example": example},
		map[string]any{
			"type": "object",
			"properties": map[string]any{
				"type":        map[string]any{"type": "string", "const": "mcp"},
				"tool":        map[string]any{"type": "string", "const": t.Name},
				"description": map[string]any{"type": "string"},
				"transport":   map[string]any{"type": "string", "enum": []string{"streamable-http"}},
				"inputSchema": map[string]any{"type": "object"},
				"example":     inputSchema,
			},
			"required":             []string{"type", "tool", "inputSchema"},
			"additionalProperties": false,
		}
}

// outputFrame is the part of a 200 body that every call of the tool has,
// whatever its data; the tool's Expected text describes the rest.
func outputFrame(net Network, t *registry.Tool) map[string]any {
	meta := map[string]any{"source": strings.Join(t.Sources, ", ")}
	if len(t.Sources) == 0 {
		meta["source"] = "local analysis"
	}
	switch t.Shape {
	case registry.Envelope:
		return map[string]any{"success": true, "data": []any{}, "cached": false, "meta": meta}
	case registry.ReceiptBacked:
		return map[string]any{"meta": meta,
			"buyer":       map[string]any{"paid_usd": t.Price, "network": net.ID},
			"svc_receipt": map[string]any{"schema": "svc.receipt.v1", "tool": t.Name, "amount_usd": t.Price, "network": net.ID}}
	}
	return map[string]any{"meta": meta}
}
