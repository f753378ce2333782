package edge

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/valyala/fasthttp"
)

// skewedClock is the server's clock, moved ahead by a test.
type skewedClock struct{ ahead atomic.Int64 }

func (c *skewedClock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *skewedClock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// siwxOn starts h with sign-in-with-x on and a clock the test moves.
func siwxOn(h *harness) *skewedClock {
	clk := new(skewedClock)
	h.env, h.now = append(h.env, "COINSLOT_SIWX_ENABLED=true"), clk.now
	h.start()
	return clk
}

// challengeOf is the sign-in-with-x extension of a 402 document.
func challengeOf(t *testing.T, pr *x402.PaymentRequired) (info x402.SIWxChallenge, chains []map[string]string) {
	t.Helper()
	var ext map[string]struct {
		Info            x402.SIWxChallenge  `json:"info"`
		SupportedChains []map[string]string `json:"supportedChains"`
	}
	if err := json.Unmarshal(pr.Extensions, &ext); err != nil {
		t.Fatal(err)
	}
	c, ok := ext[x402.SignInWithX]
	if !ok {
		t.Fatalf("no %s extension in %s", x402.SignInWithX, pr.Extensions)
	}
	return c.Info, c.SupportedChains
}

// signChallenge is the proof a wallet with key sends for a 402's
// challenge, signed as EIP-4361 wallets sign (EIP-191).
func signChallenge(t *testing.T, key *ecdsa.PrivateKey, pr *x402.PaymentRequired) *x402.SIWxProof {
	t.Helper()
	info, chains := challengeOf(t, pr)
	p := &x402.SIWxProof{Domain: info.Domain, Address: crypto.PubkeyToAddress(key.PublicKey).Hex(), Statement: &info.Statement,
		URI: info.URI, Version: info.Version, ChainID: chains[0]["chainId"], Type: chains[0]["type"], Nonce: info.Nonce,
		IssuedAt: info.IssuedAt, ExpirationTime: &info.ExpirationTime, Resources: &info.Resources}
	sign(t, key, p)
	return p
}

func sign(t *testing.T, key *ecdsa.PrivateKey, p *x402.SIWxProof) {
	t.Helper()
	msg, err := p.Message()
	if err != nil {
		t.Fatal(err)
	}
	sig, err := crypto.Sign(accounts.TextHash([]byte(msg)), key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	p.Signature = fmt.Sprintf("0x%x", sig)
}

func siwxHeader(t *testing.T, p *x402.SIWxProof) map[string]string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{x402.HeaderSignInWithX: base64.StdEncoding.EncodeToString(b)}
}

// wantSignInRefused checks a refused sign-in: a 402 whose body says why and
// whose PAYMENT-REQUIRED names the reason and carries a new challenge.
func wantSignInRefused(t *testing.T, r reply, reason, message string) {
	t.Helper()
	body := r.json(t)
	if r.status != fasthttp.StatusPaymentRequired || body["error"] != message || body["code"] != "payment_required" || body["reason"] != reason {
		t.Fatalf("got %d %s\nwant 402 %s: %s", r.status, r.body, reason, message)
	}
	var pr x402.PaymentRequired
	if err := x402.DecodeHeader(r.header[x402.HeaderRequired], &pr); err != nil || pr.Error != reason {
		t.Fatalf("PAYMENT-REQUIRED error %q (%v), want %q", pr.Error, err, reason)
	}
	challengeOf(t, &pr)
}

// The challenge names the seller as base_url does, whatever Host and
// X-Forwarded-* the request carries; every 402 has a nonce of its own.
func TestSIWxChallengeFromBaseURL(t *testing.T) {
	h := newHarness(t)
	if pr := h.terms(echoPath); strings.Contains(string(pr.Extensions), x402.SignInWithX) {
		t.Fatalf("sign-in-with-x is off by default, yet the 402 has %s", pr.Extensions)
	}
	clk := siwxOn(h)
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI("http://evil.example" + echoPath)
	req.UseHostHeader = true
	req.Header.SetHost("evil.example")
	req.Header.Set("X-Forwarded-Host", "forwarded.example")
	req.Header.Set("X-Forwarded-Proto", "https")
	before := clk.now()
	if err := h.client.Do(req, resp); err != nil {
		t.Fatal(err)
	}
	var pr x402.PaymentRequired
	if err := x402.DecodeHeader(string(resp.Header.Peek(x402.HeaderRequired)), &pr); err != nil {
		t.Fatal(err)
	}
	info, chains := challengeOf(t, &pr)
	issued, err := time.Parse(time.RFC3339, info.IssuedAt)
	if err != nil || issued.Before(before.Truncate(time.Millisecond)) || issued.After(clk.now()) {
		t.Fatalf("issuedAt %s (%v), want between %s and now", info.IssuedAt, err, before)
	}
	want := x402.SIWxChallenge{Domain: "coinslot.test", URI: testBase + echoPath, Version: "1", Nonce: info.Nonce,
		IssuedAt: info.IssuedAt, ExpirationTime: issued.Add(5 * time.Minute).Format("2006-01-02T15:04:05.000Z"),
		Statement: "Sign in to read again an answer this wallet paid for", Resources: []string{testBase + echoPath}}
	if !jsonEqual(info, want) || !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(info.Nonce) {
		t.Fatalf("challenge %+v\nwant %+v", info, want)
	}
	if !jsonEqual(chains, []map[string]string{{"chainId": "eip155:8453", "type": "eip191"}}) {
		t.Fatalf("supportedChains %v", chains)
	}
	if again, _ := challengeOf(t, h.terms(echoPath)); again.Nonce == info.Nonce {
		t.Fatalf("two 402s share the nonce %s", info.Nonce)
	}
}

// A wallet that paid for a call reads its answer again by signing in:
// byte for byte, without a run, a settlement or revenue. A proof is spent
// once, lapses with its challenge, and another wallet, another request or
// a forged signature gets a 402.
func TestSIWxReadsPaidAnswerAgain(t *testing.T) {
	for _, l := range ledgers {
		t.Run(l.name, func(t *testing.T) {
			h := l.new(t)
			clk := siwxOn(h)
			paid := h.pay(echoPath, `{"text":"ab"}`, h.payment(echoPath, nil))
			if paid.status != 200 {
				t.Fatalf("paid call: %d %s", paid.status, paid.body)
			}
			revenue := testutil.ToFloat64(h.srv.metrics.revenue.WithLabelValues("test_echo", x402.Base.ID))
			runs, settles := h.rt.runs.Load(), h.fac.Settles()

			// Spacing and key order do not make it another request.
			proof := signChallenge(t, buyerKey, h.terms(echoPath))
			again := h.do("POST", echoPath, `{ "n": 3, "text": "ab" }`, siwxHeader(t, proof))
			if again.status != 200 || !bytes.Equal(again.body, paid.body) || again.header["CACHE-CONTROL"] != "private, no-store" || again.header[x402.HeaderResponse] != "" {
				t.Fatalf("signed in: %d %v %s\nwant 200 %s", again.status, again.header, again.body, paid.body)
			}
			if got := testutil.ToFloat64(h.srv.metrics.revenue.WithLabelValues("test_echo", x402.Base.ID)); got != revenue || h.rt.runs.Load() != runs || h.fac.Settles() != settles {
				t.Fatalf("a sign-in moved revenue %v→%v, runs %d→%d, settlements %d→%d", revenue, got, runs, h.rt.runs.Load(), settles, h.fac.Settles())
			}
			if got := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcomeSignedIn)); got != 1 {
				t.Fatalf("signed_in %v, want 1", got)
			}

			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, proof)), "invalid_siwx_nonce",
				"sign-in-with-x refused: nonce "+proof.Nonce+" was not handed out here, was used already, or expired; sign a new challenge")
			other := signChallenge(t, otherKey, h.terms(echoPath))
			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, other)), "siwx_not_paid",
				"sign-in-with-x refused: "+other.Address+" has no answer kept for this request to test_echo: none paid, or paid more than 24 hours ago; pay for it")
			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"cd"}`, siwxHeader(t, signChallenge(t, buyerKey, h.terms(echoPath)))), "siwx_not_paid",
				"sign-in-with-x refused: "+buyer+" has no answer kept for this request to test_echo: none paid, or paid more than 24 hours ago; pay for it")
			forged := signChallenge(t, otherKey, h.terms(echoPath))
			forged.Address = buyer // the buyer's address, another key's signature
			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, forged)), "invalid_siwx_signature",
				"sign-in-with-x refused: the signature is not "+buyer+"'s over the EIP-4361 message of this challenge")
			late := signChallenge(t, buyerKey, h.terms(echoPath))
			clk.advance(5 * time.Minute)
			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, late)), "invalid_siwx_expired",
				"sign-in-with-x refused: the challenge expired at "+*late.ExpirationTime+"; sign a new challenge")
			if got := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcomeSignInRefused)); got != 5 {
				t.Fatalf("sign_in_refused %v, want 5", got)
			}
			if h.rt.runs.Load() != runs || h.fac.Settles() != settles {
				t.Fatalf("refused sign-ins ran %d, settled %d", h.rt.runs.Load()-runs, h.fac.Settles()-settles)
			}
		})
	}
}

// A proof is read only for the seller, tool and chain it was made for.
func TestSIWxProofBoundToChallenge(t *testing.T) {
	h := newHarness(t)
	siwxOn(h)
	for _, c := range []struct {
		name, reason, message string
		change                func(p *x402.SIWxProof)
	}{
		{"other domain", "invalid_siwx_domain_mismatch", `domain "evil.example" is not this seller's, "coinslot.test"`, func(p *x402.SIWxProof) { p.Domain = "evil.example" }},
		{"other tool", "invalid_siwx_uri_mismatch", `uri "http://coinslot.test/paid/test/object" is not this address's, "http://coinslot.test/paid/test/echo"`,
			func(p *x402.SIWxProof) { p.URI = testBase + "/paid/test/object" }},
		{"other chain", "invalid_siwx_unsupported_chain", "chain eip155:1 (eip191) is not offered; sign with eip191 on eip155:8453", func(p *x402.SIWxProof) { p.ChainID = "eip155:1" }},
		{"issued long ago", "invalid_siwx_issued_at_too_old", "the challenge was issued at 2020-01-01T00:00:00.000Z, more than 5m0s ago; sign a new challenge",
			func(p *x402.SIWxProof) { p.IssuedAt, p.ExpirationTime = "2020-01-01T00:00:00.000Z", nil }},
	} {
		p := signChallenge(t, buyerKey, h.terms(echoPath))
		c.change(p)
		sign(t, buyerKey, p)
		wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, p)), c.reason, "sign-in-with-x refused: "+c.message)
	}
	wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, map[string]string{x402.HeaderSignInWithX: "not base64!"}), "invalid_siwx_header",
		"sign-in-with-x refused: the SIGN-IN-WITH-X header is not base64")
}

