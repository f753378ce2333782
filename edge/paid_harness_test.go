package edge

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"
)

const (
	testSeller = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	testBase   = "http://coinslot.test"
)

var (
	buyerKey, _ = crypto.HexToECDSA("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
	otherKey, _ = crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	buyer       = crypto.PubkeyToAddress(buyerKey.PublicKey).Hex()
)

var testTools = []*registry.Tool{
	{Name: "test_echo", Path: "/paid/test/echo", Price: "0.05", Category: "Utility", Description: "Echoes its text.",
		Params:  []registry.Param{registry.Str("text").Req().Len(1, 100), registry.Int("n").Range(1, 10).WithDefault(3)},
		Example: map[string]any{"text": "hi"}, Expected: "Envelope: data is the text repeated n times.", Shape: registry.Envelope},
	{Name: "test_object", Path: "/paid/test/object", Price: "0.02", Category: "Utility", Description: "Counts letters.",
		Params:  []registry.Param{registry.Str("text").Req()},
		Example: map[string]any{"text": "hi"}, Expected: "An object with letters.", Shape: registry.Object},
	{Name: "test_receipt", Path: "/paid/test/receipt", Price: "0.05", Category: "Tool Safety", Description: "Rates a tool name.",
		Params:  []registry.Param{registry.Str("tool_name").Req()},
		Example: map[string]any{"tool_name": "x"}, Expected: "An object with a verdict and svc_receipt.", Shape: registry.ReceiptBacked},
	{Name: "test_fail", Path: "/paid/test/fail", Price: "0.01", Category: "Utility", Description: "Fails as asked.",
		Params:  []registry.Param{registry.Str("kind").Req().OneOf("upstream_unavailable", "upstream_timeout", "upstream_error", "not_found", "invalid_params")},
		Example: map[string]any{"kind": "not_found"}, Expected: "Nothing.", Shape: registry.Envelope},
	{Name: "test_down", Path: "/paid/test/down", Price: "0.01", Category: "Utility", Description: "Never ready.",
		Example: map[string]any{}, Expected: "Nothing.", Shape: registry.Envelope},
	{Name: "test_words", Path: "/paid/test/words", Price: "0.04", Category: "Utility", Description: "Lists n words of the text, after the first skip.",
		Params: []registry.Param{registry.Str("text").Req().Len(1, 100), registry.Int("n").Range(1, 10).WithDefault(4),
			registry.Int("skip").Range(0, 10).WithDefault(0)},
		Example: map[string]any{"text": "hi"}, Expected: "Envelope: data is up to n words.", Shape: registry.Envelope,
		Metered: &registry.Metered{Rule: "words returned over the n asked", Delivered: func(a registry.Args, r *registry.Result) (int, int) {
			return r.Count, a.Int("n")
		}}},
	{Name: "test_mcp_only", Price: "0.03", Category: "Web & Leads", Description: "Scores a domain.",
		Params: []registry.Param{registry.Str("domain").Req()}, Sources: []string{"rdap"},
		Example: map[string]any{"domain": "example.com"}, Expected: "An object with a score.", Shape: registry.Object},
}

func init() {
	for _, t := range testTools {
		registry.Register(t)
	}
}

// fakeRuntime runs the test tools locally and counts runs; during, when
// set, runs inside each call, as a reload arriving mid-call would.
type fakeRuntime struct {
	runs   atomic.Int64
	during func()
}

func (r *fakeRuntime) Ready(t *registry.Tool) (bool, string, time.Duration) {
	if t.Name == "test_down" {
		return false, "its upstream key is not configured", 30 * time.Second
	}
	return true, "", 0
}

func (r *fakeRuntime) Sources() []actors.SourceStatus { return nil }

func (r *fakeRuntime) Run(ctx context.Context, t *registry.Tool, args registry.Args) (*registry.Result, error) {
	r.runs.Add(1)
	if r.during != nil {
		r.during()
	}
	switch t.Name {
	case "test_echo":
		return &registry.Result{Data: []string{strings.Repeat(args.String("text"), args.Int("n"))}, Count: 1, Source: "local analysis"}, nil
	case "test_words":
		words := strings.Fields(args.String("text"))
		words = words[min(len(words), args.Int("skip")):]
		words = words[:min(len(words), args.Int("n"))]
		return &registry.Result{Data: words, Count: len(words), Source: "local analysis"}, nil
	case "test_object":
		return &registry.Result{Data: map[string]int{"letters": len(args.String("text"))}, Count: 1, Source: "local analysis"}, nil
	case "test_receipt":
		return &registry.Result{Data: map[string]string{"verdict": "allow"}, Count: 1, Source: "local analysis"}, nil
	case "test_mcp_only":
		return &registry.Result{Data: map[string]int{"score": len(args.String("domain"))}, Count: 1, Source: "rdap"}, nil
	case "test_fail":
		if args.String("kind") == "invalid_params" {
			return nil, registry.Invalid("kind", "names a zone that does not exist")
		}
		return nil, upstreams.Errorf("usgs", upstreams.Kind(args.String("kind")), "answered badly")
	}
	panic("no such tool " + t.Name)
}

type harness struct {
	t      *testing.T
	srv    *Server
	rt     *fakeRuntime
	path   string            // the ledger file, kept across restarts
	open   ledgertest.Opener // the ledger, when not the file at path
	store  ledger.Store
	fac    *x402test.Facilitator
	nets   []x402.Network   // sold on; nil: Base
	via    x402.Facilitator // what the server asks; nil: fac's client
	reg    *prometheus.Registry
	client *fasthttp.Client
	// offerKey signs offers and receipts; nil: the seller signs neither.
	offerKey *ecdsa.PrivateKey
	env      []string                // more config variables
	now      func() time.Time        // the server's clock; nil: time.Now
	wallets  ethereum.ContractCaller // reads contract wallets' signatures on nets[0]; nil: none
	// supported is what the facilitator lists, for the kinds offered
	// beside exact; nil: exact (and batch-settlement) only.
	supported *x402.Supported
	// batch offers batch-settlement channels on these terms; nil: none.
	batch *x402.BatchTerms
}

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t)}
	h.start()
	return h
}

