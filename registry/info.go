package registry

import (
	"encoding/json"
	"strconv"
)

// Description is the service's one-paragraph summary.
const Description = "Pay-per-call data and analysis tools for software agents: x402 market intelligence, " +
	"tool safety, prediction markets, agent security, OSINT, public-data lookups and web tools. " +
	"Each call is paid in USDC over x402; no account or API key."

// Entry is a tool as the catalog lists it.
type Entry struct {
	Name        string         `json:"name"`
	PriceUSD    string         `json:"price_usd"`
	Description string         `json:"description"`
	Input       object         `json:"input"`
	Example     map[string]any `json:"example"`
	HTTPPath    string         `json:"http_path,omitempty"` // absent for the tools sold over MCP only
	Upto        *upto          `json:"upto,omitempty"`      // a metered tool's rule; absent for the others
}

func entry(t *Tool) Entry {
	return Entry{t.Name, t.Price, t.Description, hints(t), example(t), t.Path, t.upto()}
}

type info struct {
	Service       string        `json:"service"`
	Name          string        `json:"name"`
	Version       string        `json:"version"`
	Description   string        `json:"description"`
	Sandbox       bool          `json:"sandbox,omitempty"`
	Endpoints     object        `json:"endpoints"`
	X402Discovery x402Discovery `json:"x402_discovery"`
	Payments      payments      `json:"payments"`
	Tools         []Entry       `json:"tools"`
}

type x402Discovery struct {
	BazaarSearchProxy string `json:"bazaar_search_proxy"`
	CDPCatalog        string `json:"cdp_catalog"`
	Facilitator       string `json:"facilitator"`
	Network           string `json:"network"`
}

type payments struct {
	Protocol      string `json:"protocol"`
	Scheme        string `json:"scheme"`
	Network       string `json:"network"`
	NetworkName   string `json:"network_name"`
	Asset         string `json:"asset"`
	AssetContract string `json:"asset_contract"`
	Facilitator   string `json:"facilitator"`
	Seller        string `json:"seller"`
}

func buildInfo(s Site, tools []*Tool) info {
	endpoints := make(object, 0, len(endpointKeys)+len(tools))
	for _, k := range endpointKeys {
		endpoints = append(endpoints, field{k.Key, s.URL(k.Value.(string))})
	}
	entries := make([]Entry, len(tools))
	for i, t := range tools {
		if t.Paid() {
			endpoints = append(endpoints, field{t.Name, s.URL(t.Path)})
		}
		entries[i] = entry(t)
	}
	return info{
		Service:     s.Service,
		Name:        s.Service,
		Version:     s.Version,
		Description: Description,
		Sandbox:     s.Sandbox,
		Endpoints:   endpoints,
		X402Discovery: x402Discovery{
			BazaarSearchProxy: s.URL(PathCatalogSearch),
			CDPCatalog:        s.CatalogURL,
			Facilitator:       s.Facilitator,
			Network:           s.Network,
		},
		Payments: payments{Protocol, Scheme, s.Network, s.NetworkName, AssetName, s.AssetContract, s.Facilitator, s.PayTo},
		Tools:    entries,
	}
}

// quote is everything a buyer needs to decide on one tool.
type quote struct {
	Service        string        `json:"service"`
	Tool           Entry         `json:"tool"`
	Category       string        `json:"category"`
	Endpoint       string        `json:"endpoint"`
	PriceUSD       string        `json:"price_usd"`
	PriceAtomic    string        `json:"price_atomic"` // USDC units, 6 decimals, as x402 states amounts
	BuyerContract  BuyerContract `json:"buyer_contract"`
	ApprovalPrompt string        `json:"approval_prompt"`
	// Bazaar is the 402's discovery extension, the answer's output schema
	// with it: what the buyer will get, read before paying.
	Bazaar json.RawMessage `json:"bazaar,omitempty"`
}

func buildQuote(s Site, t *Tool) quote {
	q := quote{
		Service:        s.Service,
		Tool:           entry(t),
		Category:       t.Category,
		Endpoint:       s.Endpoint(t),
		PriceUSD:       t.Price,
		PriceAtomic:    strconv.FormatInt(t.PriceAtomic(), 10),
		BuyerContract:  s.Contract(t),
		ApprovalPrompt: s.ApprovalPrompt(t),
	}
	if s.Discovery != nil {
		q.Bazaar = s.Discovery(t)
	}
	return q
}
