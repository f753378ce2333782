package main

import (
	"bytes"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
)

// The configured networks resolve against the table and custom_networks,
// in order; those the facilitator does not settle in v2 are dropped with a
// warning naming each; when it settles none, all stay offered.
func TestNetworksOffered(t *testing.T) {
	cfg, err := config.ParseWith([]byte("network: [eip155:84532, eip155:8453, eip155:31337]\ncustom_networks:\n"+
		"  - {id: eip155:31337, chain_id: 31337, name: Anvil, asset: \"0x5FbDB2315678afecb367f032d93F642f64180aa3\", domain_name: USD Coin, domain_version: \"2\"}\n"),
		nil, config.Options{Networks: networkNames()})
	if err != nil {
		t.Fatal(err)
	}
	nets, err := configuredNetworks(cfg)
	if err != nil || !slices.Equal(ids(nets), []string{"eip155:84532", "eip155:8453", "eip155:31337"}) || nets[2].Name != "Anvil" || nets[0].AssetName != "USDC" {
		t.Fatalf("configured %v, %v", nets, err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	doc := &x402.Supported{Kinds: []x402.SupportedKind{
		{X402Version: 2, Scheme: "exact", Network: "eip155:8453"},
		{X402Version: 1, Scheme: "exact", Network: "base-sepolia"},
		{X402Version: 2, Scheme: "exact", Network: "eip155:31337"},
	}}
	if got := ids(settled(nets, doc, log)); !slices.Equal(got, []string{"eip155:8453", "eip155:31337"}) {
		t.Errorf("offered %v", got)
	}
	if want := `level=WARN msg="network not offered: no facilitator's /supported lists exact on it" network=eip155:84532 network_name="Base Sepolia"` + "\n"; logs.String() != want {
		t.Errorf("log %q, want %q", logs.String(), want)
	}
	logs.Reset()
	if got := ids(settled(nets, &x402.Supported{}, log)); !slices.Equal(got, ids(nets)) {
		t.Errorf("none settled: offered %v, want every configured network", got)
	}
	if !strings.Contains(logs.String(), `level=ERROR msg="no facilitator settles any of the configured networks; offering them all, and not ready until one does"`) {
		t.Errorf("log %q", logs.String())
	}
}

// batch-settlement goes on the first network the facilitator lists it for,
// with the receiver authorizer it advertises there.
func TestBatchTermsNetwork(t *testing.T) {
	cfg, err := config.Parse(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := &x402.Supported{Kinds: []x402.SupportedKind{
		{X402Version: 2, Scheme: x402.SchemeBatch, Network: "eip155:8453"}, // no authorizer: not offerable
		{X402Version: 2, Scheme: x402.SchemeBatch, Network: "eip155:137", Extra: map[string]any{"receiverAuthorizer": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"}},
	}}
	terms, err := batchTerms(cfg, []x402.Network{x402.Base, x402.Polygon}, doc)
	if err != nil || terms.Network != "eip155:137" || terms.ReceiverAuthorizer.Hex() != "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" || terms.WithdrawDelay != 900 {
		t.Fatalf("batch terms %+v, %v", terms, err)
	}
	if _, err := batchTerms(cfg, []x402.Network{x402.Base}, doc); err == nil || err.Error() != "the facilitator does not settle batch-settlement on [eip155:8453]; set batch_settlement.receiver_authorizer to offer it anyway" {
		t.Fatalf("no authorizer on Base: %v", err)
	}
}
