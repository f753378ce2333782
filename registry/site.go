package registry

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// Payment constants shared by every document.
const (
	Protocol  = "x402"
	Scheme    = "exact"
	AssetName = "USDC"
)

// Site is everything about the running service that documents state besides
// the tools themselves. Every payment value comes from here (production: USDC
// on the configured networks, Base by default; sandbox: the simulated chain);
// no document assumes one.
type Site struct {
	BaseURL           string       // absolute, e.g. "https://api.example.com"
	Version           string       // the interface version, "0.13.0"
	Service           string       // "coinslot"
	Network           string       // the default network, CAIP-2, e.g. "eip155:8453"
	NetworkName       string       // e.g. "Base"
	AssetContract     string       // the USDC contract on Network
	Schemes           []string     // the x402 schemes sold on Network; nil: exact
	More              []PayNetwork // further networks a call may be paid on, after Network
	PayTo             string       // the seller wallet
	Facilitator       string       // the x402 facilitator URL
	CatalogURL        string       // the public catalog of payable resources
	Sandbox           bool         // the in-process chain: no real money moves
	MaxTimeoutSeconds int          // how long a buyer's authorization must stay valid
	OfferSigner       string       // the address that signs offers and receipts (offer-receipt); "": unsigned
	// Discovery is the bazaar extension a tool's 402 carries, which its
	// quote repeats; nil: quotes carry none.
	Discovery func(*Tool) json.RawMessage
}

// PayNetwork is one network a call may be paid on.
type PayNetwork struct {
	Network       string   `json:"network"`       // CAIP-2
	NetworkName   string   `json:"networkName"`   // e.g. "Polygon"
	AssetContract string   `json:"assetContract"` // its USDC contract
	Schemes       []string `json:"schemes"`       // the x402 schemes sold on it
}

// PayNetworks are every network a call may be paid on, the default first.
func (s Site) PayNetworks() []PayNetwork {
	schemes := s.Schemes
	if schemes == nil {
		schemes = []string{Scheme}
	}
	return append([]PayNetwork{{s.Network, s.NetworkName, s.AssetContract, schemes}}, s.More...)
}

// check refuses a site whose documents would mislead a buyer. In sandbox the
// chain's contract and wallet may not be known yet; in production they must be.
func (s Site) check() error {
	u, err := url.Parse(s.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("base URL %q is not an absolute http(s) address", s.BaseURL)
	}
	missing := []string{}
	for _, f := range []struct{ name, value string }{
		{"service", s.Service}, {"version", s.Version}, {"network", s.Network}, {"network name", s.NetworkName},
	} {
		if f.value == "" {
			missing = append(missing, f.name)
		}
	}
	if !s.Sandbox {
		for _, f := range []struct{ name, value string }{
			{"asset contract", s.AssetContract}, {"pay-to wallet", s.PayTo}, {"facilitator", s.Facilitator},
		} {
			if f.value == "" {
				missing = append(missing, f.name)
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("site has no %s", strings.Join(missing, ", "))
	}
	return nil
}

// URL is the absolute address of a path on this service.
func (s Site) URL(path string) string { return strings.TrimRight(s.BaseURL, "/") + path }

// Endpoint is where a tool is bought, and the resource an x402 payment for
// it names: its route, or the MCP endpoint for the tools sold over MCP only,
// which the bazaar extension tells apart by toolName as its MCP form does.
func (s Site) Endpoint(t *Tool) string {
	if t.Paid() {
		return s.URL(t.Path)
	}
	return s.URL(PathMCP)
}
