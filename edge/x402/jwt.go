package x402

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Authorizer gives one facilitator request its bearer token.
type Authorizer = func(ctx context.Context, method, url string) (string, error)

// tokenLife is how long a hosted facilitator's token is valid: both CDP's
// and PayAI's SDKs sign for 120 seconds.
const tokenLife = 120 * time.Second

// CDPAuthorizer signs a fresh JWT per request with a Coinbase Developer
// Platform API key, as @coinbase/x402 does through @coinbase/cdp-sdk: header
// kid = the key id and a random hex nonce; claims sub = the key id, iss
// "cdp", iat = nbf = now, exp = now + 120 s, and uris naming the request
// ("POST api.cdp.coinbase.com/platform/v2/x402/settle"). secret is a PEM EC
// P-256 key (ES256) or base64 of a 64-byte Ed25519 key (EdDSA).
func CDPAuthorizer(keyID, secret string, now func() time.Time) (Authorizer, error) {
	if keyID == "" {
		return nil, errors.New("the CDP key id is empty")
	}
	method, key, err := cdpKey(secret)
	if err != nil {
		return nil, err
	}
	return func(_ context.Context, httpMethod, target string) (string, error) {
		u, err := url.Parse(target)
		if err != nil {
			return "", err
		}
		nonce := make([]byte, 16)
		if _, err := rand.Read(nonce); err != nil {
			return "", err
		}
		t := now().Unix()
		token := jwt.NewWithClaims(method, jwt.MapClaims{
			"sub": keyID, "iss": "cdp", "iat": t, "nbf": t, "exp": t + int64(tokenLife/time.Second),
			"uris": []string{httpMethod + " " + u.Host + u.EscapedPath()},
		})
		token.Header["kid"], token.Header["nonce"] = keyID, hex.EncodeToString(nonce)
		return token.SignedString(key)
	}, nil
}

// cdpKey reads a CDP API key secret as CDP's SDK tells them apart.
func cdpKey(secret string) (jwt.SigningMethod, crypto.Signer, error) {
	secret = strings.TrimSpace(secret)
	if block, _ := pem.Decode([]byte(secret)); block != nil {
		if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
			return jwt.SigningMethodES256, k, nil
		}
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if ec, ok := k.(*ecdsa.PrivateKey); err == nil && ok {
			return jwt.SigningMethodES256, ec, nil
		}
		return nil, nil, errors.New("the CDP key secret is PEM but no EC private key")
	}
	raw, err := base64.StdEncoding.DecodeString(secret)
	if err != nil || len(raw) != ed25519.PrivateKeySize {
		return nil, nil, errors.New("the CDP key secret is neither a PEM EC key nor base64 of a 64-byte Ed25519 key")
	}
	key := ed25519.NewKeyFromSeed(raw[:ed25519.SeedSize])
	if !key.Public().(ed25519.PublicKey).Equal(ed25519.PublicKey(raw[ed25519.SeedSize:])) {
		return nil, nil, errors.New("the CDP Ed25519 key secret's public half does not match its seed")
	}
	return jwt.SigningMethodEdDSA, key, nil
}

// PayAIAuthorizer signs PayAI's merchant JWT, as @payai/facilitator does:
// header kid = the key id; claims sub = the key id, iss "payai-merchant",
// iat = now, exp = now + 120 s and a random UUID jti. secret is base64 of a
// PKCS#8 Ed25519 key, with or without its "payai_sk_" prefix. A token is
// minted per request: it costs one Ed25519 signature.
func PayAIAuthorizer(keyID, secret string, now func() time.Time) (Authorizer, error) {
	if keyID == "" {
		return nil, errors.New("the PayAI key id is empty")
	}
	secret = strings.TrimPrefix(strings.TrimSpace(secret), "payai_sk_")
	der, err := base64.StdEncoding.DecodeString(strings.NewReplacer("-", "+", "_", "/").Replace(secret))
	if err != nil {
		return nil, errors.New("the PayAI key secret is not base64")
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	key, ok := parsed.(ed25519.PrivateKey)
	if err != nil || !ok {
		return nil, errors.New("the PayAI key secret is not a PKCS#8 Ed25519 private key")
	}
	return func(context.Context, string, string) (string, error) {
		id := make([]byte, 16)
		if _, err := rand.Read(id); err != nil {
			return "", err
		}
		id[6], id[8] = id[6]&0x0f|0x40, id[8]&0x3f|0x80 // a version 4 UUID
		t := now().Unix()
		token := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{
			"sub": keyID, "iss": "payai-merchant", "iat": t, "exp": t + int64(tokenLife/time.Second),
			"jti": fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:]),
		})
		token.Header["kid"] = keyID
		return token.SignedString(key)
	}, nil
}
