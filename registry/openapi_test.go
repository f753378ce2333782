package registry

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
)

func openAPIValidator(t *testing.T) validator.Validator {
	t.Helper()
	doc, err := libopenapi.NewDocument(buildSamples(t, testSite).OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return v
}

// TestOpenAPIIsValid checks the document against the OpenAPI 3.1 schema.
func TestOpenAPIIsValid(t *testing.T) {
	if ok, errs := openAPIValidator(t).ValidateDocument(); !ok {
		for _, e := range errs {
			t.Error(e.Message, e.Reason)
			for _, se := range e.SchemaValidationErrors {
				t.Error("  ", se.FieldPath, se.Reason)
			}
		}
	}
}

func post(path, body string) *http.Request {
	r, _ := http.NewRequest(http.MethodPost, "https://api.coinslot.test"+path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("PAYMENT-SIGNATURE", "eyJ4NDAyVmVyc2lvbiI6Mn0=") // the security scheme asks for it
	return r
}

// TestOpenAPIRequestSchemas: the published request schemas accept what
// Validate accepts and refuse what it refuses.
func TestOpenAPIRequestSchemas(t *testing.T) {
	v := openAPIValidator(t)
	for _, c := range []struct {
		path, body string
		ok         bool
	}{
		{"/paid/test/market-radar", `{"query_limit": 10, "keywords": ["weather"]}`, true},
		{"/paid/test/market-radar", `{"query_limit": 99}`, false},
		{"/paid/test/market-radar", `{"unknown": true}`, false},
		{"/paid/test/insider-brief", `{"ticker": "AAPL"}`, true},
		{"/paid/test/insider-brief", `{"min_score": 0.3}`, false},
	} {
		ok, errs := v.ValidateHttpRequest(post(c.path, c.body))
		if ok != c.ok {
			t.Errorf("POST %s %s: valid=%v, want %v (%v)", c.path, c.body, ok, c.ok, errs)
		}
	}
}

func response(status int, body string, header map[string]string) *http.Response {
	h := http.Header{"Content-Type": {"application/json"}}
	for k, v := range header {
		h.Set(k, v)
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(bytes.NewBufferString(body))}
}

// TestOpenAPIResponseSchemas checks answers of the shapes the edge sends.
func TestOpenAPIResponseSchemas(t *testing.T) {
	v := openAPIValidator(t)
	receipt := `{"schema":"svc.receipt.v1","receipt_id":"r1","tx":"0xabc","network":"eip155:8453","asset":"0x8335",` +
		`"payer":"0x2","pay_to":"0x1","amount_atomic":"100000","amount_usd":"0.10","tool":"test_safety_brief",` +
		`"endpoint":"https://api.coinslot.test/paid/test/safety-brief","request_sha256":"aa","response_sha256":"bb",` +
		`"settled_at":"2026-01-02T03:04:05Z","receipt_url":"https://api.coinslot.test/receipt/0xabc"}`
	meta := `"meta":{"count":1,"source":"local analysis","generated_at":"2026-01-02T03:04:05Z"}`
	for _, c := range []struct {
		path, body string
		res        *http.Response
		ok         bool
	}{
		{"/paid/test/market-radar", `{}`, response(200, `{"success":true,"data":[{"x":1}],"cached":false,`+meta+`}`, nil), true},
		{"/paid/test/market-radar", `{}`, response(200, `{"success":true,"data":[]}`, nil), false},
		{"/paid/test/insider-brief", `{"ticker":"A"}`, response(200, `{"clusters":[],`+meta+`}`, nil), true},
		{"/paid/test/safety-brief", `{}`, response(200, `{`+meta+`,"buyer":{"payer":"0x2","paid_usd":"0.10","tx":"0xabc","network":"eip155:8453"},"svc_receipt":`+receipt+`}`, nil), true},
		{"/paid/test/safety-brief", `{}`, response(200, `{`+meta+`}`, nil), false},
		{"/paid/test/market-radar", `{"query_limit":1}`, response(400, `{"error":{"code":"invalid_params","message":"bad input","fields":[{"name":"query_limit","problem":"must be between 3 and 20"}]}}`, nil), true},
		{"/paid/test/market-radar", `{}`, response(503, `{"error":{"code":"bogus","message":"x"}}`, map[string]string{"Retry-After": "5"}), false},
		{"/paid/test/market-radar", `{}`, response(402, `{"x402Version":1,"error":"payment required","accepts":[{"scheme":"exact","network":"base",`+
			`"maxAmountRequired":"50000","resource":"https://api.coinslot.test/paid/test/market-radar","payTo":"0x1","asset":"0x8335"}]}`,
			map[string]string{"PAYMENT-REQUIRED": "eyJ4NDAyVmVyc2lvbiI6Mn0="}), true},
	} {
		ok, errs := v.ValidateHttpResponse(post(c.path, c.body), c.res)
		if ok != c.ok {
			t.Errorf("%s answer %d: valid=%v, want %v (%v)", c.path, c.res.StatusCode, ok, c.ok, errs)
		}
	}
}
