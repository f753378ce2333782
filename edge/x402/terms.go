package x402

import (
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Offer is one thing for sale, in the protocol's terms: what it costs,
// who is paid, where it is served and what it takes and gives.
type Offer struct {
	Name        string         // the tool's name
	Description string         // what it does, for buyers and catalogs
	Amount      int64          // the price in the asset's atomic units
	PayTo       common.Address // the seller's wallet
	Resource    string         // the route's absolute address, or the MCP endpoint's for a tool sold over MCP only
	MCPOnly     bool           // sold over MCP only: catalogs list it as an MCP tool
	Example     map[string]any // a request that validates
	InputSchema any            // JSON Schema of the request body (the MCP arguments when MCPOnly)
	Output      Output         // what a served call answers
	ServiceName string         // the bazaar service metadata: the seller's name,
	Tags        []string       // topical tags (at most 5, ASCII, 32 characters each)
	IconURL     string         // and its icon's absolute address ("" for none)
	Batch       *BatchTerms    // also sold under batch-settlement; nil: exact only
	Sales       []Sale         // the other kinds it is sold under, beside exact through EIP-3009
}

// Sale is one more kind an offer is sold under on one network: an accepts
// entry at the offer's price, with the kind's extra beside the token's name
// and version.
type Sale struct {
	Kind    Kind
	Network string         // the CAIP-2 id
	Extra   map[string]any // e.g. upto's facilitatorAddress; nil for none
}

// BatchTerms are the seller's channel parameters for batch-settlement.
type BatchTerms struct {
	Network            string         // the CAIP-2 id of the one network channels are offered on (claims go to one chain)
	ReceiverAuthorizer common.Address // signs claims and refunds: the facilitator's by default
	WithdrawDelay      uint64         // seconds, within MinWithdrawDelay and MaxWithdrawDelay
}

// Output describes a served call's answer for the discovery extension.
type Output struct {
	Format      string          // e.g. "envelope"
	Description string          // the answer in words
	Example     json.RawMessage // a recorded answer; nil for none
	Schema      map[string]any  // JSON Schema of every answer; nil: any object
}

// Terms are an offer's payment terms on one network, built once: every 402
// for it sends the same bytes, so the accepted requirements a buyer echoes
// always match. The 402 documents (Required, Header, AcceptsV1) offer every
// network the offer is sold on; For picks the terms of the one a payment
// chose.
type Terms struct {
	Offer    Offer
	Network  Network
	PayTo    common.Address
	Resource string
	Amount   *big.Int
	Horizon  time.Duration // how far ahead validBefore may lie
	resource *url.URL      // Resource parsed, to compare payments' resources with

	Required       PaymentRequired // the v2 402 document: every network's entries
	Requirements   Requirements    // this network's v2 exact entry
	Batch          *Requirements   // this network's v2 batch-settlement entry, nil when not offered here
	sales          []*Requirements // this network's entries of the offer's Sales
	RequirementsV1 RequirementsV1  // this network's v1 entry; its network is "" where v1 names none
	Header         string          // PAYMENT-REQUIRED: base64 of the v2 PaymentRequired
	AcceptsV1      json.RawMessage // the v1 body's accepts array: every network with a v1 name
	ExtensionsV1   json.RawMessage // the v1 body's extensions: its signed offers; nil when unsigned

	networks   []*Terms          // the offer's terms on each network, the first the default; shared by all
	receiptKey *ecdsa.PrivateKey // signs offers and receipts; nil: neither is signed
	receipts   *receiptMemo      // the receipts receiptKey signed last, shared by the offer's networks
}

// NewTerms builds an offer's terms on nets, the first the default: an
// authorization must stay valid maxTimeout seconds and may run at most
// horizon ahead. The 402 offers an exact entry on each network, followed by
// a batch-settlement entry on the network the offer's Batch names. The
// offer's input schema goes into the bazaar discovery extension together
// with its example request.
func NewTerms(nets []Network, o Offer, maxTimeout int, horizon time.Duration) (*Terms, error) {
	if len(nets) == 0 {
		return nil, fmt.Errorf("offer %s: no network to sell on", o.Name)
	}
	resource, err := url.Parse(o.Resource)
	if err != nil {
		return nil, fmt.Errorf("offer %s: resource: %w", o.Name, err)
	}
	if b := o.Batch; b != nil && !slices.ContainsFunc(nets, func(n Network) bool { return n.ID == b.Network }) {
		return nil, fmt.Errorf("offer %s: batch-settlement is offered on %s, which is not one of its networks", o.Name, b.Network)
	}
	discovery := bazaar(o)
	outputSchema, err := json.Marshal(discovery["info"])
	if err != nil {
		return nil, fmt.Errorf("offer %s: %w", o.Name, err)
	}
	required := PaymentRequired{
		X402Version: 2,
		Error:       "payment required",
		Resource: &ResourceInfo{URL: o.Resource, Description: o.Description, MimeType: "application/json",
			ServiceName: o.ServiceName, Tags: o.Tags, IconURL: o.IconURL},
	}
	var acceptsV1 []RequirementsV1
	var all []*Terms
	sponsored := false // a Permit2 entry is offered: its buyer's EIP-2612 permit is taken
	amount := strconv.FormatInt(o.Amount, 10)
	for _, net := range nets {
		if slices.ContainsFunc(all, func(t *Terms) bool { return t.Network.ID == net.ID }) {
			return nil, fmt.Errorf("offer %s: network %s is listed twice", o.Name, net.ID)
		}
		t := &Terms{
			Offer: o, Network: net, PayTo: o.PayTo, Resource: o.Resource, Amount: big.NewInt(o.Amount),
			Horizon: horizon, resource: resource,
			Requirements: Requirements{
				Scheme: SchemeExact, Network: net.ID, Amount: amount, Asset: net.Asset.Hex(), PayTo: o.PayTo.Hex(),
				MaxTimeoutSeconds: maxTimeout, Extra: net.extra(),
			},
			RequirementsV1: RequirementsV1{
				Scheme: SchemeExact, Network: net.V1Name, MaxAmountRequired: amount, Resource: o.Resource,
				Description: o.Description, MimeType: "application/json", PayTo: o.PayTo.Hex(),
				MaxTimeoutSeconds: maxTimeout, Asset: net.Asset.Hex(), Extra: net.extra(), OutputSchema: outputSchema,
			},
		}
		required.Accepts = append(required.Accepts, t.Requirements)
		if b := o.Batch; b != nil && b.Network == net.ID {
			if b.WithdrawDelay < MinWithdrawDelay || b.WithdrawDelay > MaxWithdrawDelay {
				return nil, fmt.Errorf("offer %s: withdraw delay %d s is outside %d..%d", o.Name, b.WithdrawDelay, MinWithdrawDelay, MaxWithdrawDelay)
			}
			extra := net.extra()
			extra["receiverAuthorizer"], extra["withdrawDelay"] = b.ReceiverAuthorizer.Hex(), b.WithdrawDelay
			t.Batch = &Requirements{Scheme: SchemeBatch, Network: net.ID, Amount: amount, Asset: net.Asset.Hex(), PayTo: o.PayTo.Hex(),
				MaxTimeoutSeconds: maxTimeout, Extra: extra}
			required.Accepts = append(required.Accepts, *t.Batch)
		}
		for _, sale := range o.Sales {
			if sale.Network != net.ID {
				continue
			}
			r := t.Requirements
			r.Scheme, r.Extra = sale.Kind.Scheme, net.extra()
			if KindOf(r.Scheme, nil) != sale.Kind {
				r.Extra["assetTransferMethod"] = sale.Kind.Method
			}
			for k, v := range sale.Extra {
				r.Extra[k] = v
			}
			t.sales = append(t.sales, &r)
			required.Accepts = append(required.Accepts, r)
			sponsored = sponsored || sale.Kind.Permit2()
		}
		if net.V1Name != "" {
			acceptsV1 = append(acceptsV1, t.RequirementsV1)
		}
		all = append(all, t)
	}
	extensions := map[string]any{"bazaar": discovery}
	if sponsored {
		extensions[EIP2612GasSponsoring] = eip2612Sponsoring
	}
	if required.Extensions, err = json.Marshal(extensions); err != nil {
		return nil, fmt.Errorf("offer %s: %w", o.Name, err)
	}
	first := all[0]
	first.networks, first.Required = all, required
	if first.AcceptsV1, err = json.Marshal(acceptsV1); err != nil {
		return nil, fmt.Errorf("offer %s: %w", o.Name, err)
	}
	if acceptsV1 == nil {
		first.AcceptsV1 = json.RawMessage("[]")
	}
	if err := first.share(); err != nil {
		return nil, err
	}
	return first, nil
}

// share encodes the 402 header and gives every network's terms the same
// 402 documents.
func (t *Terms) share() error {
	var err error
	if t.Header, err = EncodeHeader(t.Required); err != nil {
		return fmt.Errorf("offer %s: %w", t.Offer.Name, err)
	}
	for _, n := range t.networks {
		n.networks, n.Required, n.Header, n.AcceptsV1 = t.networks, t.Required, t.Header, t.AcceptsV1
		n.ExtensionsV1, n.receiptKey, n.receipts = t.ExtensionsV1, t.receiptKey, t.receipts
	}
	return nil
}

// Entry is this network's entry of kind k, nil when k is not sold here.
func (t *Terms) Entry(k Kind) *Requirements {
	switch k {
	case KindExact:
		return &t.Requirements
	case KindBatch:
		return t.Batch
	}
	for _, r := range t.sales {
		if r.Kind() == k {
			return r
		}
	}
	return nil
}

// PerNetwork are the offer's terms on each network it is sold on, the
// default first.
func (t *Terms) PerNetwork() []*Terms { return slices.Clone(t.networks) }

// For is the terms of the network a payment chose: its accepted network
// (v2) or its v1 network name.
func (t *Terms) For(p *Payment) (*Terms, *Refusal) {
	field, chosen := "accepted.network", ""
	if p.V1 != nil {
		field, chosen = "network", p.V1.Network
	} else {
		chosen = p.V2.Accepted.Network
	}
	var offered []string
	for _, n := range t.networks {
		name := n.Network.ID
		if p.V1 != nil {
			name = n.Network.V1Name
		}
		if name == "" {
			continue
		}
		if name == chosen {
			return n, nil
		}
		offered = append(offered, name)
	}
	if len(offered) == 0 {
		return nil, refuse(ReasonInvalidNetwork, "no network of these terms has a v1 name; pay with x402 v2 on %s", t.Network.ID)
	}
	return nil, refuse(ReasonInvalidNetwork, "%s %q is not offered; pay on %s", field, chosen, strings.Join(offered, " or "))
}

// MaxDiscoveryBytes bounds the bazaar extension's JSON with its example
// answer. Every 402 sends it in PAYMENT-REQUIRED, base64 and a third
// larger, and common HTTP clients read at most 16 KiB of response head
// (Node's parser, Python's h11), so an example that would take it past is
// left out: it is optional, /docs and OpenAPI still show it, and the
// answer's schema, which facilitators validate against, stays.
const MaxDiscoveryBytes = 8 << 10

// bazaar is the discovery extension: what catalogs index, and what
// facilitators validate against its schema. A route is a JSON POST; a tool
// sold over MCP only is an MCP tool.
func bazaar(o Offer) map[string]any {
	example := o.Example
	if example == nil {
		example = map[string]any{}
	}
	input, inputShape := httpInput(example, o.InputSchema)
	if o.MCPOnly {
		input, inputShape = mcpInput(o, example)
	}
	output := map[string]any{"type": "json", "format": o.Output.Format, "description": o.Output.Description}
	answer := o.Output.Schema
	if answer == nil {
		answer = map[string]any{"type": "object"}
	}
	discovery := map[string]any{
		"info": map[string]any{"input": input, "output": output},
		"schema": map[string]any{
			"$schema": "https://json-schema.org/draft/2020-12/schema",
			"type":    "object",
			"properties": map[string]any{
				"input": inputShape,
				"output": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"type":    map[string]any{"type": "string"},
						"example": answer, // a facilitator validating info checks the example's shape
					},
					"required": []string{"type"},
				},
			},
			"required": []string{"input"},
		},
	}
	if o.Output.Example != nil {
		output["example"] = o.Output.Example
		if b, err := json.Marshal(discovery); err != nil || len(b) > MaxDiscoveryBytes {
			delete(output, "example")
		}
	}
	return discovery
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
func mcpInput(o Offer, example map[string]any) (input, schema map[string]any) {
	return map[string]any{"type": "mcp", "toolName": o.Name, "description": o.Description, "transport": "streamable-http",
			"inputSchema": o.InputSchema, "example": example},
		map[string]any{
			"type": "object",
			"properties": map[string]any{
				"type":        map[string]any{"type": "string", "const": "mcp"},
				"toolName":    map[string]any{"type": "string", "const": o.Name},
				"description": map[string]any{"type": "string"},
				"transport":   map[string]any{"type": "string", "enum": []string{"streamable-http"}},
				"inputSchema": map[string]any{"type": "object"},
				"example":     o.InputSchema,
			},
			"required":             []string{"type", "toolName", "inputSchema"},
			"additionalProperties": false,
		}
}
