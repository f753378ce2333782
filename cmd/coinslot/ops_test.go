package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// opsBuyerKey is a sandbox buyer no other test of this package pays with, so
// nonces never collide.
const opsBuyerKey = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"

// Catalog search settings before and after the reload, and a file the
// reload must refuse.
const (
	slowCatalog = `
    rate: 10
    burst: 1
    concurrency: 1
    breaker: {failures: 5, cooldown: 30s}
    supervision: {max_restarts: 2, within: 10s}
`
	fastCatalog = `
    rate: 500
    burst: 50
    concurrency: 8
    breaker: {failures: 3, cooldown: 5s}
    supervision: {max_restarts: 7, within: 2m0s}
`
	brokenCatalog = `
    rate: 1
    concurrency: 1
    burstiness: 3
`
)

// Settings as /api/system/info shows them.
var (
	slowSettings = sourceSettings{Rate: 10, Burst: 1, Concurrency: 1,
		Breaker: breakerSettings{5, "30s"}, Supervision: supervisionSettings{2, "10s"}}
	fastSettings = sourceSettings{Rate: 500, Burst: 50, Concurrency: 8,
		Breaker: breakerSettings{3, "5s"}, Supervision: supervisionSettings{7, "2m0s"}}
)

type sourceSettings struct {
	Rate        float64             `json:"rate"`
	Burst       int                 `json:"burst"`
	Concurrency int                 `json:"concurrency"`
	Breaker     breakerSettings     `json:"breaker"`
	Supervision supervisionSettings `json:"supervision"`
}

type breakerSettings struct {
	Failures int    `json:"failures"`
	Cooldown string `json:"cooldown"`
}

type supervisionSettings struct {
	MaxRestarts int    `json:"max_restarts"`
	Within      string `json:"within"`
}

// Rate and supervision changed in the config file reach the running
// catalog search source while a few hundred searches run, and none of them
// fails; a broken file is refused and changes nothing.
func TestLiveReloadUnderLoad(t *testing.T) {
	slow(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cf := &configFile{path: filepath.Join(t.TempDir(), "coinslot.yaml"), base: base}
	cf.write(t, slowCatalog)
	cfg, err := config.Load(cf.path, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	logs := &logRecorder{}
	svc := startService(t, ln, cfg, slog.New(logs))
	svc.configPoll = 50 * time.Millisecond
	watching, stopWatching := context.WithCancel(context.Background())
	watched := make(chan struct{})
	go func() { defer close(watched); svc.watchConfig(watching, cf.path) }()
	t.Cleanup(func() { stopWatching(); <-watched })

	if got := catalogSettings(t, base); got != slowSettings {
		t.Fatalf("at start: %+v, want %+v", got, slowSettings)
	}

	// Distinct searches, so each one goes through the source's limiter.
	const total, parallel = 300, 16
	var next, done atomic.Int64
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for i := next.Add(1); i <= total; i = next.Add(1) {
				res, err := client.Get(fmt.Sprintf("%s/api/x402/catalog/search?query=reload-%d&limit=5", base, i))
				if err == nil {
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("HTTP %d", res.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("search %d: %v", i, err))
					mu.Unlock()
				}
				done.Add(1)
			}
		})
	}

	eventually(t, "10 searches at the old rate", func() bool { return done.Load() >= 10 })
	cf.write(t, fastCatalog)
	// Touching the file again until the change shows does not depend on
	// when the watcher took its first look.
	eventually(t, "the new settings", func() bool { cf.touch(t); return catalogSettings(t, base) == fastSettings })
	reloaded, doneAtReload := time.Now(), done.Load()
	if doneAtReload >= total {
		t.Fatalf("the reload came after the load (%d searches done)", doneAtReload)
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d of %d searches failed across the reload, first: %s", len(failures), total, failures[0])
	}
	rest, took := total-doneAtReload, time.Since(reloaded)
	t.Logf("%d searches before the reload, %d after it in %v", doneAtReload, rest, took.Round(time.Millisecond))
	if perSecond := float64(rest) / took.Seconds(); perSecond <= 2*slowSettings.Rate {
		t.Errorf("%.1f searches/s after the reload: the new rate of %v/s did not take effect", perSecond, fastSettings.Rate)
	}

	refusals := logs.count("config reload refused")
	cf.write(t, brokenCatalog)
	eventually(t, "the broken file's refusal", func() bool { return logs.count("config reload refused") > refusals })
	if got := logs.last("config reload refused"); !strings.Contains(got, "key=upstreams.x402_catalog_search.burstiness line=8 column=5 problem=unknown key; did you mean burst?") {
		t.Errorf("refusal logged as %q", got)
	}
	if got := catalogSettings(t, base); got != fastSettings {
		t.Errorf("after a broken file: %+v, want %+v", got, fastSettings)
	}
	if res := get(t, base+"/api/x402/catalog/search?query=polymarket&limit=5"); res.StatusCode != http.StatusOK {
		t.Errorf("search after a broken file: HTTP %d", res.StatusCode)
	}
}

// configFile writes the service's config file as an operator's tools do:
// whole, by renaming, each version with a modification time of its own.
type configFile struct {
	path, base string
	stamp      int64
}

