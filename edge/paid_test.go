package edge

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

const echoPath, echoBody = "/paid/test/echo", `{"text":"ab","n":2}`

func unix(d time.Duration) string { return strconv.FormatInt(time.Now().Add(d).Unix(), 10) }

func TestHostilePayments(t *testing.T) {
	h := newHarness(t)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	signed := func(mutate func(*x402test.Draft)) string { return header(t, h.payment(echoPath, mutate)) }
	cases := []struct {
		name   string
		header string // PAYMENT-SIGNATURE, unless v1
		v1     string // X-PAYMENT
		status int
		reason string
	}{
		{name: "malformed base64", header: "%%%not base64%%%", status: 400, reason: "invalid_payload"},
		{name: "bad JSON", header: b64(`{"x402Version":2,`), status: 400, reason: "invalid_payload"},
		{name: "not an object", header: b64(`[2]`), status: 400, reason: "invalid_payload"},
		{name: "oversized header", header: strings.Repeat("A", x402.MaxHeaderBytes+4), status: 400, reason: "invalid_payload"},
		{name: "unknown field", header: b64(strings.Replace(string(mustJSON(t, h.payment(echoPath, nil))), `"x402Version":2`, `"x402Version":2,"tip":"1"`, 1)), status: 400, reason: "invalid_payload"},
		{name: "trailing data", header: b64(string(mustJSON(t, h.payment(echoPath, nil))) + "{}"), status: 400, reason: "invalid_payload"},
		{name: "version 3", header: b64(strings.Replace(string(mustJSON(t, h.payment(echoPath, nil))), `"x402Version":2`, `"x402Version":3`, 1)), status: 400, reason: "invalid_x402_version"},
		{name: "v1 payload in PAYMENT-SIGNATURE", header: header(t, v1Of(h.payment(echoPath, nil))), status: 400, reason: "invalid_x402_version"},
		{name: "v2 payload in X-PAYMENT", v1: header(t, h.payment(echoPath, nil)), status: 400, reason: "invalid_x402_version"},
		{name: "wrong scheme", header: signed(func(d *x402test.Draft) { d.Payload.Accepted.Scheme = "upto" }), status: 402, reason: "invalid_scheme"},
		{name: "wrong network", header: signed(func(d *x402test.Draft) { d.Payload.Accepted.Network = "eip155:84532" }), status: 402, reason: "invalid_network"},
		{name: "wrong asset", header: signed(func(d *x402test.Draft) { d.Payload.Accepted.Asset = "0x036CbD53842c5426634e7929541eC2318f3dCF7e" }), status: 402, reason: "invalid_payment_requirements"},
		{name: "wrong payTo", header: signed(func(d *x402test.Draft) {
			d.Payload.Accepted.PayTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
			d.Payload.Payload.Authorization.To = d.Payload.Accepted.PayTo
		}), status: 402, reason: "invalid_exact_evm_payload_recipient_mismatch"},
		{name: "authorization to someone else", header: signed(func(d *x402test.Draft) {
			d.Payload.Payload.Authorization.To = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
		}), status: 402, reason: "invalid_exact_evm_payload_recipient_mismatch"},
		{name: "underpaid", header: signed(func(d *x402test.Draft) {
			d.Payload.Accepted.Amount, d.Payload.Payload.Authorization.Value = "49999", "49999"
		}), status: 402, reason: "invalid_exact_evm_payload_authorization_value_mismatch"},
		{name: "overpaid", header: signed(func(d *x402test.Draft) {
			d.Payload.Accepted.Amount, d.Payload.Payload.Authorization.Value = "50001", "50001"
		}), status: 402, reason: "invalid_exact_evm_payload_authorization_value_mismatch"},
		{name: "value below the accepted amount", header: signed(func(d *x402test.Draft) { d.Payload.Payload.Authorization.Value = "1" }), status: 402, reason: "invalid_exact_evm_payload_authorization_value_mismatch"},
		{name: "expired", header: signed(func(d *x402test.Draft) { d.Payload.Payload.Authorization.ValidBefore = unix(3 * time.Second) }), status: 402, reason: "invalid_exact_evm_payload_authorization_valid_before"},
		{name: "too short to settle", header: signed(func(d *x402test.Draft) { d.Payload.Payload.Authorization.ValidBefore = unix(12 * time.Second) }), status: 402, reason: "invalid_exact_evm_payload_authorization_valid_before"},
		{name: "not yet valid", header: signed(func(d *x402test.Draft) { d.Payload.Payload.Authorization.ValidAfter = unix(time.Minute) }), status: 402, reason: "invalid_exact_evm_payload_authorization_valid_after"},
		{name: "valid for a year", header: signed(func(d *x402test.Draft) { d.Payload.Payload.Authorization.ValidBefore = unix(365 * 24 * time.Hour) }), status: 402, reason: "invalid_exact_evm_payload_authorization_valid_before"},
		{name: "payment for another route", header: header(t, h.payment("/paid/test/receipt", nil)), status: 402, reason: "resource_mismatch"},
		{name: "route on another host", header: signed(func(d *x402test.Draft) { d.Payload.Resource.URL = "https://elsewhere.example" + echoPath }), status: 402, reason: "resource_mismatch"},
		{name: "no resource", header: signed(func(d *x402test.Draft) { d.Payload.Resource = nil }), status: 402, reason: "resource_mismatch"},
		{name: "signed by another key", header: signed(func(d *x402test.Draft) { d.Key = otherKey }), status: 402, reason: "invalid_exact_evm_payload_signature"},
		{name: "signed for another chain", header: signed(func(d *x402test.Draft) { d.Domain.ChainID = big.NewInt(84532) }), status: 402, reason: "invalid_exact_evm_payload_signature"},
		{name: "signed for another contract", header: signed(func(d *x402test.Draft) {
			d.Domain.VerifyingContract = common.HexToAddress("0x036CbD53842c5426634e7929541eC2318f3dCF7e")
		}), status: 402, reason: "invalid_exact_evm_payload_signature"},
		{name: "signed for another token name", header: signed(func(d *x402test.Draft) { d.Domain.Name = "USDC" }), status: 402, reason: "invalid_exact_evm_payload_signature"},
		{name: "short nonce", header: func() string {
			p := h.payment(echoPath, nil)
			p.Payload.Authorization.Nonce = "0x01"
			return header(t, p)
		}(), status: 402, reason: "invalid_exact_evm_payload_signature"},
		{name: "v1 wrong network", v1: func() string { p := v1Of(h.payment(echoPath, nil)); p.Network = "base-sepolia"; return header(t, p) }(), status: 402, reason: "invalid_network"},
		{name: "v1 underpaid", v1: header(t, v1Of(h.payment(echoPath, func(d *x402test.Draft) { d.Payload.Payload.Authorization.Value = "10000" }))), status: 402, reason: "invalid_exact_evm_payload_authorization_value"},
		{name: "both headers", header: header(t, h.payment(echoPath, nil)), v1: header(t, v1Of(h.payment(echoPath, nil))), status: 400, reason: "invalid_payload"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hdr := map[string]string{}
			if c.header != "" {
				hdr[x402.HeaderSignature] = c.header
			}
			if c.v1 != "" {
				hdr[x402.HeaderPaymentV1] = c.v1
			}
			r := h.do("POST", echoPath, echoBody, hdr)
			code, reason := r.errorOf(t)
			if r.status != c.status || code != "payment_invalid" || reason != c.reason {
				t.Fatalf("got %d %s %s, want %d payment_invalid %s: %s", r.status, code, reason, c.status, c.reason, r.body)
			}
			// Every refusal carries the terms in PAYMENT-REQUIRED; a 402's body
			// is the v1 terms too, a 400's the one error shape.
			_, shaped := r.json(t)["error"].(map[string]any)
			if r.header[x402.HeaderRequired] == "" || (r.json(t)["accepts"] != nil) != (c.status == 402) || shaped == (c.status == 402) {
				t.Fatalf("refusal %d without its terms or shape: %v %s", r.status, r.header, r.body)
			}
			// The v2 terms name the reason, as the v1 body does; the terms are
			// the route's otherwise.
			var required x402.PaymentRequired
			if err := x402.DecodeHeader(r.header[x402.HeaderRequired], &required); err != nil || required.Error != c.reason {
				t.Fatalf("PAYMENT-REQUIRED error %q (%v), want %q", required.Error, err, c.reason)
			}
			required.Error = h.terms(echoPath).Error
			if !reflect.DeepEqual(&required, h.terms(echoPath)) {
				t.Fatalf("PAYMENT-REQUIRED of the refusal: %+v", required)
			}
		})
	}
	if n := h.rt.runs.Load(); n != 0 {
		t.Fatalf("hostile payments ran the tool %d times", n)
	}
	if n := h.fac.Settles(); n != 0 {
		t.Fatalf("hostile payments were settled %d times", n)
	}
	if got := testutil.ToFloat64(h.srv.metrics.refusals.WithLabelValues("invalid_exact_evm_payload_signature")); got != 5 {
		t.Fatalf("signature refusals counted %v, want 5", got)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPaidCallSettlesAndRecords(t *testing.T) {
	h := newHarness(t)
	p := h.payment(echoPath, nil)
	r := h.pay(echoPath, echoBody, p)
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	body := r.json(t)
	m := body["meta"].(map[string]any)
	if body["success"] != true || body["cached"] != false || m["count"] != 1.0 || m["source"] != "local analysis" || m["sandbox"] != true {
		t.Fatalf("body %s", r.body)
	}
	if d := body["data"].([]any); len(d) != 1 || d[0] != "abab" {
		t.Fatalf("data %v", d)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponse], &settled); err != nil {
		t.Fatal(err)
	}
	if !settled.Success || settled.Network != "eip155:8453" || settled.Payer != buyer || !strings.HasPrefix(settled.Transaction, "0x") {
		t.Fatalf("PAYMENT-RESPONSE %+v", settled)
	}
	rec := h.do("GET", "/receipt/"+settled.Transaction, "", nil)
	if rec.status != 200 {
		t.Fatalf("receipt %d %s", rec.status, rec.body)
	}
	want := map[string]any{
		"schema": "svc.receipt.v1", "tx": settled.Transaction, "network": "eip155:8453",
		"asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payer": buyer, "pay_to": testSeller,
		"amount_atomic": "50000", "amount_usd": "0.05", "tool": "test_echo", "endpoint": testBase + echoPath,
		"request_sha256": digest([]byte(echoBody)), "response_sha256": digest(r.body),
		"receipt_url": testBase + "/receipt/" + settled.Transaction,
		"receipt_id":  receiptID("eip155:8453", buyer, p.Payload.Authorization.Nonce),
	}
	got := rec.json(t)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("receipt %s = %v, want %v", k, got[k], v)
		}
	}
	if _, err := time.Parse(time.RFC3339, got["settled_at"].(string)); err != nil {
		t.Errorf("settled_at %v", got["settled_at"])
	}
	if v := testutil.ToFloat64(h.srv.metrics.revenue.WithLabelValues("test_echo", "eip155:8453")); v != 50000 {
		t.Errorf("revenue %v", v)
	}
	if v := testutil.ToFloat64(h.srv.metrics.payments.WithLabelValues("test_echo", outcomeSettled)); v != 1 {
		t.Errorf("settled count %v", v)
	}
	if problems, err := testutil.GatherAndLint(h.reg); err != nil || len(problems) > 0 {
		t.Errorf("metrics lint: %v %v", problems, err)
	}
	if n, err := testutil.GatherAndCount(h.reg, "coinslot_facilitator_seconds"); err != nil || n != 2 {
		t.Errorf("facilitator latency series %d, want verify and settle: %v", n, err)
	}
	// The same authorization again gets the same answer, not run or
	// charged again.
	again := h.pay(echoPath, echoBody, p)
	if again.status != 200 || !bytes.Equal(again.body, r.body) || again.header[x402.HeaderResponse] != r.header[x402.HeaderResponse] {
		t.Fatalf("replay: %d %s", again.status, again.body)
	}
	if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
		t.Fatalf("runs %d settles %d", h.rt.runs.Load(), h.fac.Settles())
	}
}

