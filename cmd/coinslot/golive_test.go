package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/golang-jwt/jwt/v5"
)

// hostedDouble is a hosted facilitator's /supported: it settles exact on
// networks, and with a public key it answers only requests whose bearer
// token that key signed with alg.
func hostedDouble(t *testing.T, alg string, public crypto.PublicKey, networks ...string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if public != nil {
			bearer, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if _, err := jwt.Parse(bearer, func(*jwt.Token) (any, error) { return public, nil }, jwt.WithValidMethods([]string{alg})); err != nil {
				http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
				return
			}
		}
		var doc x402.Supported
		for _, n := range networks {
			doc.Kinds = append(doc.Kinds, x402.SupportedKind{X402Version: 2, Scheme: "exact", Network: n})
		}
		json.NewEncoder(w).Encode(doc)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The going-live guide's config files pass config check as printed, and
// config check --online as the guide says, with each hosted facilitator's
// address pointed at a local double that serves its /supported and checks
// its token with the key's public half.
func TestGoingLiveGuide(t *testing.T) {
	text, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	_, guide, ok := strings.Cut(string(text), "## Going live")
	if !ok {
		t.Fatal("docs/operations.md has no Going live section")
	}
	var files []string
	for i, part := range strings.Split(guide, "```") {
		if body, ok := strings.CutPrefix(part, "yaml\n"); ok && i%2 == 1 {
			files = append(files, body)
		}
	}
	if len(files) != 2 {
		t.Fatalf("the guide has %d config files, want the testnet's and mainnet's", len(files))
	}
	if !strings.Contains(guide, "`network[0]: eip155:84532 (Base Sepolia): settled (exact) by facilitator_url`") {
		t.Fatal("the guide no longer quotes what config check --online prints")
	}
	dir := t.TempDir()
	check := func(name, file string, args ...string) (int, string) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errText := output(t, append(append([]string{"config", "check"}, args...), path)...)
		return code, strings.ReplaceAll(out+errText, path+": ", "")
	}

	// Step 2: Base Sepolia through the public testnet facilitator.
	testnet := hostedDouble(t, "", nil, "eip155:84532", "eip155:11155111")
	if code, out := check("testnet.yaml", files[0]); code != 0 || out != "ok\n" {
		t.Fatalf("testnet file: exit %d\n%s", code, out)
	}
	code, out := check("testnet.yaml", strings.ReplaceAll(files[0], "https://x402.org/facilitator", testnet.URL), "--online")
	if want := "ok\nfacilitator_url: " + strings.TrimPrefix(testnet.URL, "http://") + ": settles exact on eip155:84532 (Base Sepolia)\n" +
		"network[0]: eip155:84532 (Base Sepolia): settled (exact) by facilitator_url\n" +
		"batch_settlement: not offered: the facilitator does not settle batch-settlement on [eip155:84532]; set batch_settlement.receiver_authorizer to offer it anyway\n"; code != 0 || out != want {
		t.Fatalf("testnet --online: exit %d\n%s\nwant\n%s", code, out, want)
	}

	// Step 3: mainnet through CDP, PayAI standing in.
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecDER, _ := x509.MarshalPKCS8PrivateKey(ec)
	_, payai, _ := ed25519.GenerateKey(rand.Reader)
	payaiDER, _ := x509.MarshalPKCS8PrivateKey(payai)
	t.Setenv("CDP_API_KEY_SECRET", string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})))
	t.Setenv("PAYAI_API_KEY_SECRET", "payai_sk_"+base64.StdEncoding.EncodeToString(payaiDER))
	if code, out := check("mainnet.yaml", files[1]); code != 0 || out != "ok\n" {
		t.Fatalf("mainnet file: exit %d\n%s", code, out)
	}
	cdp := hostedDouble(t, "ES256", &ec.PublicKey, "eip155:8453", "eip155:137")
	payaiDouble := hostedDouble(t, "EdDSA", payai.Public(), "eip155:8453", "eip155:137")
	local := strings.NewReplacer("https://api.cdp.coinbase.com/platform/v2/x402", cdp.URL, "https://facilitator.payai.network", payaiDouble.URL).Replace(files[1])
	code, out = check("mainnet.yaml", local, "--online")
	want := "ok\nfacilitator_url: " + strings.TrimPrefix(cdp.URL, "http://") + ": settles exact on eip155:8453 (Base), eip155:137 (Polygon)\n" +
		"facilitators[0]: " + strings.TrimPrefix(payaiDouble.URL, "http://") + ": settles exact on eip155:8453 (Base), eip155:137 (Polygon)\n" +
		"network[0]: eip155:8453 (Base): settled (exact) by facilitator_url, facilitators[0]\nnetwork[1]: eip155:137 (Polygon): settled (exact) by facilitator_url, facilitators[0]\n" +
		"batch_settlement: not offered: the facilitator does not settle batch-settlement on [eip155:8453 eip155:137]; set batch_settlement.receiver_authorizer to offer it anyway\n"
	if code != 0 || out != want {
		t.Fatalf("mainnet --online: exit %d\n%s\nwant\n%s", code, out, want)
	}
	// A fallback that does not settle Polygon is named: Polygon's calls never go to it.
	payaiBaseOnly := hostedDouble(t, "EdDSA", payai.Public(), "eip155:8453")
	code, out = check("mainnet.yaml", strings.ReplaceAll(local, payaiDouble.URL, payaiBaseOnly.URL), "--online")
	if code != 0 || !strings.Contains(out, "facilitators[0]: "+strings.TrimPrefix(payaiBaseOnly.URL, "http://")+": settles exact on eip155:8453 (Base); not on eip155:137 (Polygon) (calls there never go to it)\n") {
		t.Fatalf("fallback without Polygon: exit %d\n%s", code, out)
	}
}
