// Package edge is the fasthttp server: routing, discovery documents, and the
// paid-route pipeline that checks input, asks for payment, runs the tool on
// the actor runtime and settles.
package edge

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// Version is the interface version the service reports.
const Version = "0.13.0"

// Runtime runs tools; the actor system implements it.
type Runtime interface {
	// Ready says whether a tool can be sold now: it has a handler, its
	// upstream keys are configured and no circuit is open.
	Ready(t *registry.Tool) (ok bool, why string, retryAfter time.Duration)
	// Run executes one validated call.
	Run(ctx context.Context, t *registry.Tool, args registry.Args) (*registry.Result, error)
	// Sources reports every upstream source's circuit, restarts, key and
	// settings in effect, without waiting on any actor.
	Sources() []actors.SourceStatus
}

// Server serves every address of the interface.
type Server struct {
	gen           atomic.Pointer[Generation] // replaced whole on reload
	siwxKey       atomic.Pointer[[]byte]     // the ledger's sign-in-with-x key, once read
	cfg           current[config.Config]
	runtime       Runtime
	started       time.Time
	pay           Payments
	metrics       *paymentMetrics
	searchCatalog CatalogSearch // nil until cmd connects the x402 catalog
	unready       readiness     // why the server does not take new work, if it does not
	guard         *guard        // admission limits, read from the config at start
	fair          *fairness     // turns per client address, read from the config at start
	http          *httpMetrics
	unpaid402     atomic.Uint64      // unpaid 402s answered, to sample their access lines
	channels      upkeep.ChannelBook // batch-settlement channels: one call at a time each, and their records
	calls         calls              // exact-payment calls running here, for their duplicates to wait on
	tasks         taskStore          // the A2A tasks of this instance
}

// New builds a server for cfg.
func New(cfg *config.Config, rt Runtime, pay Payments) (*Server, error) {
	metrics, err := newPaymentMetrics(pay.Metrics)
	if err != nil {
		return nil, err
	}
	if pay.Ledger != nil {
		pay.Ledger = meteredLedger{pay.Ledger, metrics}
	}
	s := &Server{runtime: rt, started: time.Now(), pay: pay, metrics: metrics, http: metrics.http, guard: newGuard(cfg.Limits), fair: newFairness(cfg.Limits.WorkPerIP)}
	s.readGenerations()
	if err := s.Reload(cfg); err != nil {
		return nil, err
	}
	return s, nil
}

// Reload prepares the generation for cfg and serves it; one that cannot be
// built changes nothing. A process whose runtime reloads too prepares both
// before it applies either.
func (s *Server) Reload(cfg *config.Config) error {
	g, err := s.Prepare(cfg)
	if err != nil {
		return err
	}
	s.Apply(g)
	return nil
}

// Config is the configuration the server runs with now.
func (s *Server) Config() *config.Config { return s.cfg.Load() }

// HTTPServer is the fasthttp server for the edge's handler h (the edge's own,
// or one that wraps it), with the limits the edge relies on and the timeouts
// of l. A slow sender is cut off at the read timeout; connections are capped
// by the listener (LimitListener).
func HTTPServer(h fasthttp.RequestHandler, l config.Limits) *fasthttp.Server {
	return &fasthttp.Server{
		Handler:      h,
		ErrorHandler: unreadable,
		Name:         "coinslot",
		// The edge answers oversized bodies itself with a JSON 413; this cap
		// only stops abuse far beyond max_body_bytes, and is answered with
		// the same 413.
		MaxRequestBodySize: maxReadBody,
		// Payment headers echo the 402's extensions and run past 12 KiB; the
		// buffer holds a maximal one (x402.MaxHeaderBytes) with the rest of
		// the request head, so the edge, not fasthttp, answers oversized ones.
		ReadBufferSize:        readBuffer,
		WriteBufferSize:       writeBuffer,
		ReadTimeout:           time.Duration(l.ReadTimeout),
		WriteTimeout:          90 * time.Second,
		IdleTimeout:           time.Duration(l.IdleTimeout),
		NoDefaultServerHeader: true,
	}
}

// readBuffer holds a maximal payment header (x402.MaxHeaderBytes) with the
// rest of the request head; a longer head is answered 431.
const readBuffer = x402.MaxHeaderBytes + 16<<10

// writeBuffer holds a whole 402 (TestEvery402LeavesInOneWrite holds every
// tool's to it), so that its terms and body leave in one write: with
// fasthttp's 4 KiB default the PAYMENT-REQUIRED header, longer than the
// buffer, went out in a write of its own.
const writeBuffer = 20 << 10

// maxReadBody is the largest body the server reads at all.
const maxReadBody = 4 << 20

// unreadable answers, in the one error shape, a request fasthttp could not
// read: headers past its buffer, a body past maxReadBody, a slow client or
// broken HTTP.
func unreadable(ctx *fasthttp.RequestCtx, err error) {
	var small *fasthttp.ErrSmallBuffer
	var netErr *net.OpError
	switch {
	case errors.As(err, &small):
		writeError(ctx, registry.CodeHeaderTooLarge, fmt.Sprintf("the request headers are over %d bytes", readBuffer), nil)
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		writeError(ctx, registry.CodeBodyTooLarge, fmt.Sprintf("the body is over %d bytes", maxReadBody), nil)
	case errors.As(err, &netErr) && netErr.Timeout():
		writeError(ctx, registry.CodeRequestTimeout, "the request was not received in time", nil)
	default:
		writeError(ctx, registry.CodeBadRequest, "the request is not valid HTTP", nil)
	}
}
