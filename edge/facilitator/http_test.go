package facilitator

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func serve(t *testing.T, s *Sandbox) *httptest.Server {
	srv := httptest.NewServer(s.Facilitator.HTTPHandler())
	t.Cleanup(srv.Close)
	return srv
}

func do(t *testing.T, method, url, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(raw)
}

func TestSupported(t *testing.T) {
	s := newSandbox(t, 1)
	status, body := do(t, http.MethodGet, serve(t, s).URL+"/supported", "")
	want := `{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:1337"},` +
		`{"x402Version":2,"scheme":"upto","network":"eip155:1337","extra":{"facilitatorAddress":"` + s.Facilitator.Address().Hex() + `"}},` +
		`{"x402Version":2,"scheme":"batch-settlement","network":"eip155:1337","extra":{"receiverAuthorizer":"` + s.Facilitator.Address().Hex() + `"}},` +
		`{"x402Version":1,"scheme":"exact","network":"coinslot-sandbox"}],` +
		`"extensions":["eip2612GasSponsoring"],"signers":{"eip155:*":["` + s.Facilitator.Address().Hex() + `"]}}` + "\n"
	if status != http.StatusOK || body != want {
		t.Fatalf("%d %s\nwant %s", status, body, want)
	}
}

func TestMalformedRequests(t *testing.T) {
	s := newSandbox(t, 1)
	url := serve(t, s).URL
	cases := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"POST", "/verify", `{"x402Version":2,`, 400,
			`{"isValid":false,"invalidReason":"invalid_payload","invalidMessage":"the body is not a JSON request: unexpected EOF"}`},
		{"POST", "/verify", `{"x402Version":3,"paymentPayload":{"x402Version":3},"paymentRequirements":{}}`, 400,
			`{"isValid":false,"invalidReason":"invalid_x402_version","invalidMessage":"paymentPayload.x402Version is 3, not 1 or 2"}`},
		{"POST", "/settle", `{"x402Version":2,"paymentPayload":{"x402Version":2},"paymentRequirements":[]}`, 400,
			`{"success":false,"errorReason":"invalid_payment_requirements","errorMessage":"paymentRequirements: json: cannot unmarshal array into Go value of type x402.Requirements","transaction":"","network":"eip155:1337"}`},
		{"GET", "/verify", "", 405, `{"error":{"code":"method_not_allowed","message":"/verify takes POST, not GET"}}`},
		{"POST", "/supported", "", 405, `{"error":{"code":"method_not_allowed","message":"/supported takes GET, not POST"}}`},
		{"GET", "/refund", "", 404, `{"error":{"code":"not_found","message":"this facilitator serves POST /verify, POST /settle and GET /supported"}}`},
	}
	for _, c := range cases {
		status, body := do(t, c.method, url+c.path, c.body)
		if status != c.status || strings.TrimSpace(body) != c.want {
			t.Errorf("%s %s %s: %d %s\nwant %d %s", c.method, c.path, c.body, status, body, c.status, c.want)
		}
	}
}

// A v1 request (v1 network name, maxAmountRequired) verifies and settles,
// and the settlement names the v1 network.
func TestV1Request(t *testing.T) {
	s := newSandbox(t, 1)
	url := serve(t, s).URL
	payload, req := s.newPayment(0, price).sign(t)
	body, err := json.Marshal(map[string]any{
		"x402Version": 1,
		"paymentPayload": map[string]any{
			"x402Version": 1, "scheme": "exact", "network": "coinslot-sandbox", "payload": payload.Payload,
		},
		"paymentRequirements": map[string]any{
			"scheme": "exact", "network": "coinslot-sandbox", "maxAmountRequired": req.Amount, "resource": "http://127.0.0.1/x",
			"description": "", "mimeType": "application/json", "payTo": req.PayTo, "maxTimeoutSeconds": 60,
			"asset": req.Asset, "extra": req.Extra,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	payer := s.Buyers[0].Address.Hex()
	if status, got := do(t, "POST", url+"/verify", string(body)); status != 200 || got != `{"isValid":true,"payer":"`+payer+`"}`+"\n" {
		t.Fatalf("verify: %d %s", status, got)
	}
	status, got := do(t, "POST", url+"/settle", string(body))
	var settled struct {
		Success     bool   `json:"success"`
		Transaction string `json:"transaction"`
		Network     string `json:"network"`
		Payer       string `json:"payer"`
	}
	if err := json.Unmarshal([]byte(got), &settled); err != nil || status != 200 {
		t.Fatalf("settle: %d %s", status, got)
	}
	if !settled.Success || settled.Network != "coinslot-sandbox" || settled.Payer != payer || len(settled.Transaction) != 66 {
		t.Fatalf("settle: %s", got)
	}
}

// A chain that cannot be reached is a 500 with the unexpected-error reasons.
func TestUnreachableChain(t *testing.T) {
	s := newSandbox(t, 1)
	url := serve(t, s).URL
	payload, req := s.newPayment(0, price).sign(t)
	body, err := json.Marshal(map[string]any{"x402Version": 2, "paymentPayload": payload, "paymentRequirements": req})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	payer := s.Buyers[0].Address.Hex()
	cases := map[string]string{
		"/verify": `{"isValid":false,"invalidReason":"unexpected_verify_error","invalidMessage":"the sandbox chain is closed","payer":"` + payer + `"}`,
		"/settle": `{"success":false,"errorReason":"unexpected_settle_error","errorMessage":"the sandbox chain is closed","payer":"` + payer + `","transaction":"","network":"eip155:1337"}`,
	}
	for path, want := range cases {
		if status, got := do(t, "POST", url+path, string(body)); status != 500 || strings.TrimSpace(got) != want {
			t.Errorf("%s: %d %s\nwant 500 %s", path, status, got, want)
		}
	}
}
