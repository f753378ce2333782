package x402

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// hostedKeys are fresh keys in the formats CDP and PayAI hand out.
type hostedKeys struct {
	ec                   *ecdsa.PrivateKey
	ecPEM                string // PKCS#8 PEM, an ES256 CDP key
	ed                   ed25519.PrivateKey
	edCDP                string // base64 of seed and public key, an EdDSA CDP key
	payai                ed25519.PrivateKey
	payaiSecret          string // payai_sk_ + base64 PKCS#8
	cdpKeyID, payaiKeyID string
}

func newHostedKeys(t *testing.T) hostedKeys {
	t.Helper()
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, err := x509.MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	_, payai, _ := ed25519.GenerateKey(rand.Reader)
	payaiDER, err := x509.MarshalPKCS8PrivateKey(payai)
	if err != nil {
		t.Fatal(err)
	}
	return hostedKeys{
		ec: ec, ecPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		ed: ed, edCDP: base64.StdEncoding.EncodeToString(ed),
		payai: payai, payaiSecret: "payai_sk_" + base64.StdEncoding.EncodeToString(payaiDER),
		cdpKeyID: "organizations/org-1/apiKeys/key-1", payaiKeyID: "payai_pk_test",
	}
}

// verified parses a token the way a hosted facilitator checks it: the
// signature against the key's public half, with the one algorithm expected.
func verified(t *testing.T, token, alg string, public crypto.PublicKey) (header, claims map[string]any) {
	t.Helper()
	parsed, err := jwt.Parse(strings.TrimPrefix(token, "Bearer "), func(*jwt.Token) (any, error) { return public, nil },
		jwt.WithValidMethods([]string{alg}), jwt.WithIssuedAt())
	if err != nil {
		t.Fatalf("%s token does not verify: %v", alg, err)
	}
	return parsed.Header, parsed.Claims.(jwt.MapClaims)
}

func TestCDPTokensVerify(t *testing.T) {
	k := newHostedKeys(t)
	now := time.Now()
	for _, tc := range []struct {
		alg, secret string
		public      crypto.PublicKey
	}{
		{"ES256", k.ecPEM, &k.ec.PublicKey},
		{"EdDSA", k.edCDP, k.ed.Public()},
	} {
		auth, err := CDPAuthorizer(k.cdpKeyID, tc.secret, func() time.Time { return now })
		if err != nil {
			t.Fatal(err)
		}
		token, err := auth(context.Background(), "POST", "https://api.cdp.coinbase.com/platform/v2/x402/settle")
		if err != nil {
			t.Fatal(err)
		}
		header, claims := verified(t, token, tc.alg, tc.public)
		if header["kid"] != k.cdpKeyID || header["typ"] != "JWT" || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(header["nonce"].(string)) {
			t.Errorf("%s header %v", tc.alg, header)
		}
		uris, _ := claims["uris"].([]any)
		if claims["sub"] != k.cdpKeyID || claims["iss"] != "cdp" || len(uris) != 1 || uris[0] != "POST api.cdp.coinbase.com/platform/v2/x402/settle" ||
			claims["iat"] != float64(now.Unix()) || claims["nbf"] != float64(now.Unix()) || claims["exp"] != float64(now.Unix()+120) {
			t.Errorf("%s claims %v", tc.alg, claims)
		}
		other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if tc.alg == "ES256" {
			if _, err := jwt.Parse(token, func(*jwt.Token) (any, error) { return &other.PublicKey, nil }); err == nil {
				t.Error("an ES256 token verified with another key")
			}
		}
	}
	for secret, want := range map[string]string{
		"": "neither a PEM EC key nor base64 of a 64-byte Ed25519 key",
		base64.StdEncoding.EncodeToString(make([]byte, 32)):                         "neither a PEM EC key nor base64 of a 64-byte Ed25519 key",
		base64.StdEncoding.EncodeToString(append(k.ed.Seed(), make([]byte, 32)...)): "public half does not match its seed",
	} {
		if _, err := CDPAuthorizer(k.cdpKeyID, secret, time.Now); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("secret of %d characters: %v; want %q", len(secret), err, want)
		}
	}
}

