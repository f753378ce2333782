package edge

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

func TestTermsAreTheSameBytesAndNeverRun(t *testing.T) {
	h := newHarness(t)
	get := h.do("GET", echoPath, "", nil)
	post := h.do("POST", echoPath, echoBody, nil)
	for _, r := range []reply{get, post} {
		if r.status != 402 || r.header[x402.HeaderRequired] != get.header[x402.HeaderRequired] || !bytes.Equal(r.body, get.body) {
			t.Fatalf("402s differ: %d %s", r.status, r.body)
		}
	}
	var pr x402.PaymentRequired
	if err := x402.DecodeHeader(get.header[x402.HeaderRequired], &pr); err != nil {
		t.Fatal(err)
	}
	acc := pr.Accepts[0]
	if pr.X402Version != 2 || pr.Resource.URL != testBase+echoPath || pr.Resource.MimeType != "application/json" ||
		acc.Scheme != "exact" || acc.Network != "eip155:8453" || acc.Amount != "50000" || acc.PayTo != testSeller ||
		acc.Asset != "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" || acc.MaxTimeoutSeconds != 60 ||
		acc.Extra["name"] != "USD Coin" || acc.Extra["version"] != "2" {
		t.Fatalf("v2 terms %+v %+v", pr, acc)
	}
	bazaar := bazaarOf(t, &pr)
	input := bazaar["info"].(map[string]any)["input"].(map[string]any)
	if input["method"] != "POST" || input["bodyType"] != "json" || input["body"].(map[string]any)["text"] != "hi" {
		t.Fatalf("bazaar input %v", input)
	}
	schema := bazaar["schema"].(map[string]any)
	body := schema["properties"].(map[string]any)["input"].(map[string]any)["properties"].(map[string]any)["body"].(map[string]any)
	var want map[string]any
	json.Unmarshal(mustJSON(t, registry.InputSchema(testTools[0])), &want)
	if !reflect.DeepEqual(body, want) {
		t.Fatalf("bazaar body schema %v, want %v", body, want)
	}
	var v1 struct {
		X402Version int `json:"x402Version"`
		Code        string
		Accepts     []x402.RequirementsV1
	}
	if err := json.Unmarshal(get.body, &v1); err != nil {
		t.Fatal(err)
	}
	a := v1.Accepts[0]
	if v1.X402Version != 1 || v1.Code != "payment_required" || a.Network != "base" || a.MaxAmountRequired != "50000" ||
		a.Resource != testBase+echoPath || a.MimeType != "application/json" || a.Description != "Echoes its text." {
		t.Fatalf("v1 body %s", get.body)
	}
	if get.header["ACCESS-CONTROL-EXPOSE-HEADERS"] != "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE" || get.header["CACHE-CONTROL"] != "no-store" {
		t.Fatalf("headers %v", get.header)
	}
	if h.rt.runs.Load() != 0 {
		t.Fatal("terms ran the tool")
	}
}

func TestChecksBeforePayment(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name, method, path, body string
		status                   int
		code                     string
		extra                    string // a header that must be set, NAME=value
	}{
		{"unknown path", "POST", "/paid/test/nothing", "{}", 404, "not_found", ""},
		{"wrong method", "DELETE", echoPath, "", 405, "method_not_allowed", "ALLOW=POST, GET, OPTIONS"},
		{"too large", "POST", echoPath, `{"text":"` + strings.Repeat("a", 2100) + `"}`, 413, "body_too_large", ""},
		{"not JSON", "POST", echoPath, `{"text":`, 400, "invalid_json", ""},
		{"not an object", "POST", echoPath, `["text"]`, 400, "invalid_json", ""},
		{"two values", "POST", echoPath, `{} {}`, 400, "invalid_json", ""},
		{"not ready", "POST", "/paid/test/down", `{}`, 503, "tool_unavailable", "RETRY-AFTER=30"},
		{"not ready GET", "GET", "/paid/test/down", "", 503, "tool_unavailable", "RETRY-AFTER=30"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := h.do(c.method, c.path, c.body, nil)
			if code, _ := r.errorOf(t); r.status != c.status || code != c.code || r.header[x402.HeaderRequired] != "" {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if name, value, ok := strings.Cut(c.extra, "="); ok && r.header[name] != value {
				t.Fatalf("%s = %q", name, r.header[name])
			}
		})
	}
	r := h.do("POST", echoPath, `{"n":11,"colour":"red"}`, nil)
	want := `{"error":{"code":"invalid_params","message":"3 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"},{"name":"n","problem":"must be between 1 and 10"},{"name":"colour","problem":"is not a parameter of test_echo"}]}}`
	if r.status != 400 || string(r.body) != want {
		t.Fatalf("%d %s", r.status, r.body)
	}
}

