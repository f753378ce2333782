// Package edge is the fasthttp server: routing, discovery documents, and the
// paid-route pipeline that checks input, asks for payment, runs the tool on
// the actor runtime and settles.
package edge

import (
	"context"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/config"
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
}

// Server serves every address of the interface.
type Server struct {
	cfg           atomic.Pointer[config.Config]
	runtime       Runtime
	started       time.Time
	routes        atomic.Pointer[map[string]fasthttp.RequestHandler] // exact paths, rebuilt on reload
	pay           Payments
	metrics       *paymentMetrics
	offers        atomic.Pointer[map[string]*offer]       // every tool's terms by tool name, rebuilt on reload
	mcp           atomic.Pointer[fasthttp.RequestHandler] // /mcp, rebuilt on reload
	searchCatalog CatalogSearch                           // nil until cmd connects the x402 catalog
}

// New builds a server for cfg.
func New(cfg *config.Config, rt Runtime, pay Payments) (*Server, error) {
	metrics, err := newPaymentMetrics(pay.Metrics)
	if err != nil {
		return nil, err
	}
	s := &Server{runtime: rt, started: time.Now(), pay: pay, metrics: metrics}
	if err := s.Reload(cfg); err != nil {
		return nil, err
	}
	return s, nil
}

// Reload swaps in a new configuration and rebuilds every document from it.
// Requests in flight finish with the documents they started with.
func (s *Server) Reload(cfg *config.Config) error {
	routes, err := s.buildRoutes(cfg)
	if err != nil {
		return err
	}
	offers, err := s.buildOffers(cfg)
	if err != nil {
		return err
	}
	mcp, err := s.buildMCP(cfg)
	if err != nil {
		return err
	}
	s.cfg.Store(cfg)
	s.routes.Store(&routes)
	s.offers.Store(&offers)
	s.mcp.Store(&mcp)
	return nil
}

// Handler is the fasthttp entry point.
func (s *Server) Handler(ctx *fasthttp.RequestCtx) {
	// Indexing with string(raw) copies nothing: the documents and the paid
	// routes are found without an allocation.
	raw := ctx.Path()
	if h, ok := (*s.routes.Load())[string(raw)]; ok {
		h(ctx)
		return
	}
	path := string(raw)
	if path == registry.PathMCP {
		(*s.mcp.Load())(ctx)
		return
	}
	if tx, ok := strings.CutPrefix(path, "/receipt/"); ok && tx != "" {
		s.serveReceipt(ctx, tx)
		return
	}
	writeError(ctx, fasthttp.StatusNotFound, "not_found", "no route "+path, nil)
}

// Config is the configuration the server runs with now.
func (s *Server) Config() *config.Config { return s.cfg.Load() }

// HTTPServer is the fasthttp server for the edge's handler h (the edge's own,
// or one that wraps it), with the limits the edge relies on.
func HTTPServer(h fasthttp.RequestHandler) *fasthttp.Server {
	return &fasthttp.Server{
		Handler: h,
		Name:    "coinslot",
		// The edge answers oversized bodies itself with a JSON 413; this cap
		// only stops abuse far beyond max_body_bytes.
		MaxRequestBodySize: 4 << 20,
		// Payment headers echo the 402's extensions and run past 12 KiB; the
		// buffer holds a maximal one (x402.MaxHeaderBytes) with the rest of
		// the request head, so the edge, not fasthttp, answers oversized ones.
		ReadBufferSize:        x402.MaxHeaderBytes + 16<<10,
		ReadTimeout:           30 * time.Second,
		WriteTimeout:          90 * time.Second,
		IdleTimeout:           120 * time.Second,
		NoDefaultServerHeader: true,
	}
}
