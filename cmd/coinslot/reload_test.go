package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/config"
)

// terms are a route's answer to a call without payment.
type terms struct {
	status int
	header string // PAYMENT-REQUIRED
	body   []byte
}

func unpaidCall(t *testing.T, base string) terms {
	t.Helper()
	res, err := client.Post(base+"/paid/utility/business-days", "application/json", strings.NewReader(`{"days_ahead":5}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return terms{res.StatusCode, res.Header.Get("Payment-Required"), body}
}

// reloadService runs a service on a loopback port from the config file
// first, and returns it with its base URL and log.
func reloadService(t *testing.T, first func(base, dir string) string) (*service, string, string, *logRecorder) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base, dir := "http://"+ln.Addr().String(), t.TempDir()
	path := filepath.Join(dir, "coinslot.yaml")
	if err := os.WriteFile(path, []byte(first(base, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path, config.Options{Upstreams: sourceNames()})
	if err != nil {
		t.Fatal(err)
	}
	logs := &logRecorder{}
	return startService(t, ln, cfg, slog.New(logs)), base, path, logs
}

// assertRefused reloads body and checks that it was refused with problem
// and that the 402 and the upstream settings in force are as before.
func assertRefused(t *testing.T, svc *service, base, path string, logs *logRecorder, body, problem string) {
	t.Helper()
	before, settings := unpaidCall(t, base), catalogSettings(t, base)
	if before.status != http.StatusPaymentRequired || before.header == "" {
		t.Fatalf("before the reload: HTTP %d, PAYMENT-REQUIRED %q", before.status, before.header)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	refusals := logs.count("config reload refused")
	svc.reload(path)
	if logs.count("config reload refused") == refusals || logs.count("config reloaded") > 0 {
		t.Fatalf("not refused; log: %q", logs.lines)
	}
	if got := logs.last("config reload refused"); !strings.Contains(got, problem) {
		t.Errorf("refusal logged as %q, want it to hold %q", got, problem)
	}
	after := unpaidCall(t, base)
	if after.status != before.status || after.header != before.header || !bytes.Equal(after.body, before.body) {
		t.Errorf("the 402 changed:\n%d %s\n%s\nwas\n%d %s\n%s", after.status, after.header, after.body, before.status, before.header, before.body)
	}
	if got := catalogSettings(t, base); got != settings {
		t.Errorf("upstream settings changed: %+v, were %+v", got, settings)
	}
}

// An empty file, a file cut short, a file with a bad value and one with a
// misspelt upstream are each refused whole: the terms and the upstream
// settings in force stay.
func TestRefusedReloadsChangeNothing(t *testing.T) {
	var full string
	svc, base, path, logs := reloadService(t, func(base, dir string) string {
		full = fmt.Sprintf("base_url: %s\nledger:\n  path: %s\nmax_timeout_seconds: 120\nupstreams:\n  x402_catalog_search:%s",
			base, filepath.Join(dir, "ledger.db"), fastCatalog)
		return full
	})
	if got := catalogSettings(t, base); got != fastSettings {
		t.Fatalf("at start: %+v", got)
	}
	cut := strings.Index(full, "concurrency:") + len("concurrency:")
	for _, c := range []struct{ name, body, problem string }{
		{"empty", "", `key=(file) line=0 column=0 problem=has no keys (it is empty or only comments); to run on the defaults, start without a config file`},
		{"comment only", "# nothing\n", `key=(file) line=0 column=0 problem=has no keys (it is empty or only comments); to run on the defaults, start without a config file`},
		{"syntax error", strings.Replace(full, "max_timeout_seconds: 120", "max_timeout_seconds: 120: 5", 1),
			`key=(file) line=4 column=0 problem=mapping values are not allowed in this context`},
		{"key set twice", full + "\nmax_timeout_seconds: 90\n",
			`key=max_timeout_seconds line=13 column=1 problem=is set twice; the first is at 4:1`},
		{"truncated", full[:cut], `key=upstreams.x402_catalog_search.concurrency line=9 column=17 problem=has no value`},
		{"bad value", strings.Replace(full, "max_timeout_seconds: 120", "max_timeout_seconds: 5", 1),
			`key=max_timeout_seconds line=4 column=22 problem=must be between 10 and 3600, got 5`},
		{"misspelt upstream", strings.Replace(full, "x402_catalog_search:", "x402_catalgo_search:", 1),
			`key=upstreams.x402_catalgo_search line=6 column=3 problem=unknown upstream; did you mean x402_catalog_search?`},
	} {
		t.Run(c.name, func(t *testing.T) { assertRefused(t, svc, base, path, logs, c.body, c.problem) })
	}
}

// In production a file without the seller wallet is refused, even one that
// says it is a sandbox file: a reload is validated in the mode the process
// runs in.
func TestProductionReloadWithoutPayToChangesNothing(t *testing.T) {
	const seller = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"
	var file string
	svc, base, path, logs := reloadService(t, func(base, dir string) string {
		file = fmt.Sprintf("mode: production\nbase_url: %s\npay_to: %q\nfacilitator_url: http://127.0.0.1:9/facilitator\nledger:\n  path: %s\nupstreams:\n  x402_catalog_search:%s",
			base, seller, filepath.Join(dir, "ledger.db"), fastCatalog)
		return file
	})
	if got := unpaidCall(t, base); !strings.Contains(string(got.body), seller) {
		t.Fatalf("the 402 does not name the seller: %s", got.body)
	}
	withoutPayTo := strings.Replace(file, fmt.Sprintf("pay_to: %q\n", seller), "", 1)
	assertRefused(t, svc, base, path, logs, withoutPayTo, `key=pay_to line=0 column=0 problem=production needs the seller wallet`)
	asSandbox := strings.Replace(withoutPayTo, "mode: production", "mode: sandbox", 1)
	assertRefused(t, svc, base, path, logs, asSandbox, `key=pay_to line=0 column=0 problem=production needs the seller wallet`)
}

// A reload that changes keys only a start reads names each of them as
// waiting for the restart and keeps their running values, while the rest
// of the file applies; log.level applies at once.
func TestReloadNamesKeysThatWaitForARestart(t *testing.T) {
	var full string
	svc, _, path, logs := reloadService(t, func(base, dir string) string {
		full = fmt.Sprintf("base_url: %s\nledger:\n  path: %s\nmax_timeout_seconds: 120\nupstreams:\n  x402_catalog_search:%s",
			base, filepath.Join(dir, "ledger.db"), fastCatalog)
		return full
	})
	svc.level = new(slog.LevelVar)
	old := *svc.edge.Config()
	changed := strings.Replace(full, "max_timeout_seconds: 120", "max_timeout_seconds: 90", 1) +
		"\nlisten: 127.0.0.1:1\nshutdown_timeout: 5s\nlimits: {verifies: 3}\ncluster: {namespace: other}\nlog: {format: json, level: debug}\n"
	changed = strings.Replace(changed, "ledger.db", "other.db", 1)
	if err := os.WriteFile(path, []byte(changed), 0o600); err != nil {
		t.Fatal(err)
	}
	svc.reload(path)
	var waiting []string
	for _, line := range logs.snapshot() {
		if strings.HasPrefix(line, "config change takes effect at the next start") {
			waiting = append(waiting, strings.TrimPrefix(line, "config change takes effect at the next start "))
		}
	}
	want := []string{"key=listen", "key=shutdown_timeout", "key=ledger.path", "key=limits.verifies", "key=cluster.namespace", "key=log.format"}
	if !slices.Equal(waiting, want) || logs.count("config reloaded") != 1 {
		t.Errorf("waiting for a restart: %q, want %q; log: %q", waiting, want, logs.snapshot())
	}
	cfg := svc.edge.Config()
	if cfg.MaxTimeoutSeconds != 90 || cfg.Log.Level != "debug" || svc.level.Level() != slog.LevelDebug {
		t.Errorf("not applied: max_timeout_seconds %d, log.level %q, level %v", cfg.MaxTimeoutSeconds, cfg.Log.Level, svc.level.Level())
	}
	if cfg.Listen != old.Listen || cfg.ShutdownTimeout != old.ShutdownTimeout || cfg.Ledger != old.Ledger || cfg.Limits != old.Limits || cfg.Cluster != old.Cluster || cfg.Log.Format != old.Log.Format {
		t.Errorf("a key read at start changed in the running config: %+v, was %+v", cfg, old)
	}

	// Without a level to set, log.level waits too.
	svc.level = nil
	if err := os.WriteFile(path, []byte(strings.Replace(changed, "level: debug", "level: warn", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	svc.reload(path)
	if got := logs.last("config change takes effect at the next start key=log.level"); got == "" {
		t.Errorf("log.level not named as waiting; log: %q", logs.snapshot())
	}
}

func (l *logRecorder) snapshot() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}

// A sandbox that runs its own chain serves its facilitator below its base
// URL: a reload that moves base_url moves the facilitator every discovery
// document names.
func TestSandboxReloadMovesItsFacilitator(t *testing.T) {
	svc, base, path, logs := reloadService(t, func(base, dir string) string {
		return fmt.Sprintf("mode: sandbox\nbase_url: %s\nledger:\n  path: %s\n", base, filepath.Join(dir, "ledger.db"))
	})
	moved := "https://coinslot.example"
	if err := os.WriteFile(path, []byte(fmt.Sprintf("mode: sandbox\nbase_url: %s\nledger:\n  path: %s\n", moved, svc.edge.Config().Ledger.Path)), 0o600); err != nil {
		t.Fatal(err)
	}
	svc.reload(path)
	if logs.count("config reloaded") != 1 {
		t.Fatalf("not reloaded: %q", logs.lines)
	}
	for _, doc := range []string{"/.well-known/x402", "/api/info"} {
		res, err := client.Get(base + doc)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.Contains(string(body), moved+"/facilitator") || strings.Contains(string(body), base+"/facilitator") {
			t.Errorf("%s after the move: %s", doc, body)
		}
	}
}