// A misspelt route or parameter is answered with the name meant, in the
// message and in did_you_mean, before any payment is asked for.
func TestMisspeltNamesAreAnsweredWithTheNameMeant(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		path, body string
		status     int
		want       string
	}{
		{"/paid/test/ehco", `{}`, 404, `{"error":{"code":"not_found","message":"no route /paid/test/ehco; did you mean /paid/test/echo?","fields":[{"name":"path","problem":"names no route; did you mean /paid/test/echo?","did_you_mean":"/paid/test/echo"}]}}`},
		{"/paid/tset/echo/", `{}`, 404, `{"error":{"code":"not_found","message":"no route /paid/tset/echo/; did you mean /paid/test/echo?","fields":[{"name":"path","problem":"names no route; did you mean /paid/test/echo?","did_you_mean":"/paid/test/echo"}]}}`},
		{"/wp-login.php", `{}`, 404, `{"error":{"code":"not_found","message":"no route /wp-login.php","fields":[{"name":"path","problem":"names no route"}]}}`},
		{echoPath, `{"txet":"hi"}`, 400, `{"error":{"code":"invalid_params","message":"2 field(s) of the request are invalid","fields":[{"name":"text","problem":"is required"},{"name":"txet","problem":"is not a parameter of test_echo; did you mean text?","did_you_mean":"text"}]}}`},
	} {
		r := h.do("POST", c.path, c.body, nil)
		if r.status != c.status || string(r.body) != c.want || r.header[x402.HeaderRequired] != "" {
			t.Errorf("POST %s %s: %d %s", c.path, c.body, r.status, r.body)
		}
	}
}

func TestPreflight(t *testing.T) {
	h := newHarness(t)
	r := h.do("OPTIONS", echoPath, "", map[string]string{"Origin": "https://agent.example", "Access-Control-Request-Headers": "payment-signature"})
	if r.status != 204 || r.header["ACCESS-CONTROL-ALLOW-ORIGIN"] != "*" ||
		r.header["ACCESS-CONTROL-ALLOW-HEADERS"] != "Content-Type, PAYMENT-SIGNATURE, X-PAYMENT, SIGN-IN-WITH-X, Access-Control-Expose-Headers" ||
		r.header["ACCESS-CONTROL-ALLOW-METHODS"] != "POST, GET, OPTIONS" {
		t.Fatalf("%d %v", r.status, r.header)
	}
}

func TestFacilitatorRefusalReleases(t *testing.T) {
	h := newHarness(t)
	h.fac.Refuse(buyer, "insufficient_funds")
	p := h.payment(echoPath, nil)
	r := h.pay(echoPath, echoBody, p)
	if code, reason := r.errorOf(t); r.status != 402 || code != "payment_invalid" || reason != "insufficient_funds" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	h.fac.Refuse(buyer, "")
	if again := h.pay(echoPath, echoBody, p); again.status != 200 {
		t.Fatalf("after funding: %d %s", again.status, again.body)
	}
}

// A sandbox's answer is dated the day its recorded answers describe, not
// by the wall clock, which stays the payments' clock; elsewhere it is the
// server's clock.
func TestSandboxAnswersAreGeneratedOnTheRecordedDay(t *testing.T) {
	for _, mode := range []string{"sandbox", "production"} {
		h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t),
			env: []string{"COINSLOT_MODE=" + mode, "COINSLOT_FACILITATOR_URL=http://facilitator.test"}}
		h.start()
		r := h.pay("/paid/test/object", `{"text":"abc"}`, h.payment("/paid/test/object", nil))
		var answer struct {
			Meta struct {
				GeneratedAt time.Time `json:"generated_at"`
				Sandbox     bool      `json:"sandbox"`
			} `json:"meta"`
		}
		if err := json.Unmarshal(r.body, &answer); err != nil || r.status != 200 {
			t.Fatalf("%s: %d %s", mode, r.status, r.body)
		}
		want := upstreams.RecordedAt
		if mode != "sandbox" {
			want = time.Now().UTC().Truncate(time.Second)
		}
		if at := answer.Meta.GeneratedAt; at.Sub(want).Abs() > 2*time.Second || answer.Meta.Sandbox != (mode == "sandbox") {
			t.Errorf("%s: generated at %s, want %s: %s", mode, at, want, r.body)
		}
	}
}

