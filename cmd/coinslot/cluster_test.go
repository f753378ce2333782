package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors/clustertest"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/jackc/pgx/v5"
)

// The cluster under test: three production services on loopback, one
// PostgreSQL ledger, one Redis, one facilitator and one upstream standing in
// for Zippopotam, which postal_code_lookup reads.
const (
	clusterSeller = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C"
	clusterPath   = "/paid/gov/postal-lookup"
	clusterRate   = 5 // zippopotam's rate in the cluster's config, with a burst of 1
	clusterDSN    = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	// maxTimeout is the config's max_timeout_seconds, the window buyers sign for.
	maxTimeout = 60 * time.Second
	// runsBefore is how long before validBefore a paid call's tool must have
	// answered: the edge keeps x402.SettleMargin and its settle budget (15 s).
	runsBefore = x402.SettleMargin + 15*time.Second
)

// Buyers of the cluster tests (anvil's accounts 5 to 7); the facilitator
// double checks their signatures as a chain would.
var clusterBuyerKeys = []string{
	"8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
	"92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
	"4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
}

// Every paid-call guarantee the issue asks of several instances, on real
// services: 300 concurrent paid calls over three instances keep the source's
// polite rate and only the answered ones are settled; with the shared cache,
// identical calls across instances make one upstream request; and with Redis
// cut off mid-run no paid call fails and the rate still holds.
func TestClusterOfThreeServices(t *testing.T) {
	slow(t)
	dsn := clusterLedger(t)
	clustertest.NeedRedis(t)
	fac := x402test.NewServed(t) // checks signatures as a chain would, and settles each authorization once
	up := newPostalUpstream(t)
	redisProxy := clustertest.NewProxy(t, clustertest.Redis)
	logs := &logRecorder{}
	bases := startCluster(t, dsn, redisProxy.Addr(), fac.URL, up.srv.URL, logs)
	var buyers []*ecdsa.PrivateKey
	for _, k := range clusterBuyerKeys {
		key, err := crypto.HexToECDSA(k)
		if err != nil {
			t.Fatal(err)
		}
		buyers = append(buyers, key)
	}
	terms := map[string]*x402.PaymentRequired{}
	for _, base := range bases {
		terms[base] = clusterTerms(t, base)
	}
	buy := func(i int, code string, budget time.Duration) paidCall {
		base := bases[i%len(bases)]
		return buyPostal(base, terms[base], buyers[i%len(buyers)], code, budget)
	}

	t.Run("rate", func(t *testing.T) {
		// 15 s for the tool: about 75 calls fit in the rate, the rest are
		// refused as timeouts before any upstream request.
		const calls, budget = 300, 15 * time.Second
		results := make([]paidCall, calls)
		start := time.Now()
		var wg sync.WaitGroup
		for i := range calls {
			wg.Go(func() { results[i] = buy(i, fmt.Sprintf("1%04d", i), budget) })
		}
		wg.Wait()
		ok, failed := 0, 0
		for i, r := range results {
			switch {
			case r.err != nil:
				t.Errorf("call %d: %v", i, r.err)
			case r.status == http.StatusOK:
				ok++
				if n := fac.SettlesOf(r.nonce); n != 1 {
					t.Errorf("call %d answered, settled %d times", i, n)
				}
			case r.status == http.StatusGatewayTimeout && r.code == "upstream_timeout":
				failed++
				if n := fac.SettlesOf(r.nonce); n != 0 {
					t.Errorf("call %d failed (%s) and was settled %d times", i, r.code, n)
				}
			default:
				t.Errorf("call %d: HTTP %d %s, want 200 or 504 upstream_timeout", i, r.status, r.code)
			}
		}
		if got := fac.Settles(); got != ok {
			t.Errorf("facilitator settled %d payments for %d answered calls", got, ok)
		}
		times := up.requests()
		if len(times) < ok {
			t.Errorf("upstream saw %d requests for %d answered calls", len(times), ok)
		}
		if ok < clusterRate {
			t.Errorf("only %d of %d calls answered in %s", ok, calls, budget)
		}
		clustertest.WithinRate(t, "300 paid calls", times, start, clusterRate, 0)
		// A heartbeat slower than a second degrades its instance even though
		// Redis answers; on a loaded machine the rate above shows the cost.
		if n := logs.count("redis unreachable"); n > 0 {
			t.Logf("%d instances took Redis for lost under load: %q", n, logs.last("redis unreachable"))
		}
		t.Logf("%d answered and settled, %d refused as upstream_timeout and not settled, in %s", ok, failed, time.Since(start).Round(time.Millisecond))
	})

	t.Run("shared cache", func(t *testing.T) {
		before := len(up.requests())
		settled := fac.Settles()
		const calls = 30
		var wg sync.WaitGroup
		for i := range calls {
			wg.Go(func() {
				r := buy(i, "90210", 10*time.Second)
				if r.err != nil || r.status != http.StatusOK {
					t.Errorf("call %d: HTTP %d %s %v", i, r.status, r.code, r.err)
					return
				}
				if r.postalCode != "90210" {
					t.Errorf("call %d: postal_code %q, want 90210", i, r.postalCode)
				}
			})
		}
		wg.Wait()
		if got := up.count("/us/90210"); got != 1 {
			t.Errorf("upstream saw %d requests for %d identical calls on 3 instances, want 1", got, calls)
		}
		if got := len(up.requests()) - before; got != 1 {
			t.Errorf("upstream saw %d requests in all, want 1", got)
		}
		if got := fac.Settles() - settled; got != calls {
			t.Errorf("facilitator settled %d payments for %d answered calls", got, calls)
		}
	})

	t.Run("redis cut", func(t *testing.T) {
		const calls = 24
		results := make([]paidCall, calls)
		settled := fac.Settles()
		before := len(up.requests())
		start := time.Now()
		var wg sync.WaitGroup
		for i := range calls {
			wg.Go(func() { results[i] = buy(i, fmt.Sprintf("2%04d", i), 20*time.Second) })
		}
		time.Sleep(1500 * time.Millisecond)
		cut := time.Now()
		redisProxy.Stop()
		wg.Wait()
		for i, r := range results {
			if r.err != nil || r.status != http.StatusOK {
				t.Errorf("call %d: HTTP %d %s %v", i, r.status, r.code, r.err)
			}
		}
		if got := fac.Settles() - settled; got != calls {
			t.Errorf("facilitator settled %d payments for %d calls", got, calls)
		}
		times := up.requests()[before:]
		if len(times) != calls {
			t.Errorf("upstream saw %d requests for %d calls", len(times), calls)
		}
		clustertest.WithinRate(t, "across the cut", times, start, clusterRate, 0)
		// A request the shared bucket let through just before the cut may
		// arrive after it; each instance's share starts empty.
		clustertest.WithinRate(t, "without Redis", times, cut, clusterRate, 1)
		for _, base := range bases {
			if got := metricLine(t, base, "coinslot_cluster_degraded"); got != "coinslot_cluster_degraded 1" {
				t.Errorf("%s: %q, want coinslot_cluster_degraded 1", base, got)
			}
		}
	})
}