func (cf *configFile) write(t *testing.T, catalog string) {
	t.Helper()
	body := fmt.Sprintf("base_url: %s\nledger:\n  path: %s\nupstreams:\n  x402_catalog_search:%s",
		cf.base, filepath.Join(filepath.Dir(cf.path), "ledger.db"), catalog)
	tmp := cf.path + ".new"
	if err := os.WriteFile(tmp, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cf.stampFile(t, tmp)
	if err := os.Rename(tmp, cf.path); err != nil {
		t.Fatal(err)
	}
}

// touch gives the file a new modification time.
func (cf *configFile) touch(t *testing.T) { cf.stampFile(t, cf.path) }

func (cf *configFile) stampFile(t *testing.T, path string) {
	t.Helper()
	cf.stamp++
	at := time.Unix(1_800_000_000+cf.stamp, 0)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// catalogSettings are the catalog search source's settings in effect, as
// /api/system/info shows them.
func catalogSettings(t *testing.T, base string) sourceSettings {
	t.Helper()
	var info struct {
		Sources []struct {
			Name     string         `json:"name"`
			Settings sourceSettings `json:"settings"`
		} `json:"sources"`
	}
	res := get(t, base+"/api/system/info")
	if err := json.NewDecoder(res.Body).Decode(&info); err != nil {
		t.Fatal(err)
	}
	for _, s := range info.Sources {
		if s.Name == "x402_catalog_search" {
			return s.Settings
		}
	}
	t.Fatal("/api/system/info shows no x402_catalog_search source")
	return sourceSettings{}
}

// eventually waits up to 10 s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 10 s", what)
		}
	}
}

// logRecorder keeps the service's log lines, message first.
type logRecorder struct {
	mu    sync.Mutex
	lines []string
}

func (l *logRecorder) Enabled(context.Context, slog.Level) bool { return true }
func (l *logRecorder) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *logRecorder) WithGroup(string) slog.Handler            { return l }

func (l *logRecorder) Handle(_ context.Context, r slog.Record) error {
	line := r.Message
	r.Attrs(func(a slog.Attr) bool { line += " " + a.String(); return true })
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
	return nil
}

func (l *logRecorder) count(prefix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines {
		if strings.HasPrefix(line, prefix) {
			n++
		}
	}
	return n
}

func (l *logRecorder) last(prefix string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(l.lines[i], prefix) {
			return l.lines[i]
		}
	}
	return ""
}

// After a known sequence of calls /metrics holds exactly their payments,
// revenue, tool calls and cache hits: a 402 and a paid call of a local tool,
// then a 402 and two paid calls of an upstream tool, the second answered
// from the shared cache.
func TestMetricsAfterAKnownSequence(t *testing.T) {
	slow(t)
	base := startSandbox(t)
	buyer, err := crypto.HexToECDSA(opsBuyerKey)
	if err != nil {
		t.Fatal(err)
	}
	paid := func(path, body string, times int) {
		t.Helper()
		res, _, err := post(base+path, []byte(body), "")
		if err != nil || res.StatusCode != http.StatusPaymentRequired {
			t.Fatalf("%s unpaid: %v %v", path, res, err)
		}
		var terms x402.PaymentRequired
		if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &terms); err != nil {
			t.Fatal(err)
		}
		for i := range times {
			payment, _, err := x402.Pay(buyer, &terms, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			res, out, err := post(base+path, []byte(body), payment)
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("%s paid call %d: %v %v %.300s", path, i+1, res, err, out)
			}
			var got struct{ Cached bool }
			if err := json.Unmarshal(out, &got); err != nil || got.Cached != (i > 0) {
				t.Fatalf("%s paid call %d: cached %v (%v)", path, i+1, got.Cached, err)
			}
		}
	}
	paid("/paid/utility/business-days", `{"start_date":"2024-12-20","end_date":"2025-01-03"}`, 1)
	paid("/paid/osint/llm-router-models", `{"limit":20}`, 2)

	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(get(t, base+"/metrics").Body)
	if err != nil {
		t.Fatal(err)
	}
	series := func(name string, keep func(labels map[string]string) bool, key ...string) map[string]float64 {
		out := map[string]float64{}
		f, ok := families[name]
		if !ok {
			return out
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if keep != nil && !keep(labels) {
				continue
			}
			var id []string
			for _, k := range key {
				id = append(id, labels[k])
			}
			out[strings.Join(id, " ")] = m.GetCounter().GetValue()
		}
		return out
	}
	hits := func(labels map[string]string) bool { return labels["result"] == "hit" }
	for _, c := range []struct {
		name string
		got  map[string]float64
		want map[string]float64
	}{
		{"coinslot_payments_total", series("coinslot_payments_total", nil, "tool", "outcome"), map[string]float64{
			"business_days required": 1, "business_days verified": 1, "business_days settled": 1,
			"llm_router_models required": 1, "llm_router_models verified": 2, "llm_router_models settled": 2,
		}},
		{"coinslot_revenue_atomic_total", series("coinslot_revenue_atomic_total", nil, "tool"), map[string]float64{
			"business_days": 10000, "llm_router_models": 40000,
		}},
		{"coinslot_tool_calls_total", series("coinslot_tool_calls_total", nil, "tool", "outcome"), map[string]float64{
			"business_days ok": 1, "llm_router_models ok": 2,
		}},
		{"coinslot_upstream_cache_total hits", series("coinslot_upstream_cache_total", hits, "source"), map[string]float64{
			"openrouter": 1,
		}},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}
