package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	_ "github.com/coinslot/coinslot/registry/all"
	"github.com/coinslot/coinslot/upstreams/x402catalog"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// sandboxBuyers is how many funded buyer accounts the sandbox chain gets.
const sandboxBuyers = 5

// pathSandboxRPC serves the sandbox chain's JSON-RPC.
const pathSandboxRPC = "/sandbox/rpc"

// service is one running coinslot: the edge and everything behind it.
type service struct {
	log     *slog.Logger
	edge    *edge.Server
	runtime *actors.Runtime
	ledger  ledger.Store
	extra   map[string]fasthttp.RequestHandler // by path prefix: /metrics, /facilitator/
	sandbox *facilitator.Sandbox               // nil in production
	claimer *upkeep.Claimer                    // nil when batch-settlement is not offered
	closers []func() error
	metrics *prometheus.Registry // what /metrics serves

	configPoll time.Duration  // how often watchConfig looks at the file's mtime; defaultConfigPoll when zero
	listenFlag string         // serve's --listen, which outranks the file's listen
	level      *slog.LevelVar // the logger's level, which a reload sets; nil: log.level waits for a restart
	inflight   atomic.Int64   // requests being answered, except probes
}

// How often /readyz's dependencies are probed in the background, and how
// long a probe may take.
const (
	readinessEvery   = 10 * time.Second
	readinessTimeout = 3 * time.Second
)

// defaultConfigPoll is how often a running service looks for a changed config file.
const defaultConfigPoll = 2 * time.Second

// start builds the service for cfg. In sandbox mode it also starts the
// replay server and the simulated chain, and points the config at them.
func start(ctx context.Context, cfg *config.Config, log *slog.Logger) (_ *service, err error) {
	svc := &service{log: log, extra: map[string]fasthttp.RequestHandler{}}
	defer func() {
		if err != nil {
			svc.Close()
		}
	}()
	reg := prometheus.NewRegistry()
	svc.metrics = reg
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	svc.extra["/metrics"] = fasthttpadaptor.NewFastHTTPHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))

	pay := edge.Payments{Metrics: reg, Log: log}
	if pay.OfferKey, err = readKey(cfg.OfferReceipt.KeyFile, "COINSLOT_OFFER_KEY", "offer"); err != nil {
		return nil, fmt.Errorf("offer_receipt: %w", err)
	}
	opts := actors.Options{Registry: reg, Version: edge.Version, Logger: log}
	chains, checks, err := svc.dialChains(ctx, cfg)
	if err != nil {
		return nil, err
	}
	var reads chainReads // what the jobs beside the calls read the chains through
	sandboxChain, err := svc.sellOn(ctx, cfg, chains, &pay, &reads, &opts)
	if err != nil {
		return nil, err
	}
	pay.Wallets = reads.wallets // contract wallets sign in (sign-in-with-x) through the chains the jobs read
	supported, err := askSupported(ctx, pay.Facilitator)
	if down := (*x402.MembersDown)(nil); errors.As(err, &down) {
		log.Warn("facilitators down: each is passed over until its /supported answers", "down", err)
		err = nil
	}
	if err != nil {
		log.Warn("the facilitator's /supported cannot be read: every configured network is offered, and readiness waits for it", "err", err)
	} else if cfg.Mode == config.Production {
		pay.Networks = settled(pay.Networks, supported, log)
	}
	pay.Supported = supported
	if cfg.BatchSettlement.Enabled {
		if pay.Batch, err = batchTerms(cfg, pay.Networks, supported); err != nil {
			log.Warn("batch-settlement is not offered", "err", err)
		}
	}

	if svc.ledger, err = openServiceLedger(ctx, cfg.Ledger, sandboxChain, log); err != nil {
		return nil, err
	}
	svc.closers = append(svc.closers, svc.ledger.Close)
	pay.Ledger = svc.ledger
	checks = append(checks, edge.Check{Why: "the ledger is unreachable", Probe: func(ctx context.Context) error {
		if _, err := svc.ledger.Receipt(ctx, "0x0"); !errors.Is(err, ledger.ErrNotFound) {
			return err
		}
		return nil
	}})
	if svc.runtime, err = actors.New(cfg, opts); err != nil {
		return nil, fmt.Errorf("runtime: %w", err)
	}
	svc.closers = append(svc.closers, func() error { svc.runtime.Close(); return nil })
	if svc.edge, err = edge.New(cfg, svc.runtime, pay); err != nil {
		return nil, err
	}
	svc.edge.SearchCatalogWith(svc.searchCatalog)
	if err := svc.startJobs(ctx, cfg, pay, reads, checks); err != nil {
		return nil, err
	}
	svc.logUnavailable()
	return svc, nil
}