// A reload while a paid call runs leaves that call whole under the
// generation that admitted it: its receipt names one base URL throughout.
func TestReloadMidCallKeepsTheCallsGeneration(t *testing.T) {
	h := newHarness(t)
	h.rt.during = func() {
		cfg, err := config.Parse(nil, []string{"COINSLOT_PAY_TO=" + testSeller, "COINSLOT_BASE_URL=http://reloaded.test"})
		if err != nil {
			t.Error(err)
			return
		}
		g, err := h.srv.Prepare(cfg)
		if err != nil {
			t.Error(err)
			return
		}
		h.srv.Apply(g)
	}
	r := h.pay(echoPath, echoBody, h.payment(echoPath, nil))
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponse], &settled); err != nil {
		t.Fatal(err)
	}
	rec := h.do("GET", "/receipt/"+settled.Transaction, "", nil).json(t)
	if rec["endpoint"] != testBase+echoPath || rec["receipt_url"] != testBase+"/receipt/"+settled.Transaction {
		t.Errorf("receipt endpoint %v, receipt_url %v: both must be the admitting generation's %s", rec["endpoint"], rec["receipt_url"], testBase)
	}
}

func TestV1PaymentGetsV1Settlement(t *testing.T) {
	h := newHarness(t)
	r := h.do("POST", echoPath, echoBody, map[string]string{x402.HeaderPaymentV1: header(t, v1Of(h.payment(echoPath, nil)))})
	if r.status != 200 || r.header[x402.HeaderResponse] != "" {
		t.Fatalf("status %d headers %v: %s", r.status, r.header, r.body)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponseV1], &settled); err != nil || !settled.Success || settled.Network != "base" {
		t.Fatalf("X-PAYMENT-RESPONSE %+v %v", settled, err)
	}
}

