package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// config check --online asks the facilitator's /supported and names each
// configured network it does not settle (exit 1), and where
// batch-settlement would go; a /supported that fails exits 1 naming it.
func TestConfigCheckOnline(t *testing.T) {
	var kinds atomic.Pointer[[]x402.SupportedKind]
	kinds.Store(&[]x402.SupportedKind{
		{X402Version: 2, Scheme: "exact", Network: "eip155:8453"},
		{X402Version: 2, Scheme: "batch-settlement", Network: "eip155:8453", Extra: map[string]any{"receiverAuthorizer": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"}},
		{X402Version: 1, Scheme: "exact", Network: "base-sepolia"},
	})
	fac := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/supported" || r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		if *kinds.Load() == nil {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		json.NewEncoder(w).Encode(x402.Supported{Kinds: *kinds.Load()})
	}))
	defer fac.Close()
	path := filepath.Join(t.TempDir(), "coinslot.yaml")
	if err := os.WriteFile(path, []byte("mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\n"+
		"facilitator_url: "+fac.URL+"\nnetwork: [eip155:8453, eip155:84532]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	host := strings.TrimPrefix(fac.URL, "http://")
	code, out, errText := output(t, "config", "check", "--online", path)
	want := path + ": ok\n" +
		path + ": facilitator_url: " + host + ": settles exact on eip155:8453 (Base); not on eip155:84532 (Base Sepolia) (calls there never go to it)\n" +
		path + ": network[0]: eip155:8453 (Base): settled (exact) by facilitator_url\n" +
		path + ": network[1]: eip155:84532 (Base Sepolia): no facilitator settles exact there (x402 v2); it would not be offered\n" +
		path + ": batch_settlement: offered on eip155:8453, receiver authorizer 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC\n"
	if code != 1 || out != want || errText != "" {
		t.Fatalf("exit %d\n%s%s\nwant 1\n%s", code, out, errText, want)
	}
	kinds.Store(&[]x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: "eip155:8453"}, {X402Version: 2, Scheme: "exact", Network: "eip155:84532"}})
	code, out, _ = output(t, "config", "check", "--online", path)
	want = path + ": ok\n" +
		path + ": facilitator_url: " + host + ": settles exact on eip155:8453 (Base), eip155:84532 (Base Sepolia)\n" +
		path + ": network[0]: eip155:8453 (Base): settled (exact) by facilitator_url\n" +
		path + ": network[1]: eip155:84532 (Base Sepolia): settled (exact) by facilitator_url\n" +
		path + ": batch_settlement: not offered: the facilitator does not settle batch-settlement on [eip155:8453 eip155:84532]; set batch_settlement.receiver_authorizer to offer it anyway\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d\n%s\nwant 0\n%s", code, out, want)
	}
	kinds.Store(new([]x402.SupportedKind))
	*kinds.Load() = nil
	code, out, _ = output(t, "config", "check", "--online", path)
	if want := path + ": ok\n" + path + ": facilitator_url: " + host + ": facilitator supported: server error (HTTP 502)\n" +
		path + ": network[0]: eip155:8453 (Base): no facilitator settles exact there (x402 v2); it would not be offered\n" +
		path + ": network[1]: eip155:84532 (Base Sepolia): no facilitator settles exact there (x402 v2); it would not be offered\n"; code != 1 || out != want {
		t.Fatalf("facilitator down: exit %d\n%s\nwant\n%s", code, out, want)
	}
	if code, out, _ := output(t, "config", "check", path); code != 0 || out != path+": ok\n" {
		t.Fatalf("offline: exit %d %s", code, out)
	}
}

// supportedServer is a facilitator whose /supported lists kinds, or fails
// with 502 when kinds is nil.
func supportedServer(t *testing.T, kinds []x402.SupportedKind) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if kinds == nil {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		json.NewEncoder(w).Encode(x402.Supported{Kinds: kinds})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// config check --online asks every facilitator, each named with what it
// settles or why it could not be asked, and a network is settled by any of
// them; a custom network without a name of its own is named once.
func TestConfigCheckOnlineAsksEveryFacilitator(t *testing.T) {
	primary := supportedServer(t, []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: "eip155:8453"}})
	own := supportedServer(t, []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: "eip155:31337"}, {X402Version: 2, Scheme: "exact", Network: "eip155:8453"}})
	down := supportedServer(t, nil)
	path := filepath.Join(t.TempDir(), "coinslot.yaml")
	if err := os.WriteFile(path, []byte("mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\n"+
		"facilitator_url: "+primary+"\nfacilitators: [{url: "+own+"}, {url: "+down+"}]\nnetwork: [eip155:8453, eip155:31337]\ncustom_networks:\n"+
		"  - {id: eip155:31337, chain_id: 31337, asset: \"0x5FbDB2315678afecb367f032d93F642f64180aa3\", domain_name: USD Coin, domain_version: \"2\"}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	host := func(u string) string { return strings.TrimPrefix(u, "http://") }
	code, out, errText := output(t, "config", "check", "--online", path)
	want := path + ": ok\n" +
		path + ": facilitators[1]: " + host(down) + ": facilitator supported: server error (HTTP 502)\n" +
		path + ": facilitator_url: " + host(primary) + ": settles exact on eip155:8453 (Base); not on eip155:31337 (calls there never go to it)\n" +
		path + ": facilitators[0]: " + host(own) + ": settles exact on eip155:8453 (Base), eip155:31337\n" +
		path + ": network[0]: eip155:8453 (Base): settled (exact) by facilitator_url, facilitators[0]\n" +
		path + ": network[1]: eip155:31337: settled (exact) by facilitators[0]\n" +
		path + ": batch_settlement: not offered: the facilitator does not settle batch-settlement on [eip155:8453 eip155:31337]; set batch_settlement.receiver_authorizer to offer it anyway\n"
	if code != 1 || out != want || errText != "" {
		t.Fatalf("exit %d\n%s%s\nwant 1\n%s", code, out, errText, want)
	}
}
