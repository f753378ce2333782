package edge

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/valyala/fasthttp"
)

// payerChallenge checks a 401 of /payments: the one error shape, the
// reason of a refused proof, the scheme in WWW-Authenticate and a new
// challenge for /payments, which it returns as a 402's terms carry one.
func payerChallenge(t *testing.T, r reply, reason, message string) *x402.PaymentRequired {
	t.Helper()
	var body struct {
		Error      errorDetail     `json:"error"`
		Extensions json.RawMessage `json:"extensions"`
	}
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatalf("401 body %s: %v", r.body, err)
	}
	want := errorDetail{Code: registry.CodeSignInRequired, Message: message, Reason: reason}
	if r.status != fasthttp.StatusUnauthorized || body.Error.Code != want.Code || body.Error.Message != want.Message || body.Error.Reason != want.Reason ||
		body.Error.Fields != nil || r.header["WWW-AUTHENTICATE"] != `SIWX realm="coinslot.test"` || r.header["CACHE-CONTROL"] != "no-store" {
		t.Fatalf("got %d %v %s\nwant 401 %+v", r.status, r.header, r.body, want)
	}
	pr := &x402.PaymentRequired{Extensions: body.Extensions}
	info, chains := challengeOf(t, pr)
	uri := testBase + registry.PathPayments
	if info.Domain != "coinslot.test" || info.URI != uri || len(info.Resources) != 1 || info.Resources[0] != uri ||
		!jsonEqual(chains, []map[string]string{{"chainId": "eip155:8453", "type": "eip191"}}) {
		t.Fatalf("challenge %+v on %v, want one for %s", info, chains, uri)
	}
	return pr
}

// A wallet that signs in reads its payments and channels, and nothing of
// another wallet's; a proof is spent once and read only at the address it
// was made for.
func TestSIWxPayerStatus(t *testing.T) {
	for _, l := range ledgers {
		t.Run(l.name, func(t *testing.T) {
			h := l.new(t)
			siwxOn(h)
			const ask = `send the wallet's SIGN-IN-WITH-X proof: sign the challenge in extensions["sign-in-with-x"]`
			challenge := payerChallenge(t, h.do("GET", registry.PathPayments, "", nil), "", ask)

			p := h.payment(echoPath, nil)
			if paid := h.pay(echoPath, `{"text":"ab"}`, p); paid.status != 200 {
				t.Fatalf("paid call: %d %s", paid.status, paid.body)
			}
			nonce := strings.ToLower(p.Payload.Authorization.Nonce)
			pm, err := h.store.Payment(context.Background(), buyer, nonce)
			if err != nil || pm.State != ledger.Settled {
				t.Fatalf("payment %+v, %v", pm, err)
			}
			ch := &ledger.Channel{ID: "0x" + strings.Repeat("c", 64), Config: json.RawMessage(`{"payer":"` + strings.ToLower(buyer) + `"}`),
				Charged: "50000", SignedMax: "60000", Signature: "0x01", Balance: "1000000", TotalClaimed: "0", RefundNonce: "0",
				SyncedAt: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC), WithdrawRequestedAt: 1764072000,
				Tool: "test_echo", Request: "ab", Answer: []byte(`{}`), Settlement: json.RawMessage(`{"success":true,"network":"eip155:8453"}`)}
			if err := h.store.PutChannel(context.Background(), ch); err != nil {
				t.Fatal(err)
			}

			proof := signChallenge(t, buyerKey, challenge)
			r := h.do("GET", registry.PathPayments, "", siwxHeader(t, proof))
			since := sinceOf(t, r)
			r0 := pm.Receipt
			want := fmt.Sprintf(`{"payer":%q,"since":%q,"payments":[{"tool":"test_echo","nonce":%q,"state":"settled","amount_atomic":"50000","amount_usd":"0.05",`+
				`"network":"eip155:8453","asset":%q,"since":%q,"tx":%q,"receipt_url":"http://coinslot.test/receipt/%s","status_url":"http://coinslot.test/payment/%s/%s"}],`+
				`"channels":[{"channel_id":"0x%s","state":"withdrawing","network":"eip155:8453","charged_cumulative_atomic":"50000","signed_max_atomic":"60000",`+
				`"balance_atomic":"1000000","claimed_atomic":"0","synced_at":"2026-11-25T12:00:00Z","last_tool":"test_echo","status_url":"http://coinslot.test/channel/0x%s"}]}`,
				buyer, since, nonce, r0.Asset, r0.SettledAt.Format(time.RFC3339Nano), r0.Tx, r0.Tx, strings.ToLower(buyer), nonce, strings.Repeat("c", 64), strings.Repeat("c", 64))
			if r.status != 200 || string(r.body) != want || r.header["CACHE-CONTROL"] != "private, no-store" {
				t.Fatalf("signed in: %d %v\n got %s\nwant %s", r.status, r.header, r.body, want)
			}

			payerChallenge(t, h.do("GET", registry.PathPayments, "", siwxHeader(t, proof)), "invalid_siwx_nonce",
				"sign-in-with-x refused: nonce "+proof.Nonce+" was not handed out here, was used already, or expired; sign a new challenge")

			other := crypto.PubkeyToAddress(otherKey.PublicKey).Hex()
			r = h.do("GET", registry.PathPayments, "", siwxHeader(t, signChallenge(t, otherKey, payerChallenge(t, h.do("GET", registry.PathPayments, "", nil), "", ask))))
			if want := fmt.Sprintf(`{"payer":%q,"since":%q,"payments":[],"channels":[]}`, other, sinceOf(t, r)); r.status != 200 || string(r.body) != want {
				t.Fatalf("another wallet: %d %s\nwant %s", r.status, r.body, want)
			}

			// A tool's challenge does not sign in here, nor this address's at a tool.
			forTool := signChallenge(t, buyerKey, h.terms(echoPath))
			payerChallenge(t, h.do("GET", registry.PathPayments, "", siwxHeader(t, forTool)), "invalid_siwx_uri_mismatch",
				`sign-in-with-x refused: uri "http://coinslot.test/paid/test/echo" is not this address's, "http://coinslot.test/payments"`)
			forHere := signChallenge(t, buyerKey, payerChallenge(t, h.do("GET", registry.PathPayments, "", nil), "", ask))
			wantSignInRefused(t, h.do("POST", echoPath, `{"text":"ab"}`, siwxHeader(t, forHere)), "invalid_siwx_uri_mismatch",
				`sign-in-with-x refused: uri "http://coinslot.test/payments" is not this address's, "http://coinslot.test/paid/test/echo"`)
			payerChallenge(t, h.do("GET", registry.PathPayments, "", map[string]string{x402.HeaderSignInWithX: "not base64!"}), "invalid_siwx_header",
				"sign-in-with-x refused: the SIGN-IN-WITH-X header is not base64")
			for reason, want := range map[string]float64{"invalid_siwx_nonce": 1, "invalid_siwx_uri_mismatch": 2, "invalid_siwx_header": 1} {
				if got := testutil.ToFloat64(h.srv.metrics.refusals.WithLabelValues(reason)); got != want {
					t.Fatalf("refusals{reason=%q} %v, want %v", reason, got, want)
				}
			}
			// Two wallets signed in: each read its payments and its channels once.
			for _, op := range []string{"payer_payments", "payer_channels"} {
				if got := ledgerCount(t, h, op); got != 2 {
					t.Fatalf("coinslot_ledger_seconds{op=%q} counted %d, want 2", op, got)
				}
			}
		})
	}
}

