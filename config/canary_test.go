package config

import (
	"strings"
	"testing"
)

// canary.every below a second, a price that is no dollar amount and a
// production canary with no chain to read are refused with their keys.
func TestCanaryProblems(t *testing.T) {
	_, err := Parse([]byte("canary: {every: 100ms, max_usd: 5 cents}\n"), nil)
	for _, want := range []string{`canary.every: must be 0 (off) or at least 1s, got 100ms`, `canary.max_usd: must be a dollar amount with at most 6 decimals, such as 0.05, got "5 cents"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want %q in %v", want, err)
		}
	}
	_, err = Parse([]byte("mode: production\nbase_url: https://x.example\npay_to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'\nfacilitator_url: https://f.example\ncanary: {every: 5m}\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "canary.rpc: a production canary reads the chain: set canary.rpc or chain_rpc") {
		t.Errorf("production canary without a chain: %v", err)
	}
}
