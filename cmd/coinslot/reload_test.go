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