// startCluster runs three production services sharing the ledger at dsn and
// Redis at redisAddr, zippopotam pointed at upstream; it returns their base URLs.
func startCluster(t *testing.T, dsn, redisAddr, facilitatorURL, upstream string, logs *logRecorder) []string {
	t.Helper()
	suffix := make([]byte, 4)
	rand.Read(suffix)
	ns := "coinslot-e2e-" + hex.EncodeToString(suffix)
	t.Cleanup(func() { clustertest.DropNamespace(t, ns) })
	var bases []string
	for range 3 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		base := "http://" + ln.Addr().String()
		file := fmt.Sprintf(`mode: production
base_url: %s
pay_to: %q
facilitator_url: %s
max_timeout_seconds: %d
ledger:
  driver: postgres
  dsn: %q
  max_conns: 8
cluster:
  redis_url: redis://%s/0
  namespace: %s
  shared_cache: true
upstreams:
  zippopotam:
    base_url: %s
    rate: %d
    burst: 1
    concurrency: 64
    retries: 0
`, base, clusterSeller, facilitatorURL, int(maxTimeout.Seconds()), dsn, redisAddr, ns, upstream, clusterRate)
		cfg, err := config.ParseWith([]byte(file), nil, config.Options{Listen: ln.Addr().String(), Upstreams: sourceNames()})
		if err != nil {
			t.Fatal(err)
		}
		startService(t, ln, cfg, slog.New(logs))
		bases = append(bases, base)
	}
	eventually(t, "three live instances", func() bool {
		return metricLine(t, bases[0], "coinslot_cluster_instances") == "coinslot_cluster_instances 3"
	})
	return bases
}

