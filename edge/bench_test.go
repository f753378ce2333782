package edge_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
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

// benchServer is a server selling with pay's facilitator and offers, on
// Base, with a fresh file ledger unless pay names one; acceptAll when pay
// names no facilitator.
func benchServer(b *testing.B, pay edge.Payments) *edge.Server {
	b.Helper()
	// One buyer pays for every call: its limits are lifted, so the figures
	// are the hot path's, not the limiter's.
	cfg, err := config.Parse(nil, []string{"COINSLOT_PAY_TO=" + benchSeller, "COINSLOT_BASE_URL=http://coinslot.test",
		"COINSLOT_LIMITS_PAID_RATE_PER_IP=1e9", "COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1e9",
		"COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000000", "COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000000"})
	if err != nil {
		b.Fatal(err)
	}
	if pay.Ledger == nil {
		store, err := ledger.OpenFile(filepath.Join(b.TempDir(), "ledger.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { store.Close() })
		pay.Ledger = store
	}
	// Access lines are written, as in production, where no one reads them.
	pay.Networks, pay.Log = []x402.Network{x402.Base}, slog.New(slog.NewTextHandler(io.Discard, nil))
	if pay.Facilitator == nil {
		pay.Facilitator = acceptAll{}
	}
	srv, err := edge.New(cfg, localRuntime{}, pay)
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

// benchTerms is the 402's terms for benchPath, as a buyer reads them.
func benchTerms(b *testing.B, srv *edge.Server) *x402.PaymentRequired {
	b.Helper()
	terms := request("GET", benchPath, nil)
	srv.Handler(terms)
	var required x402.PaymentRequired
	if err := x402.DecodeHeader(string(terms.Response.Header.Peek(x402.HeaderRequired)), &required); err != nil {
		b.Fatal(err)
	}
	return &required
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
	serve(b, benchServer(b, edge.Payments{}), request("GET", benchPath, nil), fasthttp.StatusPaymentRequired)
}

// The 402 of a real call: the body is parsed and validated first.
func BenchmarkUnpaid402(b *testing.B) {
	serve(b, benchServer(b, edge.Payments{}), request("POST", benchPath, benchBody), fasthttp.StatusPaymentRequired)
}

func BenchmarkInfo(b *testing.B) {
	serve(b, benchServer(b, edge.Payments{}), request("GET", "/api/info", nil), fasthttp.StatusOK)
}

func BenchmarkOpenAPI(b *testing.B) {
	serve(b, benchServer(b, edge.Payments{}), request("GET", "/openapi.json", nil), fasthttp.StatusOK)
}

// A paid call end to end in process: decode, local check, the ledger
// (fsynced), a facilitator that answers at once, the tool and its answer.
func BenchmarkPaidCall(b *testing.B) {
	srv := benchServer(b, edge.Payments{})
	required := benchTerms(b, srv)
	key, _ := crypto.GenerateKey()
	headers := make([]string, b.N)
	for i := range headers {
		h, _, err := x402.Pay(key, required, time.Now())
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

// chainDouble is a facilitator that verifies every batch payment on a
// channel holding plenty, as a freshly opened channel's first voucher asks.
type chainDouble struct{ acceptAll }

func (chainDouble) Verify(_ context.Context, p *x402.Payload, _ *x402.Requirements) (*x402.VerifyResponse, error) {
	return &x402.VerifyResponse{IsValid: true, Extra: &x402.ChannelState{ChannelID: p.Payload.Voucher.ChannelID, Balance: "1000000000000", TotalClaimed: "0", RefundNonce: "0"}}, nil
}

// A batch-settlement voucher call end to end in process: the buyer's
// PAYMENT-SIGNATURE echoing the 402's resource, terms and extensions, as
// the load test sends it, decoded and checked locally (one EIP-712 digest,
// one recovery), the channel's turn and record, one ledger write (fsynced)
// and the tool's answer. The facilitator is asked only by the first call.
func BenchmarkVoucherCall(b *testing.B) {
	srv := voucherServer(b, nil)
	headers := vouchers(b, benchTerms(b, srv), b.N)
	ctx := request("POST", benchPath, benchBody)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime(b)
	for i := range b.N {
		if err := voucherCall(srv, ctx, headers[i]); err != nil {
			b.Fatal(err)
		}
	}
	// The ledger's fsync makes the wall time the disk's; the CPU time is
	// what bounds calls per core.
	b.ReportMetric(float64(cpuTime(b)-start)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
	b.ReportMetric(float64(len(headers[0])), "header-bytes")
}

// Voucher calls on 32 channels at once, as section 7 of the load test
// drives them, on each ledger: the CPU each costs this process is what
// sets calls per core apart between the embedded and the shared ledger
// (the database's own is not counted here; the load test reads it).
func BenchmarkVoucherCallsParallel(b *testing.B) {
	const channels = 32
	for _, l := range []struct {
		name string
		open func(b *testing.B) ledger.Store
	}{
		{"file", func(*testing.B) ledger.Store { return nil }},
		{"postgres", func(b *testing.B) ledger.Store {
			ledgertest.RequirePostgres(b)
			return ledgertest.Postgres(b)()
		}},
	} {
		b.Run(l.name, func(b *testing.B) {
			srv := voucherServer(b, l.open(b))
			required := benchTerms(b, srv)
			per := (b.N + channels - 1) / channels
			headers := make([][]string, channels)
			for c := range headers {
				headers[c] = vouchers(b, required, per)
			}
			b.ReportAllocs()
			b.ResetTimer()
			start := cpuTime(b)
			var wg sync.WaitGroup
			for _, hs := range headers {
				wg.Go(func() {
					ctx := request("POST", benchPath, benchBody)
					for _, h := range hs {
						if err := voucherCall(srv, ctx, h); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			b.ReportMetric(float64(cpuTime(b)-start)/float64(time.Microsecond)/float64(per*channels), "cpu-µs/call")
		})
	}
}

// voucherServer sells batch-settlement channels on store (a fresh file
// ledger when nil), verified by chainDouble.
func voucherServer(b *testing.B, store ledger.Store) *edge.Server {
	return benchServer(b, edge.Payments{Facilitator: chainDouble{}, OfferKey: newKey(b), Ledger: store,
		Batch: &x402.BatchTerms{Network: x402.Base.ID, ReceiverAuthorizer: crypto.PubkeyToAddress(newKey(b).PublicKey), WithdrawDelay: 900}})
}

// vouchers are n PAYMENT-SIGNATUREs of a new buyer's channel, paying one
// price more each, as the buyer would send them in turn.
func vouchers(b *testing.B, required *x402.PaymentRequired, n int) []string {
	i := slices.IndexFunc(required.Accepts, func(r x402.Requirements) bool { return r.Scheme == x402.SchemeBatch })
	if i < 0 {
		b.Fatal("no batch-settlement terms")
	}
	buyer := &x402.BatchBuyer{Key: newKey(b), Terms: required.Accepts[i], Resource: required.Resource}
	price, _ := new(big.Int).SetString(buyer.Terms.Amount, 10)
	headers := make([]string, n)
	for i := range headers {
		p, err := buyer.Voucher(new(big.Int).Mul(price, big.NewInt(int64(i+1))))
		if err != nil {
			b.Fatal(err)
		}
		p.Extensions = required.Extensions
		if headers[i], err = x402.EncodeHeader(p); err != nil {
			b.Fatal(err)
		}
	}
	return headers
}

// voucherCall sends one voucher on ctx: an error unless it was answered.
func voucherCall(srv *edge.Server, ctx *fasthttp.RequestCtx, header string) error {
	ctx.Request.Header.Set(x402.HeaderSignature, header)
	ctx.Response.Reset()
	srv.Handler(ctx)
	if ctx.Response.StatusCode() != fasthttp.StatusOK {
		return fmt.Errorf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	return nil
}

// cpuTime is the CPU time the process has used, the garbage collector's
// included.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func newKey(b *testing.B) *ecdsa.PrivateKey {
	key, err := crypto.GenerateKey()
	if err != nil {
		b.Fatal(err)
	}
	return key
}

// The 402 of a real call with sign-in-with-x on: each carries a fresh
// challenge, so its terms are not the same bytes every time.
func BenchmarkUnpaid402SignIn(b *testing.B) {
	srv := benchServer(b, edge.Payments{})
	cfg := *srv.Config()
	cfg.SIWx.Enabled = true
	if err := srv.Reload(&cfg); err != nil {
		b.Fatal(err)
	}
	serve(b, srv, request("POST", benchPath, benchBody), fasthttp.StatusPaymentRequired)
}

// An exact payment's payment-identifier extension, found as the exact
// scheme finds it: the payment decoded, then the member picked out of the
// extensions it echoes.
func BenchmarkPaymentIdentifierLookup(b *testing.B) {
	srv := benchServer(b, edge.Payments{})
	required := benchTerms(b, srv)
	header, _, err := x402.Pay(newKey(b), required, time.Now())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		p, err := x402.DecodePayment(x402.HeaderSignature, header)
		if err != nil {
			b.Fatal(err)
		}
		if p.IdentifierExtension() == nil {
			b.Fatal("no payment-identifier extension")
		}
	}
}
