package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/prometheus/client_golang/prometheus"
)

// canaryFirstRun is how long after start the scheduled canary first buys:
// time for the service to be serving, and for a rollout to show at once
// whether buying still works.
var canaryFirstRun = 15 * time.Second

// scheduleCanary registers the canary's metrics on reg and, when
// canary.every is set, runs the canary against base_url on that schedule
// until ctx ends. stop ends it and waits for a run in progress.
func scheduleCanary(ctx context.Context, cfg *config.Config, reg prometheus.Registerer, log *slog.Logger) (stop func() error, err error) {
	m := newCanaryMetrics(reg)
	k := cfg.Canary
	if k.Every == 0 {
		return func() error { return nil }, nil
	}
	key, err := canaryKey(k.KeyFile)
	if err != nil {
		return nil, fmt.Errorf("canary: %w", err)
	}
	rpc := k.RPC
	if len(rpc) == 0 {
		rpc = cfg.ChainRPC
	}
	c, err := newCanary(canarySettings{Base: cfg.BaseURL, Tool: k.Tool, MaxUSD: k.MaxUSD, RPC: rpc}, key, m)
	if err != nil {
		return nil, fmt.Errorf("canary: %w", err)
	}
	// In the service, a re-sent payment is a log line with its keys, not
	// text on stderr.
	c.buyer.resending = func(lost error, pause time.Duration) {
		log.Warn("canary: no answer yet; sending the same payment again", "tool", k.Tool, "err", lost, "pause", pause)
	}
	log.Info("canary scheduled", "every", time.Duration(k.Every), "tool", k.Tool, "payer", c.address())
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer c.Close()
		wait := canaryFirstRun
		for {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			for _, r := range c.Run(ctx) {
				if r.Err != nil {
					log.Error("canary failed", "network", r.Network, "scheme", r.Scheme, "step", r.Step, "err", r.Err, "took", r.Took)
				} else {
					log.Info("canary passed", "network", r.Network, "scheme", r.Scheme, "tx", r.Tx, "took", r.Took)
				}
			}
			wait = time.Duration(k.Every)
		}
	}()
	return func() error { cancel(); <-done; return nil }, nil
}