// sinceOf is the window start a 200 of /payments names: the answers'
// retention (24 hours) before now, to the second.
func sinceOf(t *testing.T, r reply) string {
	t.Helper()
	var doc registry.PayerStatus
	if err := json.Unmarshal(r.body, &doc); err != nil {
		t.Fatalf("%d %s: %v", r.status, r.body, err)
	}
	if ago := time.Since(doc.Since); ago < 24*time.Hour || ago > 24*time.Hour+time.Minute || !doc.Since.Equal(doc.Since.Truncate(time.Second)) {
		t.Fatalf("since %s is not 24 hours ago to the second", doc.Since)
	}
	return doc.Since.Format(time.RFC3339Nano)
}

// A browser agent may send the proof: the preflight allows its header, and
// the 401's WWW-Authenticate is exposed to its scripts. Other methods are
// refused.
func TestPayerStatusFromBrowsers(t *testing.T) {
	h := newHarness(t)
	siwxOn(h)
	r := h.do("OPTIONS", registry.PathPayments, "", map[string]string{"Origin": "https://agent.example", "Access-Control-Request-Headers": "sign-in-with-x"})
	if r.status != 204 || r.header["ACCESS-CONTROL-ALLOW-ORIGIN"] != "*" ||
		r.header["ACCESS-CONTROL-ALLOW-HEADERS"] != "Content-Type, PAYMENT-SIGNATURE, X-PAYMENT, SIGN-IN-WITH-X, Access-Control-Expose-Headers" ||
		r.header["ACCESS-CONTROL-ALLOW-METHODS"] != "GET, HEAD, OPTIONS" {
		t.Fatalf("preflight: %d %v", r.status, r.header)
	}
	r = h.do("GET", registry.PathPayments, "", nil)
	if r.status != 401 || r.header["ACCESS-CONTROL-ALLOW-ORIGIN"] != "*" || r.header["ACCESS-CONTROL-EXPOSE-HEADERS"] != "WWW-Authenticate" {
		t.Fatalf("401: %d %v", r.status, r.header)
	}
	r = h.do("POST", registry.PathPayments, "{}", nil)
	if want := `{"error":{"code":"method_not_allowed","message":"/payments takes GET or HEAD, not POST"}}`; r.status != 405 || string(r.body) != want || r.header["ALLOW"] != "GET, HEAD, OPTIONS" {
		t.Fatalf("POST: %d %v %s\nwant 405 %s", r.status, r.header, r.body, want)
	}
}

// With sign-in-with-x off nobody signs in, so the address is not found.
func TestPayerStatusOff(t *testing.T) {
	h := newHarness(t)
	r := h.do("GET", registry.PathPayments, "", nil)
	want := `{"error":{"code":"not_found","message":"sign-in-with-x is off on this service (siwx.enabled), so no wallet signs in to read its payments here; ` +
		`a payment's status is at /payment/{payer}/{nonce}, a channel's at /channel/{id}"}}`
	if r.status != 404 || string(r.body) != want {
		t.Fatalf("got %d %s\nwant 404 %s", r.status, r.body, want)
	}
}

// ledgerCount is how many ledger operations op coinslot_ledger_seconds
// timed.
func ledgerCount(t *testing.T, h *harness, op string) uint64 {
	t.Helper()
	families, err := h.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "coinslot_ledger_seconds" {
			continue
		}
		for _, m := range f.GetMetric() {
			if len(m.GetLabel()) == 1 && m.GetLabel()[0].GetValue() == op {
				return m.GetHistogram().GetSampleCount()
			}
		}
	}
	return 0
}