func TestConcurrentIdenticalPaymentsServeOnce(t *testing.T) {
	h := newHarness(t)
	p := h.payment(echoPath, nil)
	replies := make([]reply, 50)
	var wg sync.WaitGroup
	for i := range replies {
		wg.Go(func() { replies[i] = h.pay(echoPath, echoBody, p) })
	}
	wg.Wait()
	// Those that came while the first call ran waited for its answer;
	// those after it got it as retries: each the same, with its settlement.
	answer, settled := replies[0].body, replies[0].header[x402.HeaderResponse]
	for i, r := range replies {
		if r.status != 200 || !bytes.Equal(r.body, answer) || settled == "" || r.header[x402.HeaderResponse] != settled {
			t.Errorf("request %d: %d %s %v", i, r.status, r.body, r.header)
		}
	}
	if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
		t.Fatalf("answered %s, %d runs, %d settles; want 1 each", answer, h.rt.runs.Load(), h.fac.Settles())
	}
}

func TestToolFailureIsNeverCharged(t *testing.T) {
	h := newHarness(t)
	for kind, status := range map[string]int{"upstream_unavailable": 503, "upstream_timeout": 504, "upstream_error": 502, "not_found": 404, "invalid_params": 400} {
		p := h.payment("/paid/test/fail", nil)
		body := `{"kind":"` + kind + `"}`
		r := h.pay("/paid/test/fail", body, p)
		if code, _ := r.errorOf(t); r.status != status || code != kind {
			t.Errorf("%s: %d %s", kind, r.status, r.body)
		}
		if !strings.Contains(string(r.body), "nothing was charged") || r.header[x402.HeaderResponse] != "" {
			t.Errorf("%s: body %s", kind, r.body)
		}
		// Released: the same authorization may be tried again.
		if again := h.pay("/paid/test/fail", body, p); again.status != status {
			t.Errorf("%s retry: %d %s", kind, again.status, again.body)
		}
	}
	if n := h.fac.Settles(); n != 0 {
		t.Fatalf("failed tools were settled %d times", n)
	}
	if p := h.pending(); len(p) != 0 {
		t.Fatalf("pending settlements: %+v", p)
	}
}

