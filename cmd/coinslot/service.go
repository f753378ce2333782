package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/registry/all"
	"github.com/coinslot/coinslot/upstreams/replay"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// sandboxBuyers is how many funded buyer accounts the sandbox chain gets.
const sandboxBuyers = 5

// service is one running coinslot: the edge and everything behind it.
type service struct {
	log     *slog.Logger
	edge    *edge.Server
	runtime *actors.Runtime
	ledger  ledger.Store
	extra   map[string]fasthttp.RequestHandler // by path prefix: /metrics, /facilitator/
	sandbox *facilitator.Sandbox               // nil in production
	closers []func() error
}

// start builds the service for cfg. In sandbox mode it also starts the
// replay server and the simulated chain, and points the config at them.
func start(ctx context.Context, cfg *config.Config, log *slog.Logger) (svc *service, err error) {
	svc = &service{log: log, extra: map[string]fasthttp.RequestHandler{}}
	defer func() {
		if err != nil {
			svc.Close()
		}
	}()
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	svc.extra["/metrics"] = fasthttpadaptor.NewFastHTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))

	pay := edge.Payments{Metrics: reg}
	var finder edge.SettlementFinder // nil: pending settlements are only counted
	opts := actors.Options{Registry: reg, Version: edge.Version, Logger: log}
	if cfg.Mode == config.Sandbox {
		rs, err := replay.Start("127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("replay server: %w", err)
		}
		svc.closers = append(svc.closers, rs.Close)
		opts.Sandbox, opts.ReplayURL = true, rs.URL()

		sb, err := facilitator.NewSandbox(ctx, sandboxBuyers)
		if err != nil {
			return nil, fmt.Errorf("sandbox chain: %w", err)
		}
		svc.closers = append(svc.closers, sb.Close)
		pay.Network, pay.Facilitator = sb.Network, sb.Facilitator
		finder = facilitator.Finder{Chain: sb.Client(), ChainID: sb.Network.ChainID, Asset: sb.Network.Asset}
		cfg.PayTo = sb.PayTo.Hex()
		cfg.FacilitatorURL = strings.TrimRight(cfg.BaseURL, "/") + "/facilitator"
		svc.extra["/facilitator/"] = fasthttpadaptor.NewFastHTTPHandler(http.StripPrefix("/facilitator", sb.Facilitator.HTTPHandler()))
		svc.sandbox = sb
	} else {
		pay.Network = x402.Base
		pay.Facilitator = x402.NewHTTPFacilitator(cfg.FacilitatorURL, cfg.FacilitatorToken)
		if cfg.ChainRPC != "" {
			chain, err := ethclient.DialContext(ctx, cfg.ChainRPC)
			if err != nil {
				return nil, fmt.Errorf("chain_rpc: %w", err)
			}
			svc.closers = append(svc.closers, func() error { chain.Close(); return nil })
			finder = facilitator.Finder{Chain: chain, ChainID: x402.Base.ChainID, Asset: x402.Base.Asset}
		}
	}

	if svc.ledger, err = ledger.Open(ctx, cfg.Ledger.Driver, cfg.Ledger.Path, cfg.Ledger.DSN); err != nil {
		return nil, fmt.Errorf("ledger: %w", err)
	}
	svc.closers = append(svc.closers, svc.ledger.Close)
	pay.Ledger = svc.ledger
	reconciler, err := edge.NewReconciler(edge.Reconciliation{Ledger: svc.ledger, Finder: finder, BaseURL: cfg.BaseURL, Metrics: reg, Log: log})
	if err != nil {
		return nil, err
	}
	reconciling, stopReconciling := context.WithCancel(ctx)
	reconciled := make(chan struct{})
	go func() { defer close(reconciled); reconciler.Run(reconciling, edge.ReconcileEvery) }()
	svc.closers = append(svc.closers, func() error { stopReconciling(); <-reconciled; return nil })

	if svc.runtime, err = actors.New(cfg, opts); err != nil {
		return nil, fmt.Errorf("runtime: %w", err)
	}
	svc.closers = append(svc.closers, func() error { svc.runtime.Close(); return nil })
	if svc.edge, err = edge.New(cfg, svc.runtime, pay); err != nil {
		return nil, err
	}
	svc.edge.SearchCatalogWith(svc.searchCatalog)
	svc.logUnavailable()
	return svc, nil
}

