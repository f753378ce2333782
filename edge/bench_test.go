package edge_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/registry/all"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

// The hot path of one local-analysis tool, without the network: each
// benchmark hands a ready request to the edge's handler, as fasthttp does.
const (
	benchPath   = "/paid/security/trifecta-score"
	benchSeller = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
)

var benchBody = []byte(`{"has_private_data":true,"has_untrusted_content":true,"has_outbound_actions":false}`)

// localRuntime runs handlers in the caller's goroutine: the edge's cost
// without the actor hop (actors has its own benchmarks).
type localRuntime struct{}

func (localRuntime) Ready(*registry.Tool) (bool, string, time.Duration) { return true, "", 0 }

func (localRuntime) Run(ctx context.Context, t *registry.Tool, args registry.Args) (*registry.Result, error) {
	return t.Handler(ctx, &registry.Call{Tool: t, Args: args, Now: time.Now()})
}

func (localRuntime) Sources() []actors.SourceStatus { return nil }

// acceptAll is a facilitator that accepts and settles everything at once.
type acceptAll struct{}

func (acceptAll) Verify(context.Context, *x402.Payload, *x402.Requirements) (*x402.VerifyResponse, error) {
	return &x402.VerifyResponse{IsValid: true}, nil
}

func (acceptAll) Settle(context.Context, *x402.Payload, *x402.Requirements) (*x402.SettleResponse, error) {
	tx := crypto.Keccak256Hash([]byte(time.Now().String())).Hex()
	return &x402.SettleResponse{Success: true, Transaction: tx, Network: x402.Base.ID}, nil
}

func benchServer(b *testing.B) *edge.Server {
	b.Helper()
	// One buyer pays for every call: its limits are lifted, so the figures
	// are the hot path's, not the limiter's.
	cfg, err := config.Parse(nil, []string{"COINSLOT_PAY_TO=" + benchSeller, "COINSLOT_BASE_URL=http://coinslot.test",
		"COINSLOT_LIMITS_PAID_RATE_PER_IP=1e9", "COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1e9",
		"COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000000", "COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000000"})
	if err != nil {
		b.Fatal(err)
	}
	store, err := ledger.OpenFile(filepath.Join(b.TempDir(), "ledger.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	srv, err := edge.New(cfg, localRuntime{}, edge.Payments{Networks: []x402.Network{x402.Base}, Facilitator: acceptAll{}, Ledger: store})
	if err != nil {
		b.Fatal(err)
	}
	return srv
}

// request is a reusable request context, as a fasthttp worker keeps one.
func request(method, path string, body []byte) *fasthttp.RequestCtx {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(path)
	if body != nil {
		req.Header.SetContentType("application/json")
		req.SetBody(body)
	}
	ctx := new(fasthttp.RequestCtx)
	ctx.Init(&req, nil, nil)
	return ctx
}

// serve answers the same request b.N times and checks the last answer.
func serve(b *testing.B, srv *edge.Server, ctx *fasthttp.RequestCtx, want int) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		srv.Handler(ctx)
	}
	if got := ctx.Response.StatusCode(); got != want {
		b.Fatalf("status %d, want %d: %s", got, want, ctx.Response.Body())
	}
}

func BenchmarkRouteLookup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := registry.ByPath(benchPath); !ok {
			b.Fatal("no route")
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	t, _ := registry.ByPath(benchPath)
	var in map[string]any
	if err := json.Unmarshal(benchBody, &in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, fields := t.Validate(in); len(fields) > 0 {
			b.Fatal(fields)
		}
	}
}

// The cached 402: GET shows the terms without reading a body.
func BenchmarkTerms402(b *testing.B) {
	serve(b, benchServer(b), request("GET", benchPath, nil), fasthttp.StatusPaymentRequired)
}

// The 402 of a real call: the body is parsed and validated first.
func BenchmarkUnpaid402(b *testing.B) {
	serve(b, benchServer(b), request("POST", benchPath, benchBody), fasthttp.StatusPaymentRequired)
}

func BenchmarkInfo(b *testing.B) {
	serve(b, benchServer(b), request("GET", "/api/info", nil), fasthttp.StatusOK)
}

func BenchmarkOpenAPI(b *testing.B) {
	serve(b, benchServer(b), request("GET", "/openapi.json", nil), fasthttp.StatusOK)
}

// A paid call end to end in process: decode, local check, the ledger
// (fsynced), a facilitator that answers at once, the tool and its answer.
func BenchmarkPaidCall(b *testing.B) {
	srv := benchServer(b)
	terms := request("GET", benchPath, nil)
	srv.Handler(terms)
	var required x402.PaymentRequired
	if err := x402.DecodeHeader(string(terms.Response.Header.Peek(x402.HeaderRequired)), &required); err != nil {
		b.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	headers := make([]string, b.N)
	for i := range headers {
		h, _, err := x402.Pay(key, &required, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		headers[i] = h
	}
	ctx := request("POST", benchPath, benchBody)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		ctx.Request.Header.Set(x402.HeaderSignature, headers[i])
		ctx.Response.Reset()
		srv.Handler(ctx)
		if ctx.Response.StatusCode() != fasthttp.StatusOK {
			b.Fatalf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
}
