package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
)

func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	cfgPath := fs.String("config", os.Getenv("COINSLOT_CONFIG"), "config file (YAML); defaults and COINSLOT_* variables apply without one")
	listen := fs.String("listen", "", "listen address, overriding the config's listen")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := loadConfig(*cfgPath, *listen)
	if err != nil {
		fmt.Fprintf(os.Stderr, "coinslot: config:\n%v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	svc, err := start(ctx, cfg, log)
	if err != nil {
		log.Error("start failed", "err", err)
		return 1
	}
	defer svc.Close()
	if svc.sandbox != nil {
		printSandbox(svc.sandbox, cfg)
	}
	go svc.watchConfig(ctx, *cfgPath, *listen)

	srv := edge.HTTPServer(svc.Handler)
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe(cfg.Listen) }()
	log.Info("serving", "listen", cfg.Listen, "base_url", cfg.BaseURL, "mode", cfg.Mode)
	select {
	case err := <-errc:
		log.Error("listen failed", "err", err)
		return 1
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing calls in flight")
	if err := srv.ShutdownWithContext(context.Background()); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("shutdown", "err", err)
	}
	return 0
}

// loadConfig reads the file, the environment and the --listen override.
func loadConfig(path, listen string) (*config.Config, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	if listen != "" {
		cfg.Listen = listen
	}
	return cfg, nil
}