// Over MCP the proof rides in _meta beside where a payment would.
func TestSIWxOverMCP(t *testing.T) {
	h := newHarness(t)
	siwxOn(h)
	paid := h.call("test_object", `{"text":"abc"}`, h.mcpPayment("test_object", `{"text":"abc"}`))
	if paid.IsError {
		t.Fatalf("paid call: %+v", paid)
	}
	runs := h.rt.runs.Load()
	signIn := func(key *ecdsa.PrivateKey) *toolResult {
		proof := signChallenge(t, key, h.required(h.call("test_object", `{"text":"abc"}`, nil)))
		r := h.rpc("tools/call", map[string]any{"name": "test_object", "arguments": json.RawMessage(`{"text":"abc"}`), "_meta": map[string]any{mcpSignInKey: proof}})
		if r.Result == nil {
			t.Fatalf("no result: %+v", r.Error)
		}
		return r.Result
	}
	if again := signIn(buyerKey); again.IsError || !bytes.Equal(again.StructuredContent, paid.StructuredContent) || again.Content[0].Text != paid.Content[0].Text || h.rt.runs.Load() != runs {
		t.Fatalf("signed in: %+v\nwant %s", again, paid.StructuredContent)
	}
	refused := h.required(signIn(otherKey))
	other := crypto.PubkeyToAddress(otherKey.PublicKey).Hex()
	if want := "payment_required (siwx_not_paid): sign-in-with-x refused: " + other + " has no answer kept for this request to test_object: none paid, or paid more than 24 hours ago; pay for it"; refused.Error != want {
		t.Fatalf("other wallet: %q\nwant %q", refused.Error, want)
	}
	challengeOf(t, refused)
}

