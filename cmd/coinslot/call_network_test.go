package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// --network pays on the network named, which the terms must offer.
func TestCallNetwork(t *testing.T) {
	slow(t)
	t.Setenv("COINSLOT_BUYER_KEY", opsBuyerKey)
	base := startSandbox(t)
	code, stdout, stderr := output(t, "call", "business_days", "--url", base, "--network", "eip155:1337", "--data", `{"days_ahead":5}`)
	if code != callPaid || !json.Valid([]byte(stdout)) {
		t.Fatalf("on the sandbox chain: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	code, stdout, stderr = output(t, "call", "business_days", "--url", base, "--network", "eip155:8453", "--data", `{"days_ahead":5}`)
	if want := "coinslot call: refusing to pay: the terms offer no exact entry on eip155:8453; they offer exact on eip155:1337, batch-settlement on eip155:1337, exact (permit2) on eip155:1337\n"; code != callRefused || stdout != "" || stderr != want {
		t.Fatalf("on Base: exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, want)
	}
}

// A contract listing two networks admits an entry on either, each with its
// own asset contract; one on a third network, or with the other's asset, is
// refused.
func TestCallChecksTheChosenNetwork(t *testing.T) {
	var q quote
	json.Unmarshal([]byte(`{"buyer_contract":{"tool":"business_days","endpoint":"https://api.test/paid/utility/business-days","maxPaymentUsd":"0.01",
		"network":"eip155:8453","assetContract":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","payTo":"0x1111111111111111111111111111111111111111",
		"networks":[{"network":"eip155:8453","assetContract":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},{"network":"eip155:137","assetContract":"0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"}]}}`), &q)
	entry := func(network, asset string) x402.Requirements {
		return x402.Requirements{Scheme: "exact", Network: network, Asset: asset, PayTo: "0x1111111111111111111111111111111111111111", Amount: "10000"}
	}
	terms := &x402.PaymentRequired{Resource: &x402.ResourceInfo{URL: "https://api.test/paid/utility/business-days"}, Accepts: []x402.Requirements{
		entry("eip155:8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"), entry("eip155:137", "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"),
		entry("eip155:42161", "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"), entry("eip155:10", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
	}}
	for network, want := range map[string][]string{
		"":             nil,
		"eip155:137":   nil,
		"eip155:42161": {`network is "eip155:42161"; the contract says "eip155:8453"`},
	} {
		acc := chooseEntry(terms, network, x402.KindExact)
		if got := q.check(terms, acc, nil); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", network, got, want)
		}
	}
	polygonWithBaseAsset := entry("eip155:137", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
	if got := q.check(terms, &polygonWithBaseAsset, nil); len(got) != 1 || !strings.HasPrefix(got[0], "asset contract is 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913; the contract says 0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359") {
		t.Errorf("Polygon with Base's asset: %q", got)
	}
	if chooseEntry(terms, "eip155:43114", x402.KindExact) != nil {
		t.Error("an entry on a network the terms do not offer")
	}
}
