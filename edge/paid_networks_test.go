package edge

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestPaidOnEachNetwork: an instance sold on Base and Polygon offers both
// in every 402 (v2 header and v1 body), serves a buyer who chose Polygon,
// and records that choice in PAYMENT-RESPONSE, the receipt and the revenue
// metric; a payment on a network it does not sell on is refused before the
// tool runs or the facilitator is asked.
func TestPaidOnEachNetwork(t *testing.T) {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t),
		nets: []x402.Network{x402.Base, x402.Polygon}}
	h.start()

	r := h.do("POST", echoPath, echoBody, nil)
	var pr x402.PaymentRequired
	if err := x402.DecodeHeader(r.header[x402.HeaderRequired], &pr); err != nil || r.status != 402 {
		t.Fatalf("402: %d %v", r.status, err)
	}
	if len(pr.Accepts) != 2 || pr.Accepts[0].Network != x402.Base.ID || pr.Accepts[1].Network != x402.Polygon.ID ||
		pr.Accepts[1].Asset != x402.Polygon.Asset.Hex() || pr.Accepts[1].Extra["name"] != "USD Coin" {
		t.Fatalf("v2 accepts %+v", pr.Accepts)
	}
	var v1 x402.PaymentRequiredV1
	if err := json.Unmarshal(r.body, &v1); err != nil || len(v1.Accepts) != 2 || v1.Accepts[0].Network != "base" || v1.Accepts[1].Network != "polygon" {
		t.Fatalf("v1 body %s", r.body)
	}
	again := h.do("POST", echoPath, echoBody, nil)
	if again.header[x402.HeaderRequired] != r.header[x402.HeaderRequired] || string(again.body) != string(r.body) {
		t.Fatal("the 402 differs between two calls")
	}

	polygon := pr
	polygon.Accepts = pr.Accepts[1:]
	_, p, err := x402.Pay(buyerKey, &polygon, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	paid := h.pay(echoPath, echoBody, p)
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(paid.header[x402.HeaderResponse], &settled); paid.status != 200 || err != nil || settled.Network != x402.Polygon.ID {
		t.Fatalf("paid on Polygon: %d %s %+v", paid.status, paid.body, settled)
	}
	receipt := h.do("GET", "/receipt/"+settled.Transaction, "", nil).json(t)
	if receipt["network"] != x402.Polygon.ID || receipt["asset"] != x402.Polygon.Asset.Hex() {
		t.Fatalf("receipt %v", receipt)
	}
	if v := testutil.ToFloat64(h.srv.metrics.revenue.WithLabelValues("test_echo", x402.Polygon.ID)); v != 50000 {
		t.Errorf("Polygon revenue %v, want 50000", v)
	}
	if v := testutil.ToFloat64(h.srv.metrics.revenue.WithLabelValues("test_echo", x402.Base.ID)); v != 0 {
		t.Errorf("Base revenue %v, want 0", v)
	}

	arbitrum := pr
	arbitrum.Accepts = []x402.Requirements{pr.Accepts[1]}
	arbitrum.Accepts[0].Network = x402.ArbitrumOne.ID
	_, p, err = x402.Pay(buyerKey, &arbitrum, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	runs, verifies := h.rt.runs.Load(), h.fac.Verifies()
	refused := h.pay(echoPath, echoBody, p)
	if code, reason := refused.errorOf(t); refused.status != 402 || code != "payment_invalid" || reason != x402.ReasonInvalidNetwork {
		t.Fatalf("Arbitrum payment: %d %s", refused.status, refused.body)
	}
	if h.rt.runs.Load() != runs || h.fac.Verifies() != verifies {
		t.Fatal("a payment on a network not sold on reached the tool or the facilitator")
	}
	// The refusal's terms name its reason; they are the route's otherwise.
	var carried x402.PaymentRequired
	if err := x402.DecodeHeader(refused.header[x402.HeaderRequired], &carried); err != nil || carried.Error != x402.ReasonInvalidNetwork {
		t.Fatalf("the refusal's PAYMENT-REQUIRED error is %q (%v), want its reason", carried.Error, err)
	}
	carried.Error = h.terms(echoPath).Error
	if !reflect.DeepEqual(&carried, h.terms(echoPath)) {
		t.Fatal("the refusal does not carry the same terms")
	}
}