// walletDouble is a chain whose one contract wallet accepts one signature,
// as the EIP-6492 validator's eth_call reports it.
type walletDouble struct {
	wallet string
	sig    []byte
	calls  atomic.Int64
}

func (w *walletDouble) CallContract(_ context.Context, m ethereum.CallMsg, _ *big.Int) ([]byte, error) {
	w.calls.Add(1)
	signer := common.LeftPadBytes(common.HexToAddress(w.wallet).Bytes(), 32)
	if m.To == nil && bytes.Contains(m.Data, signer) && bytes.Contains(m.Data, w.sig) {
		return []byte{1}, nil
	}
	return []byte{0}, nil
}

// A contract wallet's signature is put to the chain; without a chain to
// read, only keys sign in.
func TestSIWxContractWalletThroughTheChain(t *testing.T) {
	const wallet = "0x1234567890AbcdEF1234567890aBcdef12345678"
	for _, withChain := range []bool{true, false} {
		h := newHarness(t)
		chain := &walletDouble{wallet: wallet, sig: []byte("signed by the wallet's owners")}
		if withChain {
			h.wallets = chain
		}
		siwxOn(h)
		p := signChallenge(t, buyerKey, h.terms(echoPath))
		p.Address, p.Signature = wallet, fmt.Sprintf("0x%x", chain.sig)
		r := h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, p))
		if withChain {
			// The signature holds; the wallet never paid.
			wantSignInRefused(t, r, "siwx_not_paid", "sign-in-with-x refused: "+wallet+" has no answer kept for this request to test_echo: none paid, or paid more than 24 hours ago; pay for it")
			if chain.calls.Load() != 1 {
				t.Fatalf("%d eth_calls, want 1", chain.calls.Load())
			}
			continue
		}
		wantSignInRefused(t, r, "invalid_siwx_signature", "sign-in-with-x refused: the signature is not "+wallet+"'s over the EIP-4361 message of this challenge")
	}
}

