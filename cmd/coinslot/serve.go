package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
)

const serveUsage = `Runs the service: the sandbox (simulated chain, recorded upstreams) unless the
config says mode: production. Without base_url, the sandbox is reached at its
listen address (loopback when it listens on every interface).

The config file is reloaded when it changes or on SIGHUP; a file with problems
(an empty one too) is refused whole and the running configuration stays.
Keys only a start reads (listen, limits, ledger, cluster, log.format...) keep
their running values and are logged as waiting for the next start.

On SIGTERM /readyz answers 503 at once and serving goes on for shutdown_delay
(so load balancers see it) and for the calls in flight, until shutdown_timeout;
then the listener closes and the process exits. Ctrl-C skips the delay.

Environment:
  COINSLOT_CONFIG        the config file, when --config is not given
  COINSLOT_<KEY_PATH>    any config key, e.g. COINSLOT_BASE_URL, COINSLOT_PAY_TO,
                         COINSLOT_LEDGER_DSN, COINSLOT_UPSTREAMS_SEC_RATE; one
                         that names no key is logged as ignored
  <SOURCE>_API_KEY ...   upstream keys; coinslot sources lists each variable

Flags:
`

func runServe(args []string) int {
	fs := newFlags("serve", serveUsage)
	cfgPath := fs.String("config", os.Getenv("COINSLOT_CONFIG"), "config file (YAML); defaults and COINSLOT_* variables apply without one")
	listen := fs.String("listen", "", "listen address, overriding the config's listen")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	cfg, err := config.Load(*cfgPath, config.Options{Listen: *listen, Upstreams: sourceNames(), PaidTools: paidToolNames(), Networks: networkNames()})
	if err != nil {
		fmt.Fprintf(os.Stderr, "coinslot: config %s:\n%v\n", *cfgPath, err)
		return 1
	}
	level := new(slog.LevelVar)
	_ = level.UnmarshalText([]byte(cfg.Log.Level)) // validated with the config
	out := newLogWriter(os.Stderr)
	defer out.Close()
	log := newLogger(out, cfg.Log.Format, level)
	slog.SetDefault(log) // the standard log package's lines go through it too
	for _, p := range config.UnknownVariables(os.Environ(), sourceNames()) {
		log.Warn("environment variable ignored", "variable", p.Key, "problem", p.Message)
	}
	ctx, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		select {
		case s := <-signals:
			cause := context.Canceled
			if s == os.Interrupt {
				cause = errInterrupted
			}
			stop(cause)
		case <-ctx.Done():
		}
	}()

	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		startFailed(out, log, cfg.Log, fmt.Sprintf("cannot listen on %s: %v; choose another address with --listen or COINSLOT_LISTEN", cfg.Listen, err))
		return 1
	}
	svc, err := start(ctx, cfg, log)
	if err != nil {
		ln.Close()
		startFailed(out, log, cfg.Log, strings.Join(strings.Fields(err.Error()), " ")) // one line, whatever the cause's own layout
		return 1
	}
	svc.listenFlag, svc.level = *listen, level
	if svc.sandbox != nil {
		sandboxBanner(out, cfg.Log.Format, svc.sandbox, cfg)
	}
	go svc.watchConfig(ctx, *cfgPath)
	err = svc.serve(ctx, ln)
	svc.Close()
	if err != nil {
		log.Error("serving failed", "err", err)
		return 1
	}
	log.Info("stopped")
	return 0
}

// errInterrupted ends serving on Ctrl-C: a person at a terminal, for whom
// no load balancer needs the drain delay.
var errInterrupted = errors.New("interrupted")

// serve answers on ln until ctx ends, then drains: /readyz turns 503 at once
// while serving goes on for shutdown_delay (unless ctx ended with
// errInterrupted), so that load balancers see it and send no more, and for
// the calls in flight, until shutdown_timeout after the signal. What is
// still running then is cut off when the service closes: a paid call whose
// tool has not answered fails and is not settled.
func (svc *service) serve(ctx context.Context, ln net.Listener) error {
	cfg := svc.edge.Config()
	srv := edge.HTTPServer(svc.Handler, cfg.Limits)
	srv.Logger = slog.NewLogLogger(svc.log.Handler(), slog.LevelWarn) // fasthttp's own lines, as the service's
	caps := edge.SizeConnLimits(cfg.Limits)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(edge.LimitListener(ln, caps)) }()
	svc.log.Info("serving", "listen", ln.Addr().String(), "base_url", cfg.BaseURL, "mode", cfg.Mode,
		"connections", caps.Total, "connections_per_ip", caps.PerIP)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	svc.edge.Unready(edge.NotReadyDraining)
	cfg = svc.edge.Config() // a reload keeps the shutdown keys as they were at start
	delay, timeout := time.Duration(cfg.ShutdownDelay), time.Duration(cfg.ShutdownTimeout)
	if errors.Is(context.Cause(ctx), errInterrupted) {
		delay = 0
	}
	begun := time.Now()
	svc.log.Info("shutting down: /readyz answers 503; serving on for the drain delay and the calls in flight",
		"delay", delay, "in_flight", svc.inflight.Load(), "deadline", timeout)
	time.Sleep(delay)
	for svc.inflight.Load() > 0 && time.Since(begun) < timeout {
		time.Sleep(20 * time.Millisecond)
	}
	drain, cancel := context.WithDeadline(context.Background(), begun.Add(timeout))
	defer cancel()
	if err := srv.ShutdownWithContext(drain); err != nil {
		svc.log.Warn("shutdown deadline passed; calls still in flight are cut off and not settled", "in_flight", svc.inflight.Load(), "err", err)
	}
	return nil
}