// Handler serves the operator's addresses, then everything else through the edge.
func (svc *service) Handler(ctx *fasthttp.RequestCtx) {
	path := string(ctx.Path())
	for prefix, h := range svc.extra {
		if path == prefix || (strings.HasSuffix(prefix, "/") && strings.HasPrefix(path, prefix)) {
			h(ctx)
			return
		}
	}
	svc.edge.Handler(ctx)
}

// logUnavailable lists the tools that are declared but cannot be sold now.
func (svc *service) logUnavailable() {
	var names []string
	for _, t := range registry.All() {
		if ok, why, _ := svc.runtime.Ready(t); !ok {
			names = append(names, t.Name+" ("+why+")")
		}
	}
	if len(names) > 0 {
		svc.log.Warn("tools unavailable", "count", len(names), "tools", strings.Join(names, ", "))
	}
}

// Close stops everything start started, last first.
func (svc *service) Close() {
	for i := len(svc.closers) - 1; i >= 0; i-- {
		if err := svc.closers[i](); err != nil {
			svc.log.Warn("close", "err", err)
		}
	}
	svc.closers = nil
}

func printSandbox(sb *facilitator.Sandbox, cfg *config.Config) {
	fmt.Fprintf(os.Stderr, "\ncoinslot sandbox: network %s (%s), test USDC %s, seller %s\n",
		sb.Network.ID, sb.Network.Name, sb.Network.Asset.Hex(), cfg.PayTo)
	fmt.Fprintln(os.Stderr, "funded buyer keys (test only; each holds 1000 test USDC):")
	for _, b := range sb.Buyers {
		fmt.Fprintf(os.Stderr, "  %s  %s\n", b.Address.Hex(), b.KeyHex)
	}
	fmt.Fprintf(os.Stderr, "buy a call:  COINSLOT_BUYER_KEY=%s go run ./cmd/coinslot call business_days --data '{}'\n\n", sb.Buyers[0].KeyHex)
}

// watchConfig reloads the config on SIGHUP or when the file changes, and
// hands the new settings to the live runtime and edge. A config with
// problems is logged and ignored: the running one stays.
func (svc *service) watchConfig(ctx context.Context, path, listen string) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	lastMod := modTime(path)
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
		case <-tick.C:
			if m := modTime(path); m.Equal(lastMod) {
				continue
			} else {
				lastMod = m
			}
		}
		svc.reload(path, listen)
	}
}

func (svc *service) reload(path, listen string) {
	cfg, err := loadConfig(path, listen)
	if err != nil {
		svc.log.Error("config reload refused; keeping the running config", "err", err)
		return
	}
	old := svc.edge.Config()
	if cfg.Mode != old.Mode || cfg.Listen != old.Listen || cfg.Ledger != old.Ledger {
		svc.log.Warn("mode, listen and ledger changes take effect at the next start")
		cfg.Mode, cfg.Listen, cfg.Ledger = old.Mode, old.Listen, old.Ledger
	}
	if cfg.Mode == config.Sandbox {
		cfg.PayTo, cfg.FacilitatorURL = old.PayTo, old.FacilitatorURL
	}
	if err := svc.runtime.Reload(cfg); err != nil {
		svc.log.Error("config reload refused by the runtime", "err", err)
		return
	}
	if err := svc.edge.Reload(cfg); err != nil {
		svc.log.Error("config reload refused by the edge", "err", err)
		return
	}
	svc.log.Info("config reloaded")
}

func modTime(path string) time.Time {
	if path == "" {
		return time.Time{}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}

// searchCatalog answers the edge's catalog search proxy from the x402
// catalog source, through the runtime's supervisor for it.
func (svc *service) searchCatalog(ctx context.Context, query string, limit int) (*registry.Result, error) {
	res, cached, err := x402catalog.Find(ctx, svc.runtime.Upstream(), x402catalog.SearchQuery{Query: query, Limit: limit})
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: res, Count: len(res.Resources), Source: x402catalog.Source.Title, Cached: cached}, nil
}
