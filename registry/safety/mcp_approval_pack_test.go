package safety

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestApprovalPackGolden(t *testing.T) {
	cases := map[string]map[string]any{
		"mcp_approval_pack": {
			"tool_name": "trending_markets", "route_url": "https://api.example.com/paid/venueA/trending",
			"price_usd": "0.02", "max_payment_usd": "0.05", "method": "POST",
			"seller_address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "task_intent": "list trending prediction markets",
		},
		// A schema asking for a password and an email: both withheld; the tool sends mail, so ask the user.
		"mcp_approval_pack_schema": {
			"tool_schema":    readJSON(t, "poisoned_and_leaky_manifest.json")["tools"].([]any)[1],
			"price_usd":      0.05,
			"seller_address": "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
			"route_url":      "https://mail.example.com/paid/send",
		},
		// One flipped letter case breaks the EIP-55 checksum; the price is also over the cap.
		"mcp_approval_pack_refuse": {
			"tool_name": "odds_feed", "price_usd": "0.10", "max_payment_usd": "0.05",
			"seller_address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "route_url": "http://api.example.com/paid/odds/feed",
		},
	}
	for file, in := range cases {
		t.Run(file, func(t *testing.T) {
			res, err := registrytest.Run(t, "mcp_approval_pack", in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+file+".golden.json", res)
		})
	}
}

func TestSellerAddressChecks(t *testing.T) {
	for addr, want := range map[string]string{
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed": "pass",
		"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed": "warn",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD": "fail",
		"0x0000000000000000000000000000000000000000": "fail",
		"5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed":   "fail",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA":   "fail",
	} {
		if got := checkSellerAddress(addr); got.Status != want {
			t.Errorf("%s: %s (%s), want %s", addr, got.Status, got.Detail, want)
		}
	}
}