// startJobs starts what runs beside the calls: the reconciler and, when
// batch-settlement is offered, the claimer (upkeep.Jobs), the readiness
// watch over checks and the facilitator's /supported, and the scheduled
// canary. Close stops them.
func (svc *service) startJobs(ctx context.Context, cfg *config.Config, pay edge.Payments, reads chainReads, checks []edge.Check) error {
	reconciler, err := upkeep.NewReconciler(upkeep.Reconciliation{Ledger: svc.ledger, Finders: reads.finders, BaseURL: cfg.BaseURL, Deposits: svc.edge, Metrics: svc.metrics, Log: svc.log})
	if err != nil {
		return err
	}
	var watch upkeep.ChannelChain // the chain batch-settlement's channels live on
	if pay.Batch != nil {
		watch = reads.channels[pay.Batch.Network]
	}
	if svc.claimer, err = svc.edge.Claimer(watch); err != nil {
		return err
	}
	if svc.claimer != nil && watch == nil {
		svc.log.Warn("batch-settlement channels are not watched on chain: set chain_rpc to an endpoint of their network, or a buyer's withdrawal is learnt only at the next verify", "network", pay.Batch.Network)
	}
	watching, stopWatch := context.WithCancel(ctx)
	jobs := &upkeep.Jobs{Reconciler: reconciler, Claimer: svc.claimer, ClaimEvery: time.Duration(cfg.BatchSettlement.ClaimEvery)}
	jobs.Start(ctx)
	svc.closers = append(svc.closers, func() error { stopWatch(); jobs.Stop(); return nil })
	if f, ok := pay.Facilitator.(remoteSupported); ok {
		checks = append(checks, svc.edge.SupportedCheck(f.Supported))
	}
	svc.edge.Watch(watching, readinessEvery, readinessTimeout, checks...)
	stopCanary, err := scheduleCanary(ctx, cfg, svc.metrics, svc.log)
	if err != nil {
		return err
	}
	svc.closers = append(svc.closers, stopCanary)
	return nil
}

// Handler serves the operator's addresses, then everything else through the edge.
func (svc *service) Handler(ctx *fasthttp.RequestCtx) {
	path := string(ctx.Path())
	if path != registry.PathHealth && path != registry.PathReady { // probes must not hold a shutdown up
		svc.inflight.Add(1)
		defer svc.inflight.Add(-1)
	}
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

// watchConfig reloads the config on SIGHUP or when the file changes, and
// hands the new settings to the live runtime and edge. A config with
// problems is logged and ignored: the running one stays.
func (svc *service) watchConfig(ctx context.Context, path string) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	tick := time.NewTicker(cmp.Or(svc.configPoll, defaultConfigPoll))
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
		svc.reload(path)
	}
}

// atStart are the keys, or whole sections, that only a start reads: what
// start builds from them (the listener, the logger, the facilitator, the
// ledger, the connection guards, Redis, the claimer) outlives a reload.
// mode is the process's: a reload is loaded in it.
var atStart = []string{
	"mode", "listen", "shutdown_delay", "shutdown_timeout", "network", "custom_networks", "chain_rpc", "facilitator_url", "facilitator_token",
	"facilitator_auth", "facilitators", "facilitator_breaker",
	"batch_settlement.enabled", "batch_settlement.withdraw_delay", "batch_settlement.receiver_authorizer", "batch_settlement.claim_every",
	"ledger", "limits", "cluster", "log.format", "log.level", "canary",
	"offer_receipt", "sandbox",
}

// atReload are the keys, or whole sections, that every reload reads again:
// the terms and documents the edge prepares, the runtime's sources and
// cache, and what calls and the claimer read from the configuration in
// force. Every key is in this list or in atStart, never both.
var atReload = []string{
	"base_url", "pay_to", "max_timeout_seconds", "validity_horizon", "max_body_bytes", "batch_settlement.claim_above",
	"cache", "upstreams", "siwx", "payment_identifier_required", "log.unpaid_402_every",
}

// under reports whether key is one of keys or inside one of their sections.
func under(keys []string, key string) bool {
	return slices.ContainsFunc(keys, func(k string) bool { return key == k || strings.HasPrefix(key, k+".") })
}

// ownFacilitator is where a sandbox that runs its own chain serves its
// facilitator: below the service's base URL.
func ownFacilitator(baseURL string) string { return strings.TrimRight(baseURL, "/") + "/facilitator" }