func TestFailedSettlementWithholdsTheAnswer(t *testing.T) {
	h := newHarness(t)
	h.fac.SettleAs(func() (int, string) {
		return 200, `{"success":false,"errorReason":"insufficient_funds","errorMessage":"balance 0","transaction":"","network":"eip155:8453"}`
	})
	p := h.payment(echoPath, nil)
	r := h.pay(echoPath, echoBody, p)
	code, reason := r.errorOf(t)
	if r.status != 402 || code != "settlement_failed" || reason != "insufficient_funds" || bytes.Contains(r.body, []byte("abab")) {
		t.Fatalf("%d %s", r.status, r.body)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponse], &settled); err != nil || settled.Success || settled.ErrorReason != "insufficient_funds" || settled.Payer != buyer {
		t.Fatalf("PAYMENT-RESPONSE %+v %v", settled, err)
	}
	if p := h.pending(); len(p) != 0 {
		t.Fatalf("pending settlements: %+v", p)
	}
	// Refused settlements move nothing: the authorization is released.
	h.fac.SettleAs(nil)
	if again := h.pay(echoPath, echoBody, p); again.status != 200 {
		t.Fatalf("after a refused settlement: %d %s", again.status, again.body)
	}
}

func TestUnknownSettlementKeepsTheAuthorization(t *testing.T) {
	h := newHarness(t)
	h.fac.Hang.Store(int64(3 * time.Second)) // beyond the client's 2 s timeout
	p := h.payment(echoPath, nil)
	r := h.pay(echoPath, echoBody, p)
	if code, _ := r.errorOf(t); r.status != 504 || code != "settlement_pending" || r.header[x402.HeaderResponse] != "" || bytes.Contains(r.body, []byte("abab")) {
		t.Fatalf("%d %s", r.status, r.body)
	}
	h.fac.Hang.Store(0)
	if again := h.pay(echoPath, echoBody, p); again.status != 504 || !bytes.Contains(again.body, []byte("settlement_pending")) {
		t.Fatalf("reuse after an unknown settlement: %d %s", again.status, again.body)
	}
	if pend := h.pending(); len(pend) != 1 || pend[0].Receipt.RequestSHA256 != digest([]byte(echoBody)) || pend[0].Receipt.Payer != buyer {
		t.Fatalf("journal %+v", pend)
	}
}