// newHarnessOn serves over a ledger open opens: each harness on one
// PostgreSQL ledger is one more instance sharing it.
func newHarnessOn(t *testing.T, open ledgertest.Opener) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, open: open, fac: x402test.NewServed(t)}
	h.start()
	return h
}

// ledgers makes a harness over each ledger backend.
var ledgers = []struct {
	name string
	new  func(t *testing.T) *harness
}{
	{"file", newHarness},
	{"postgres", func(t *testing.T) *harness {
		ledgertest.RequirePostgres(t)
		return newHarnessOn(t, ledgertest.Postgres(t))
	}},
}

// start serves a new Server over the harness's ledger file and
// facilitator, as a restarted process would.
func (h *harness) start() {
	t := h.t
	if h.store != nil {
		h.store.Close()
	}
	if h.open != nil {
		h.store = h.open()
	} else {
		store, err := ledger.OpenFile(h.path)
		if err != nil {
			t.Fatal(err)
		}
		h.store = store
		t.Cleanup(func() { store.Close() })
	}
	// The admission limits are lifted here, so the payment tests see the
	// payment path; guard_test.go sets them.
	cfg, err := config.Parse(nil, append([]string{"COINSLOT_PAY_TO=" + testSeller, "COINSLOT_BASE_URL=" + testBase, "COINSLOT_MAX_BODY_BYTES=2048",
		"COINSLOT_LIMITS_PAID_RATE_PER_IP=1e9", "COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1e9",
		"COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000000", "COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000000",
		"COINSLOT_LIMITS_REFUSED_FUNDS_TTL=1ns"}, h.env...))
	if err != nil {
		t.Fatal(err)
	}
	h.reg = prometheus.NewRegistry()
	if h.nets == nil {
		h.nets = []x402.Network{x402.Base}
	}
	if h.via == nil {
		h.via = h.fac.Client()
	}
	h.srv, err = New(cfg, h.rt, Payments{
		Networks: h.nets, Facilitator: h.via, Ledger: h.store, Metrics: h.reg, OfferKey: h.offerKey,
		Now: h.now, Wallets: h.walletsOn(), Supported: h.supported, Batch: h.batch,
	})
	if err != nil {
		t.Fatal(err)
	}
	ln := fasthttputil.NewInmemoryListener()
	go HTTPServer(h.srv.Handler, cfg.Limits).Serve(ln)
	t.Cleanup(func() { ln.Close() })
	// 16 KiB of response head, what Node's and Python's HTTP clients read:
	// a 402 states its input and answer schemas in PAYMENT-REQUIRED.
	h.client = &fasthttp.Client{Dial: func(string) (net.Conn, error) { return ln.Dial() }, ReadBufferSize: 16 << 10}
}

