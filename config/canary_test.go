package config

import (
	"strings"
	"testing"
)

// canary.every below a second, a price that is no dollar amount and a
// production canary with no chain to read are refused with their keys.
func TestCanaryProblems(t *testing.T) {
	_, err := Parse([]byte("canary: {every: 100ms, max_usd: 5 cents, rpc: [localhost:8545]}\n"), nil)
	for _, want := range []string{`canary.every: must be 0 (off) or at least 1s, got 100ms`, `canary.max_usd: must be a dollar amount with at most 6 decimals, such as 0.05, got "5 cents"`,
		`canary.rpc[0]: must be an http(s) or ws(s) URL of a JSON-RPC endpoint, got "localhost:8545"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q in %v", want, err)
		}
	}
	_, err = Parse([]byte("mode: production\nbase_url: https://x.example\npay_to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'\nfacilitator_url: https://f.example\ncanary: {every: 5m}\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "canary.rpc: a production canary reads the chain: set canary.rpc or chain_rpc") {
		t.Errorf("production canary without a chain: %v", err)
	}
}

// canary.tool must name a tool sold on a paid route, with the closest name.
func TestCanaryToolIsAPaidTool(t *testing.T) {
	_, err := ParseWith([]byte("canary:\n  tool: business_dayz\n"), nil, Options{PaidTools: []string{"business_days", "weather"}})
	if err == nil || err.Error() != `2:9: canary.tool: "business_dayz" is no tool sold on a paid route; did you mean business_days?` {
		t.Errorf("got %v", err)
	}
}