// A crash between settlement and Record: Settling, written before /settle,
// keeps the payment in the ledger file; the restarted process answers the
// authorization's retry with settlement_pending, and reconciliation records
// the receipt under its transaction, which /receipt then serves, and the
// retry then gets the answer.
func TestSettledPaymentSurvivesACrashBeforeRecord(t *testing.T) {
	h := newHarness(t)
	h.srv.pay.Ledger = crashingStore{h.store}
	p := h.payment(echoPath, nil)
	r := h.pay(echoPath, echoBody, p)
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(r.header[x402.HeaderResponse], &settled); err != nil || r.status != 200 {
		t.Fatalf("%d %s %v", r.status, r.body, err)
	}
	h.start() // the restarted process, same ledger file
	pend := h.pending()
	if len(pend) != 1 || pend[0].Receipt.ResponseSHA256 != digest(r.body) || pend[0].Receipt.RequestSHA256 != digest([]byte(echoBody)) ||
		pend[0].Receipt.ReceiptID != receiptID("eip155:8453", buyer, p.Payload.Authorization.Nonce) || pend[0].Receipt.Tx != "" {
		t.Fatalf("pending %+v", pend)
	}
	if again := h.pay(echoPath, echoBody, p); again.status != 504 || !bytes.Contains(again.body, []byte("settlement_pending")) {
		t.Fatalf("after restart: %d %s", again.status, again.body)
	}
	rec := pend[0].Receipt
	rec.Tx, rec.SettledAt, rec.ReceiptURL = settled.Transaction, time.Now().UTC(), testBase+"/receipt/"+settled.Transaction
	if err := h.store.Record(context.Background(), pend[0].Payer, pend[0].Nonce, &rec); err != nil {
		t.Fatal(err)
	}
	if got := h.do("GET", "/receipt/"+settled.Transaction, "", nil); got.status != 200 || got.json(t)["response_sha256"] != digest(r.body) {
		t.Fatalf("reconciled receipt: %d %s", got.status, got.body)
	}
	if again := h.pay(echoPath, echoBody, p); again.status != 200 || !bytes.Equal(again.body, r.body) {
		t.Fatalf("retry once reconciled: %d %s", again.status, again.body)
	}
}

// crashingStore dies before any receipt reaches the disk.
type crashingStore struct{ ledger.Store }

func (crashingStore) Record(context.Context, string, string, *ledger.Receipt) error {
	return errors.New("process killed")
}
