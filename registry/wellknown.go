package registry

import (
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// MCP protocol revisions the /mcp endpoint speaks.
var mcpProtocolVersions = []string{"2025-06-18", "2025-11-25"}

// x402Resource is one entry of /.well-known/x402: what a crawler needs to
// list the resource without calling it.
type x402Resource struct {
	Resource    string             `json:"resource"`
	Type        string             `json:"type"` // "http" or "mcp"
	Method      string             `json:"method,omitempty"`
	Tool        string             `json:"tool"`
	Description string             `json:"description"`
	PriceUSD    string             `json:"price_usd"`
	Upto        *upto              `json:"upto,omitempty"`
	Tags        []string           `json:"tags"`
	Accepts     []x402Requirements `json:"accepts"`
}

type x402Requirements struct {
	Scheme            string `json:"scheme"`
	Network           string `json:"network"`
	Amount            string `json:"amount"`
	Asset             string `json:"asset"`
	PayTo             string `json:"payTo"`
	MaxTimeoutSeconds int    `json:"maxTimeoutSeconds"`
}

// buildX402 is the origin's x402 discovery document: the de-facto
// {version, resources:[URL]} that crawlers read, plus one item per tool with
// its terms.
func buildX402(s Site, tools []*Tool) object {
	resources := []string{}
	items := make([]x402Resource, len(tools))
	for i, t := range tools {
		r := x402Resource{
			Resource: s.Endpoint(t), Type: "mcp", Tool: t.Name, Description: t.Description, PriceUSD: t.Price, Upto: t.upto(), Tags: BazaarTags(t),
		}
		for _, n := range s.PayNetworks() {
			for _, scheme := range n.schemesFor(t) {
				r.Accepts = append(r.Accepts, x402Requirements{scheme, n.Network, strconv.FormatInt(t.PriceAtomic(), 10), n.AssetContract, s.PayTo, s.MaxTimeoutSeconds})
			}
		}
		if t.Paid() {
			r.Type, r.Method = "http", "POST"
			resources = append(resources, r.Resource)
		}
		items[i] = r
	}
	doc := object{
		{"version", 1},
		{"x402Version", 2},
		{"service", s.Service},
		{"serviceName", s.Service},
		{"network", s.Network},
		{"asset", s.AssetContract},
		{"networks", s.PayNetworks()},
		{"payTo", s.PayTo},
		{"facilitator", s.Facilitator},
		{"mcp", s.URL(PathMCP)},
		{"instructions", "POST a JSON body to a resource; the 402 answer carries the exact terms in PAYMENT-REQUIRED. " +
			"Tools of type mcp are called with tools/call at " + s.URL(PathMCP) + ". Quotes and buyer contracts: " +
			s.URL(PathQuote) + "?tool=<name>."},
		{"resources", resources},
		{"items", items},
	}
	if icon := s.IconURL(); icon != "" {
		doc = append(doc, field{"iconUrl", icon})
	}
	if s.OfferSigner != "" { // for a verifier of signed offers and receipts signed by another key than payTo
		doc = append(doc, field{"offerReceiptSigner", s.OfferSigner})
	}
	return doc
}

// A2AX402Extension is the URI of the A2A extension for x402 payments that
// the agent card declares and a paying client activates.
const A2AX402Extension = "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2"

// A2AHow is how a skill is called over A2A.
const A2AHow = "Call a skill with the A2A method message/send: metadata.skill names the skill and one data part holds its input " +
	"(the skill's example). The answer is a task asking for payment (x402 extension for A2A); send the signed payment in a message " +
	"to that task (metadata x402.payment.payload) to get the answer as an artifact. Each skill is also sold over MCP and HTTP."

// buildAgentCard is an A2A v0.3 agent card whose skills are the tools.
func buildAgentCard(s Site, tools []*Tool) (map[string]any, error) {
	skills := make([]map[string]any, len(tools))
	for i, t := range tools {
		ex, err := compact(example(t))
		if err != nil {
			return nil, err
		}
		skills[i] = map[string]any{
			"id":          t.Name,
			"name":        t.Name,
			"description": strings.TrimSpace(t.Description + " Price: " + t.Price + " USD per call via x402 at " + s.Endpoint(t) + ". " + t.UptoNote()),
			"tags":        []string{t.Category, Protocol},
			"examples":    []string{ex},
			"inputModes":  []string{"application/json"},
			"outputModes": []string{"application/json"},
		}
	}
	return map[string]any{
		"protocolVersion":    "0.3.0",
		"name":               s.Service,
		"description":        Description + " " + A2AHow,
		"url":                s.URL(PathA2A),
		"preferredTransport": "JSONRPC",
		"version":            s.Version,
		"provider":           map[string]any{"organization": s.Service, "url": strings.TrimRight(s.BaseURL, "/")},
		"documentationUrl":   s.URL(PathDocs),
		"capabilities": map[string]any{"streaming": false, "pushNotifications": false, "extensions": []map[string]any{{
			"uri":         A2AX402Extension,
			"description": "Supports payments using the x402 protocol for on-chain settlement: every skill is paid per call in USDC.",
			"required":    true,
		}, {
			"uri":         "https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http",
			"description": "The skills are also MCP tools served over streamable HTTP, paid with x402.",
			"required":    false,
			"params":      map[string]any{"url": s.URL(PathMCP), "serverCard": s.URL(PathMCPManifest), "x402": s.URL(PathX402)},
		}}},
		"defaultInputModes":  []string{"application/json"},
		"defaultOutputModes": []string{"application/json"},
		"skills":             skills,
	}, nil
}

// buildMCPManifest is the server card: the experimental server-card fields
// plus the older shape scanners still read (serverInfo, transport, tools).
func buildMCPManifest(s Site, tools []*Tool) map[string]any {
	list := make([]map[string]any, len(tools))
	for i, t := range tools {
		meta := map[string]any{"x402/price_usd": t.Price}
		if u := t.upto(); u != nil {
			meta["x402/upto"] = u
		}
		list[i] = map[string]any{
			"name":        t.Name,
			"description": t.Description,
			"inputSchema": InputSchema(t),
			"_meta":       meta,
		}
	}
	return map[string]any{
		"$schema":     "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
		"name":        serverName(s.BaseURL, s.Service),
		"version":     s.Version,
		"title":       s.Service,
		"description": "Pay-per-call data and analysis tools for agents, paid in USDC over x402.",
		"websiteUrl":  s.URL(PathDocs),
		"remotes": []map[string]any{{
			"type": "streamable-http", "url": s.URL(PathMCP), "supportedProtocolVersions": mcpProtocolVersions,
		}},
		"serverInfo":      map[string]any{"name": s.Service, "title": s.Service, "version": s.Version},
		"protocolVersion": mcpProtocolVersions[len(mcpProtocolVersions)-1],
		"transport":       map[string]any{"type": "streamable-http", "endpoint": PathMCP},
		"capabilities":    map[string]any{"tools": map[string]any{"listChanged": false}},
		"authentication":  map[string]any{"required": false, "schemes": []string{}},
		"tools":           list,
		"_meta": map[string]any{"x402": map[string]any{
			"discovery": s.URL(PathX402), "network": s.Network, "asset": s.AssetContract, "payTo": s.PayTo,
		}},
	}
}

// serverName is the server card's name: the reverse-DNS namespace of the
// public host of the base URL (api.example.com → com.example.api). A host
// that is not a public name (localhost, an IP address, a single label) owns
// no namespace, so the card then uses the project's own, io.github.coinslot.
func serverName(base, service string) string {
	u, _ := url.Parse(base) // checked by Site.check
	host := u.Hostname()
	labels := strings.Split(host, ".")
	if net.ParseIP(host) != nil || len(labels) < 2 || slices.Contains([]string{"localhost", "local", "internal"}, labels[len(labels)-1]) {
		return "io.github.coinslot/" + service
	}
	slices.Reverse(labels)
	return strings.Join(labels, ".") + "/" + service
}

// accepts are a tool's x402 terms in brief: one entry per network and
// scheme, as its 402 lists them.
func (s Site) accepts(t *Tool) []map[string]any {
	var out []map[string]any
	for _, n := range s.PayNetworks() {
		for _, scheme := range n.schemesFor(t) {
			out = append(out, map[string]any{"scheme": scheme, "network": n.Network, "asset": n.AssetContract,
				"amount": strconv.FormatInt(t.PriceAtomic(), 10), "payTo": s.PayTo})
		}
	}
	return out
}