// reload builds the whole configuration in path, in the mode the process
// runs in, and puts it in force only when the runtime and the edge have
// both prepared it: a refused reload changes nothing and logs every problem.
// A changed key that only a start reads keeps its running value and is
// logged as waiting for the restart; log.level is applied at once when the
// service has a level to set.
func (svc *service) reload(path string) {
	old := svc.edge.Config()
	opts := config.Options{Listen: old.Listen, Mode: old.Mode, Upstreams: sourceNames(), PaidTools: paidToolNames(), Networks: networkNames()}
	cfg, err := config.Load(path, opts)
	if err != nil {
		svc.refuse(err)
		return
	}
	if cfg.Mode == config.Sandbox {
		cfg.PayTo, cfg.FacilitatorURL = old.PayTo, old.FacilitatorURL
		if svc.sandbox != nil { // its own facilitator is reached where the service is
			cfg.FacilitatorURL = ownFacilitator(cfg.BaseURL)
		}
	}
	keep := slices.DeleteFunc(slices.Clone(atStart), func(k string) bool {
		return k == "log.level" && svc.level != nil || k == "facilitator_url" && svc.sandbox != nil
	})
	var waiting []string
	// listen is loaded as the running one, so that a sandbox's base_url
	// stays where it is reached; the file's own is read apart.
	if svc.listenFlag == "" {
		opts.Listen = ""
		if written, err := config.Load(path, opts); err == nil && written.Listen != old.Listen {
			waiting = append(waiting, "listen")
		}
	}
	var applied []string
	for _, key := range config.Changed(old, cfg) {
		if under(keep, key) {
			waiting = append(waiting, key)
		} else if under(atReload, key) {
			applied = append(applied, key)
		}
	}
	cfg.Keep(old, keep...)
	settings, errRuntime := svc.runtime.Prepare(cfg)
	gen, errEdge := svc.edge.Prepare(cfg)
	if err := errors.Join(errRuntime, errEdge); err != nil {
		svc.refuse(err)
		return
	}
	svc.runtime.Apply(settings)
	svc.edge.Apply(gen)
	for _, key := range waiting {
		svc.log.Warn("config change takes effect at the next start", "key", key)
	}
	for _, key := range applied {
		svc.log.Info("config change applied", "key", key)
	}
	if svc.level != nil {
		var level slog.Level
		_ = level.UnmarshalText([]byte(cfg.Log.Level)) // validated with the config
		svc.level.Set(level)
	}
	svc.log.Info("config reloaded")
}

// refuse logs each problem of a refused reload on its own line.
func (svc *service) refuse(err error) {
	var problems config.Problems
	if !errors.As(err, &problems) {
		for _, line := range strings.Split(err.Error(), "\n") {
			problems = append(problems, config.Problem{Key: "(config)", Message: line})
		}
	}
	for _, p := range problems {
		svc.log.Error("config reload refused; keeping the running config", "key", p.Key, "line", p.Line, "column", p.Column, "problem", p.Message)
	}
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

// searchCatalog answers the edge's free catalog search proxy from the x402
// catalog's proxy source, whose budget is its own: it never spends the paid
// tools'.
func (svc *service) searchCatalog(ctx context.Context, query string, limit int) (*registry.Result, error) {
	res, cached, err := x402catalog.ProxyFind(ctx, svc.runtime.Upstream(), x402catalog.SearchQuery{Query: query, Limit: limit})
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: res, Count: len(res.Resources), Source: x402catalog.Source.Title, Cached: cached}, nil
}

// askSupported reads the facilitator's /supported, within the readiness
// probe's time.
func askSupported(ctx context.Context, f x402.Facilitator) (*x402.Supported, error) {
	switch f := f.(type) {
	case *facilitator.Facilitator:
		return f.Supported(), nil
	case remoteSupported:
		ctx, cancel := context.WithTimeout(ctx, readinessTimeout)
		defer cancel()
		return f.Supported(ctx)
	}
	return nil, fmt.Errorf("the facilitator cannot be asked what it supports")
}

// remoteSupported is a facilitator asked for its /supported over the
// network: one (x402.HTTPFacilitator) or several (x402.Failover), which
// routes payments by what each answers and passes over those that do not.
type remoteSupported interface {
	Supported(ctx context.Context) (*x402.Supported, error)
}

// batchTerms are the channel parameters of batch-settlement, on the first
// network it can be offered on: one the facilitator lists it for, with the
// configured receiver authorizer or the one the facilitator advertises
// there. Channels are claimed on one chain, so one network offers them.
func batchTerms(cfg *config.Config, nets []x402.Network, supported *x402.Supported) (*x402.BatchTerms, error) {
	terms := &x402.BatchTerms{WithdrawDelay: uint64(time.Duration(cfg.BatchSettlement.WithdrawDelay) / time.Second)}
	if a := cfg.BatchSettlement.ReceiverAuthorizer; a != "" {
		terms.Network, terms.ReceiverAuthorizer = nets[0].ID, common.HexToAddress(a)
		return terms, nil
	}
	if supported == nil {
		return nil, fmt.Errorf("the facilitator's /supported could not be read for its receiver authorizer")
	}
	for _, n := range nets {
		if a, ok := supported.ReceiverAuthorizer(n.ID); ok {
			terms.Network, terms.ReceiverAuthorizer = n.ID, a
			return terms, nil
		}
	}
	return nil, fmt.Errorf("the facilitator does not settle %s on %v; set batch_settlement.receiver_authorizer to offer it anyway", x402.SchemeBatch, ids(nets))
}
