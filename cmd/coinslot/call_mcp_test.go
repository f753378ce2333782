package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// Every tool sold over MCP shares the MCP endpoint as its resource, so the
// buyer checks that the bazaar extension names the tool it means to buy.
func TestMCPTermsMustNameTheTool(t *testing.T) {
	q := &quote{}
	c := &q.Contract
	c.Tool, c.Endpoint, c.MaxPaymentUSD = "check_agent_policy", "https://api.coinslot.test/mcp", "0.01"
	c.Network, c.AssetContract, c.PayTo = "eip155:8453", "0xA", "0xB"
	terms := func(url, tool string) *x402.PaymentRequired {
		ext, _ := json.Marshal(map[string]any{"bazaar": map[string]any{"info": map[string]any{"input": map[string]any{"type": "mcp", "toolName": tool}}}})
		return &x402.PaymentRequired{Resource: &x402.ResourceInfo{URL: url}, Extensions: ext,
			Accepts: []x402.Requirements{{Scheme: "exact", Network: "eip155:8453", Asset: "0xA", PayTo: "0xB", Amount: "10000"}}}
	}
	for _, tc := range []struct {
		terms *x402.PaymentRequired
		want  []string
	}{
		{terms("https://api.coinslot.test/mcp", "check_agent_policy"), nil},
		{terms("https://api.coinslot.test/mcp", "scrape"), []string{`the bazaar extension names the tool "scrape", not check_agent_policy`}},
		{terms("https://api.coinslot.test/paid/scrape", "check_agent_policy"), []string{"the resource does not match the endpoint https://api.coinslot.test/mcp"}},
	} {
		if got := q.check(tc.terms, &tc.terms.Accepts[0], nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s %s: %q, want %q", tc.terms.Resource.URL, tc.terms.Extensions, got, tc.want)
		}
	}
}