func TestShapes(t *testing.T) {
	h := newHarness(t)
	obj := h.pay("/paid/test/object", `{"text":"abc"}`, h.payment("/paid/test/object", nil))
	if obj.status != 200 || !strings.HasPrefix(string(obj.body), `{"letters":3,"meta":{"count":1,"source":"local analysis","generated_at":"`) {
		t.Fatalf("object: %d %s", obj.status, obj.body)
	}
	r := h.pay("/paid/test/receipt", `{"tool_name":"x"}`, h.payment("/paid/test/receipt", nil))
	body := r.json(t)
	buyerBlock, _ := body["buyer"].(map[string]any)
	rcpt, _ := body["svc_receipt"].(map[string]any)
	if r.status != 200 || body["verdict"] != "allow" || buyerBlock["payer"] != buyer || buyerBlock["paid_usd"] != "0.05" || buyerBlock["network"] != "eip155:8453" {
		t.Fatalf("receipt-backed: %d %s", r.status, r.body)
	}
	stored := h.do("GET", "/receipt/"+buyerBlock["tx"].(string), "", nil)
	if stored.status != 200 || !bytes.Contains(r.body, stored.body) || rcpt["tx"] != buyerBlock["tx"] {
		t.Fatalf("svc_receipt is not the stored receipt: %s vs %s", r.body, stored.body)
	}
	prefix, _, _ := bytes.Cut(r.body, []byte(`,"buyer":`))
	if rcpt["response_sha256"] != digest(append(prefix, '}')) {
		t.Fatalf("response_sha256 does not cover the body before buyer")
	}
}

func TestReceiptNotFound(t *testing.T) {
	h := newHarness(t)
	for _, tx := range []string{"0x" + strings.Repeat("ab", 32), "nothex"} {
		r := h.do("GET", "/receipt/"+tx, "", nil)
		if code, _ := r.errorOf(t); r.status != 404 || code != "not_found" {
			t.Fatalf("%s: %d %s", tx, r.status, r.body)
		}
	}
}

// bazaarOf is the bazaar discovery extension of a 402 document.
func bazaarOf(t *testing.T, pr *x402.PaymentRequired) map[string]any {
	t.Helper()
	var ext struct {
		Bazaar map[string]any `json:"bazaar"`
	}
	if err := json.Unmarshal(pr.Extensions, &ext); err != nil || ext.Bazaar == nil {
		t.Fatalf("extensions %s: %v", pr.Extensions, err)
	}
	return ext.Bazaar
}

// A paid answer is the buyer's alone: no shared cache (a CDN, a proxy) may
// keep it and hand it to the next caller of the route, over HTTP or MCP,
// first served or redelivered.
func TestPaidAnswersAreNotCached(t *testing.T) {
	h := newHarness(t)
	p := h.payment(echoPath, nil)
	for _, try := range []string{"paid", "redelivered"} {
		r := h.pay(echoPath, echoBody, p)
		if r.status != 200 || r.header["CACHE-CONTROL"] != "private, no-store" {
			t.Fatalf("HTTP %s: %d Cache-Control %q", try, r.status, r.header["CACHE-CONTROL"])
		}
	}
	const args = `{"text":"ab","n":2}`
	paid, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "method": "tools/call",
		"params": map[string]any{"name": "test_echo", "arguments": json.RawMessage(args), "_meta": map[string]any{mcpPaymentKey: h.mcpPayment("test_echo", args)}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, try := range []string{"paid", "redelivered"} {
		r := h.post(string(paid), nil)
		if r.status != 200 || !bytes.Contains(r.body, []byte(`abab`)) || r.header["CACHE-CONTROL"] != "private, no-store" {
			t.Fatalf("MCP %s: %d Cache-Control %q %s", try, r.status, r.header["CACHE-CONTROL"], r.body)
		}
	}
	if h.fac.Settles() != 2 {
		t.Fatalf("settled %d times, want 2", h.fac.Settles())
	}
}