// A batch-settlement channel's latest call is read again the same way: the
// answer its record keeps, for its payer only.
func TestSIWxReadsChannelAnswer(t *testing.T) {
	h := newHarness(t)
	siwxOn(h)
	tool, _ := registry.Lookup("test_echo")
	a, f := h.srv.admit(h.srv.gen.Load(), tool, []byte(`{"text":"ab"}`), func() (*x402.Payment, bool, error) { return nil, false, nil })
	if f != nil {
		t.Fatal(f.message)
	}
	answer := []byte(`{"data":["ababab"],"count":1,"source":"local analysis"}`)
	ch := &ledger.Channel{ID: "0x" + strings.Repeat("c", 64), Config: json.RawMessage(`{"payer":"` + strings.ToLower(buyer) + `"}`),
		Charged: "50000", SignedMax: "50000", Signature: "0x01", Balance: "1000000", TotalClaimed: "0", RefundNonce: "0",
		Tool: "test_echo", Request: requestKey(a), Answer: answer, Settlement: json.RawMessage(`{"success":true}`)}
	if err := h.store.PutChannel(context.Background(), ch); err != nil {
		t.Fatal(err)
	}
	r := h.do("POST", echoPath, `{"text":"ab","n":3}`, siwxHeader(t, signChallenge(t, buyerKey, h.terms(echoPath))))
	if r.status != 200 || !bytes.Equal(r.body, answer) {
		t.Fatalf("signed in: %d %s, want 200 %s", r.status, r.body, answer)
	}
	other := signChallenge(t, otherKey, h.terms(echoPath))
	wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, other)), "siwx_not_paid",
		"sign-in-with-x refused: "+other.Address+" has no answer kept for this request to test_echo: none paid, or paid more than 24 hours ago; pay for it")
}