func TestPayAITokensVerify(t *testing.T) {
	k := newHostedKeys(t)
	now := time.Now()
	auth, err := PayAIAuthorizer(k.payaiKeyID, k.payaiSecret, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	token, err := auth(context.Background(), "POST", "https://facilitator.payai.network/verify")
	if err != nil {
		t.Fatal(err)
	}
	header, claims := verified(t, token, "EdDSA", k.payai.Public())
	if header["kid"] != k.payaiKeyID || header["typ"] != "JWT" || len(header) != 3 {
		t.Errorf("header %v", header)
	}
	if claims["sub"] != k.payaiKeyID || claims["iss"] != "payai-merchant" || claims["iat"] != float64(now.Unix()) || claims["exp"] != float64(now.Unix()+120) ||
		!regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(claims["jti"].(string)) || len(claims) != 5 {
		t.Errorf("claims %v", claims)
	}
	if _, err := PayAIAuthorizer(k.payaiKeyID, k.edCDP, time.Now); err == nil || err.Error() != "the PayAI key secret is not a PKCS#8 Ed25519 private key" {
		t.Errorf("a raw key as PayAI secret: %v", err)
	}
}

// TestTokensMatchTheOfficialSDKs mints the same request's tokens with
// @coinbase/x402 (through @coinbase/cdp-sdk) and @payai/facilitator, and
// with ours: each decodes to the same header and claims but for the random
// nonce and jti and the times, theirs and ours verify with the same public
// keys, and both keep the same lifetime. It needs node and
// test/facilitator-auth's packages (npm ci there); CI installs both.
func TestTokensMatchTheOfficialSDKs(t *testing.T) {
	dir, _ := filepath.Abs("../../test/facilitator-auth")
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(filepath.Join(dir, "node_modules", "@coinbase", "x402")); err != nil || statErr != nil {
		if os.Getenv("COINSLOT_REQUIRE_NODE") != "" {
			t.Fatalf("node (%v) or test/facilitator-auth's packages (%v) are missing", err, statErr)
		}
		t.Skip("needs node and `npm ci` in test/facilitator-auth")
	}
	k := newHostedKeys(t)
	for _, cdp := range []struct {
		alg, secret string
		public      crypto.PublicKey
	}{{"ES256", k.ecPEM, &k.ec.PublicKey}, {"EdDSA", k.edCDP, k.ed.Public()}} {
		cmd := exec.Command(node, "tokens.mjs")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "REQUEST_METHOD=POST", "REQUEST_HOST=api.cdp.coinbase.com", "REQUEST_PATH=/platform/v2/x402/verify",
			"CDP_API_KEY_ID="+k.cdpKeyID, "CDP_API_KEY_SECRET="+cdp.secret, "PAYAI_API_KEY_ID="+k.payaiKeyID, "PAYAI_API_KEY_SECRET="+k.payaiSecret)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("tokens.mjs: %v\n%s", err, out)
		}
		var theirs struct{ CDP, PayAI string }
		if err := json.Unmarshal(out, &theirs); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		cdpAuth, err := CDPAuthorizer(k.cdpKeyID, cdp.secret, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := cdpAuth(context.Background(), "POST", "https://api.cdp.coinbase.com/platform/v2/x402/verify")
		if err != nil {
			t.Fatal(err)
		}
		sameShape(t, "CDP "+cdp.alg, theirs.CDP, ours, cdp.alg, cdp.public, []string{"nonce"}, []string{"iat", "nbf", "exp"})
		payaiAuth, err := PayAIAuthorizer(k.payaiKeyID, k.payaiSecret, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		ours, err = payaiAuth(context.Background(), "POST", "https://facilitator.payai.network/verify")
		if err != nil {
			t.Fatal(err)
		}
		sameShape(t, "PayAI", theirs.PayAI, ours, "EdDSA", k.payai.Public(), nil, []string{"iat", "exp", "jti"})
	}
}

// sameShape compares two tokens' headers and claims, both verified with
// public; the names in random and times must be present in both and may
// differ, except that the times keep the same distances from iat.
func sameShape(t *testing.T, what, theirs, ours, alg string, public crypto.PublicKey, random, times []string) {
	t.Helper()
	th, tc := verified(t, theirs, alg, public)
	oh, oc := verified(t, ours, alg, public)
	for _, pair := range []struct {
		name   string
		a, b   map[string]any
		differ []string
	}{{"header", th, oh, random}, {"claims", tc, oc, times}} {
		for _, name := range pair.differ {
			if pair.a[name] == nil || pair.b[name] == nil {
				t.Errorf("%s %s: %s missing (theirs %v, ours %v)", what, pair.name, name, pair.a[name], pair.b[name])
			}
			if name != "jti" && pair.name == "claims" && pair.a[name].(float64)-pair.a["iat"].(float64) != pair.b[name].(float64)-pair.b["iat"].(float64) {
				t.Errorf("%s: %s is iat%+g in theirs, iat%+g in ours", what, name, pair.a[name].(float64)-pair.a["iat"].(float64), pair.b[name].(float64)-pair.b["iat"].(float64))
			}
		}
		strip := func(m map[string]any) string {
			c := map[string]any{}
			for k, v := range m {
				if !contains(pair.differ, k) {
					c[k] = v
				}
			}
			b, _ := json.Marshal(c)
			return string(b)
		}
		if a, b := strip(pair.a), strip(pair.b); a != b {
			t.Errorf("%s %s:\ntheirs %s\nours   %s", what, pair.name, a, b)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// BenchmarkTokens is what signing each facilitator request costs.
func BenchmarkTokens(b *testing.B) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKCS8PrivateKey(ec)
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	payaiDER, _ := x509.MarshalPKCS8PrivateKey(ed)
	cdpES, _ := CDPAuthorizer("k", string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), time.Now)
	cdpEd, _ := CDPAuthorizer("k", base64.StdEncoding.EncodeToString(ed), time.Now)
	payai, _ := PayAIAuthorizer("k", base64.StdEncoding.EncodeToString(payaiDER), time.Now)
	for name, auth := range map[string]Authorizer{"cdp_es256": cdpES, "cdp_eddsa": cdpEd, "payai": payai} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := auth(context.Background(), "POST", "https://api.cdp.coinbase.com/platform/v2/x402/settle"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
