package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/golang-jwt/jwt/v5"
	"github.com/prometheus/client_golang/prometheus"
)

// facilitator_auth signs every request with the key read from its file or
// variable: a facilitator that checks the CDP token with the key's public
// half, and its uris claim against the request, answers; the secret never
// appears in what the command prints.
func TestFacilitatorAuthCDP(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalECPrivateKey(key)
	secret := string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "cdp.pem")
	if err := os.WriteFile(keyFile, []byte(secret), 0o600); err != nil {
		t.Fatal(err)
	}
	var seen []string
	fac := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bearer, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		token, err := jwt.Parse(bearer, func(*jwt.Token) (any, error) { return &key.PublicKey, nil }, jwt.WithValidMethods([]string{"ES256"}), jwt.WithIssuer("cdp"), jwt.WithSubject("org/key-1"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		uris := token.Claims.(jwt.MapClaims)["uris"].([]any)
		seen = append(seen, uris[0].(string))
		if uris[0] != r.Method+" "+r.Host+r.URL.Path {
			http.Error(w, "wrong uri", http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode(x402.Supported{Kinds: []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: "eip155:8453"}}})
	}))
	defer fac.Close()
	write := func(auth string) string {
		path := filepath.Join(dir, "coinslot.yaml")
		if err := os.WriteFile(path, []byte("mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\n"+
			"facilitator_url: "+fac.URL+"/platform/v2/x402\nbatch_settlement: {enabled: false}\nfacilitator_auth: "+auth+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	path := write("{kind: cdp, key_id: org/key-1, key_file: " + keyFile + "}")
	code, out, _ := output(t, "config", "check", "--online", path)
	if code != 0 || !strings.Contains(out, "network[0]: eip155:8453 (Base): settled (exact)") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if host := strings.TrimPrefix(fac.URL, "http://"); len(seen) != 1 || seen[0] != "GET "+host+"/platform/v2/x402/supported" {
		t.Fatalf("uris %q", seen)
	}
	t.Setenv("TEST_CDP_SECRET", secret)
	if code, out, _ := output(t, "config", "check", "--online", write("{kind: cdp, key_id: org/key-1, key_env: TEST_CDP_SECRET}")); code != 0 {
		t.Fatalf("key from the environment: exit %d\n%s", code, out)
	}
	path = write("{kind: cdp, key_id: org/key-1, key_env: TEST_CDP_UNSET}")
	if code, out, _ := output(t, "config", "check", "--online", path); code != 1 || out != path+": ok\n"+path+": facilitator_auth.key_env: TEST_CDP_UNSET is not set\n"+
		path+": network[0]: eip155:8453 (Base): no facilitator settles exact there (x402 v2); it would not be offered\n" {
		t.Fatalf("unset variable: exit %d\n%s", code, out)
	}
	t.Setenv("TEST_CDP_SECRET", "not a key")
	path = write("{kind: cdp, key_id: org/key-1, key_env: TEST_CDP_SECRET}")
	code, out, errText := output(t, "config", "check", "--online", path)
	if code != 1 || strings.Contains(out+errText, "not a key") || !strings.Contains(out, "facilitator_auth: the CDP key secret is neither a PEM EC key nor base64 of a 64-byte Ed25519 key") {
		t.Fatalf("bad secret: exit %d\n%s%s", code, out, errText)
	}
	path = write("{kind: cdp, key_id: org/other, key_file: " + keyFile + "}")
	if code, out, _ := output(t, "config", "check", "--online", path); code != 1 || !strings.Contains(out, "HTTP 401") {
		t.Fatalf("another key id: exit %d\n%s", code, out)
	}
}

// With facilitators listed, the service asks them through a failover,
// facilitator_url first, each signing with its own credentials.
func TestFacilitatorsBuildAFailover(t *testing.T) {
	cfg, err := config.ParseWith([]byte("mode: production\nbase_url: https://coinslot.example\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\n"+
		"facilitator_url: https://user:pass@first.test/x402\nfacilitators: [{url: https://second.test, token: s3cret}]\n"), nil, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	f, err := facilitators(cfg, reg)
	if err != nil {
		t.Fatal(err)
	}
	failover, ok := f.(*x402.Failover)
	if !ok || len(failover.Members()) != 2 || failover.Members()[1].(*x402.HTTPFacilitator).URL != "https://second.test" {
		t.Fatalf("facilitators %T %+v", f, f)
	}
	families, _ := reg.Gather()
	var labels []string
	for _, mf := range families {
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetValue())
			}
		}
	}
	if !slices.Contains(labels, "first.test/x402") || !slices.Contains(labels, "second.test") || slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(l, "pass") }) {
		t.Fatalf("facilitator labels %q: want hosts, no credentials", labels)
	}
	cfg.Facilitators = nil
	if f, _ := facilitators(cfg, reg); f == nil {
		t.Fatal("no facilitator without a list")
	} else if _, ok := f.(*x402.HTTPFacilitator); !ok {
		t.Fatalf("one facilitator is %T, want the HTTP client itself", f)
	}
}