// paidCall is what a buyer saw of one paid call.
type paidCall struct {
	status     int
	code       string // the error's code
	postalCode string // the answer's
	nonce      string
	err        error
}

// buyPostal pays for one lookup of code on base, signed so that the tool has
// budget to answer before the edge must settle.
func buyPostal(base string, terms *x402.PaymentRequired, key *ecdsa.PrivateKey, code string, budget time.Duration) paidCall {
	signedAt := time.Now().Add(budget + runsBefore - maxTimeout)
	header, payment, err := x402.Pay(key, terms, signedAt)
	if err != nil {
		return paidCall{err: err}
	}
	call := paidCall{nonce: payment.Payload.Authorization.Nonce}
	res, body, err := post(base+clusterPath, fmt.Appendf(nil, `{"country":"US","postal_code":%q}`, code), header)
	if err != nil {
		call.err = err
		return call
	}
	call.status = res.StatusCode
	var out struct {
		Data struct {
			PostalCode string `json:"postal_code"`
		} `json:"data"`
		Error struct{ Code string } `json:"error"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		call.err = fmt.Errorf("HTTP %d body %.200s: %v", res.StatusCode, body, err)
	}
	call.code, call.postalCode = out.Error.Code, out.Data.PostalCode
	if res.StatusCode == http.StatusOK {
		var settled x402.SettleResponse
		if err := x402.DecodeHeader(res.Header.Get("PAYMENT-RESPONSE"), &settled); err != nil || !settled.Success {
			call.err = fmt.Errorf("PAYMENT-RESPONSE %+v, %v", settled, err)
		}
	}
	return call
}

func clusterTerms(t *testing.T, base string) *x402.PaymentRequired {
	t.Helper()
	res, _, err := post(base+clusterPath, []byte(`{"country":"US","postal_code":"90210"}`), "")
	if err != nil || res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("%s unpaid: %v %v", base, res, err)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &terms); err != nil {
		t.Fatal(err)
	}
	return &terms
}

// metricLine is the line of /metrics at base that starts with name.
func metricLine(t *testing.T, base, name string) string {
	t.Helper()
	text, _ := io.ReadAll(get(t, base+"/metrics").Body)
	for line := range strings.Lines(string(text)) {
		if strings.HasPrefix(line, name+" ") {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// postalUpstream stands in for Zippopotam: it answers every lookup in its
// format, for the code asked, and keeps when each request arrived.
type postalUpstream struct {
	mu    sync.Mutex
	times []time.Time
	paths map[string]int
	srv   *httptest.Server
}

func newPostalUpstream(t *testing.T) *postalUpstream {
	fixture, err := os.ReadFile("../../upstreams/zippopotam/testdata/us_90210.json")
	if err != nil {
		t.Fatal(err)
	}
	u := &postalUpstream{paths: map[string]int{}}
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.times = append(u.times, time.Now())
		u.paths[r.URL.Path]++
		u.mu.Unlock()
		code := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(strings.Replace(string(fixture), `"90210"`, fmt.Sprintf("%q", code), 1)))
	}))
	t.Cleanup(u.srv.Close)
	return u
}

func (u *postalUpstream) requests() []time.Time {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]time.Time(nil), u.times...)
}

func (u *postalUpstream) count(path string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.paths[path]
}

// clusterLedger is a DSN of the test server with a schema of its own, dropped
// when the test ends. Without a server the test is skipped, unless
// COINSLOT_REQUIRE_POSTGRES=1 (as in CI) makes that a failure.
func clusterLedger(t *testing.T) string {
	t.Helper()
	dsn := clusterDSN
	if env := os.Getenv("COINSLOT_TEST_POSTGRES"); env != "" {
		dsn = env
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		if os.Getenv("COINSLOT_REQUIRE_POSTGRES") == "1" {
			t.Fatalf("PostgreSQL at %s is required (COINSLOT_REQUIRE_POSTGRES=1) but unreachable: %v", dsn, err)
		}
		t.Skipf("PostgreSQL at %s unreachable: %v", dsn, err)
	}
	suffix := make([]byte, 8)
	rand.Read(suffix)
	schema := "clustertest_" + hex.EncodeToString(suffix)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		if _, err := admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop %s: %v", schema, err)
		}
		admin.Close(ctx)
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("COINSLOT_TEST_POSTGRES must be a postgres:// URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