type reply struct {
	status int
	header map[string]string
	body   []byte
}

func (r reply) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body %s: %v", r.body, err)
	}
	return m
}

// errorOf reads the code and reason of an error body, or of a refusal,
// whose error is the message with code and reason beside it.
func (r reply) errorOf(t *testing.T) (code, reason string) {
	t.Helper()
	body := r.json(t)
	e, ok := body["error"].(map[string]any)
	if !ok {
		e = body
	}
	code, _ = e["code"].(string)
	reason, _ = e["reason"].(string)
	return code, reason
}

func (h *harness) do(method, path, body string, headers map[string]string) reply {
	h.t.Helper()
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI("http://coinslot.test" + path)
	req.Header.SetMethod(method)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if body != "" {
		req.Header.SetContentType("application/json")
		req.SetBodyString(body)
	}
	if err := h.client.Do(req, resp); err != nil {
		h.t.Fatal(err)
	}
	out := reply{status: resp.StatusCode(), header: map[string]string{}, body: append([]byte{}, resp.Body()...)}
	for k, v := range resp.Header.All() {
		out.header[strings.ToUpper(string(k))] = string(v) // looked up by upper-case name
	}
	return out
}

// terms are the v2 terms of a tool, read from its 402 as a buyer would.
func (h *harness) terms(path string) *x402.PaymentRequired {
	h.t.Helper()
	r := h.do("GET", path, "", nil)
	var pr x402.PaymentRequired
	if err := x402.DecodeHeader(r.header[x402.HeaderRequired], &pr); err != nil {
		h.t.Fatalf("402 of %s: %v", path, err)
	}
	return &pr
}

// payment is a buyer's v2 payment for the tool at path, changed by mutate
// before it is signed with the key and domain mutate leaves.
func (h *harness) payment(path string, mutate func(*x402test.Draft)) *x402.Payload {
	h.t.Helper()
	pr := h.terms(path)
	_, p, err := x402.Pay(buyerKey, pr, time.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	if mutate == nil {
		return p
	}
	d := x402test.Redraft(p, buyerKey, x402.Base.Domain())
	mutate(d)
	return d.Sign(h.t)
}

func header(t *testing.T, v any) string {
	t.Helper()
	s, err := x402.EncodeHeader(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func v1Of(p *x402.Payload) *x402.PayloadV1 {
	return &x402.PayloadV1{X402Version: 1, Scheme: "exact", Network: "base", Payload: *p.Payload.ExactPayload}
}

// pay sends a paid POST with a v2 payment.
func (h *harness) pay(path, body string, p *x402.Payload) reply {
	h.t.Helper()
	return h.do("POST", path, body, map[string]string{x402.HeaderSignature: header(h.t, p)})
}

// pending is what the ledger holds as settling.
func (h *harness) pending() []ledger.Pending {
	h.t.Helper()
	p, err := h.store.Pending(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return p
}

// walletsOn is the harness's contract-wallet reader on its first network.
func (h *harness) walletsOn() map[string]ethereum.ContractCaller {
	if h.wallets == nil {
		return nil
	}
	return map[string]ethereum.ContractCaller{h.nets[0].ID: h.wallets}
}
