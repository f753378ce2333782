package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

// canaryRun runs coinslot canary with args and the metrics file, and
// returns its exit code, its lines and the metrics it wrote.
func canaryRun(t *testing.T, args ...string) (code int, lines []string, metrics string, stderr string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "canary.prom")
	code, stdout, stderr := output(t, append([]string{"canary", "--metrics-file", f}, args...)...)
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatalf("no metrics file: %v (exit %d, stderr %s)", err, code, stderr)
	}
	return code, strings.Split(strings.TrimSpace(stdout), "\n"), string(b), stderr
}

// metricValue is the value of one series in a text exposition.
func metricValue(t *testing.T, text, series string) float64 {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no series %s in\n%s", series, text)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

const (
	exactSeries = `{network="eip155:1337",scheme="exact"}`
	batchSeries = `{network="eip155:1337",scheme="batch-settlement"}`
	// permit2Series is exact through Permit2's.
	permit2Series = `{network="eip155:1337",scheme="exact (permit2)"}`
)

// Against the sandbox the canary buys every kind the 402 offers (exact,
// batch-settlement, exact through Permit2) and every check passes: the
// first run deposits into the canary's channel (a transaction), the second
// pays from it (a voucher). The key appears nowhere in what it prints.
func TestCanaryAgainstTheSandboxSucceeds(t *testing.T) {
	base := startSandbox(t)
	t.Setenv("COINSLOT_CANARY_KEY", buyer1)
	ok := regexp.MustCompile(`^ok eip155:1337 (exact|batch-settlement|exact \(permit2\)) (0x[0-9a-f]{64}|voucher) in \d+(\.\d+)?m?s$`)
	for run, wantBatch := range []string{"0x", "voucher"} {
		before := float64(time.Now().UnixNano()) / 1e9
		code, lines, metrics, stderr := canaryRun(t, "--url", base)
		after := float64(time.Now().UnixNano()) / 1e9
		if code != canaryOK || len(lines) != 3 || stderr != "" {
			t.Fatalf("run %d: exit %d\n%s\nstderr %s", run, code, strings.Join(lines, "\n"), stderr)
		}
		for i, scheme := range []string{"exact", "batch-settlement", "exact (permit2)"} {
			m := ok.FindStringSubmatch(lines[i])
			if m == nil || m[1] != scheme {
				t.Fatalf("run %d line %d: %q", run, i, lines[i])
			}
		}
		if !strings.Contains(lines[0], " 0x") || !strings.Contains(lines[1], " "+wantBatch) || !strings.Contains(lines[2], " 0x") {
			t.Errorf("run %d: %q", run, lines)
		}
		for _, s := range []string{exactSeries, batchSeries, permit2Series} {
			if v := metricValue(t, metrics, "coinslot_canary_runs_total"+s); v != 1 {
				t.Errorf("runs_total%s = %v", s, v)
			}
			if v := metricValue(t, metrics, "coinslot_canary_last_success_timestamp_seconds"+s); v < before || v > after {
				t.Errorf("last_success%s = %v, not within the run [%v, %v]", s, v, before, after)
			}
			if v := metricValue(t, metrics, "coinslot_canary_duration_seconds"+s); v <= 0 || v > after-before {
				t.Errorf("duration%s = %v, run took %v", s, v, after-before)
			}
		}
		if strings.Contains(metrics, "coinslot_canary_failures_total{") || strings.Contains(strings.Join(lines, ""), buyer1) {
			t.Errorf("run %d: failures or the key in\n%s\n%s", run, metrics, lines)
		}
	}
}

// A receipt-backed tool's receipt covers its body without the buyer and
// svc_receipt members appended last: the canary checks that digest.
func TestCanaryChecksAReceiptBackedAnswer(t *testing.T) {
	base := startSandbox(t)
	t.Setenv("COINSLOT_CANARY_KEY", buyer1)
	code, lines, _, _ := canaryRun(t, "--url", base, "--tool", "mcp_approval_pack")
	if code != canaryOK || len(lines) != 3 || !strings.HasPrefix(lines[0], "ok eip155:1337 exact 0x") || !strings.HasPrefix(lines[2], "ok eip155:1337 exact (permit2) 0x") {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
	// Above the ceiling it pays nothing.
	code, lines, _, _ = canaryRun(t, "--url", base, "--tool", "mcp_approval_pack", "--max-usd", "0.04")
	if code != canaryFailed || len(lines) != 3 || lines[0] != "FAILED eip155:1337 exact terms: the price 0.05 USD is more than the canary's limit 0.04 USD" {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
}

// tamper serves base through a proxy that rewrites the bodies of the
// answers to paths starting with prefix.
func tamper(t *testing.T, base, prefix string, rewrite func([]byte) []byte) string {
	t.Helper()
	target, _ := url.Parse(base)
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(res *http.Response) error {
		if !strings.HasPrefix(res.Request.URL.Path, prefix) {
			return nil
		}
		b, err := io.ReadAll(res.Body)
		if err != nil {
			return err
		}
		b = rewrite(b)
		res.Body, res.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		res.Header.Set("Content-Length", strconv.Itoa(len(b)))
		return nil
	}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return srv.URL
}

// A receipt that does not match the call fails the receipt step, naming
// each field that differs; the failure is counted by network, scheme and
// step, and the series of last success reads 0.
func TestCanaryFailsOnAWrongReceipt(t *testing.T) {
	base := startSandbox(t)
	t.Setenv("COINSLOT_CANARY_KEY", buyer2)
	double := tamper(t, base, "/receipt/", func(b []byte) []byte {
		b = regexp.MustCompile(`"amount_atomic":"\d+"`).ReplaceAll(b, []byte(`"amount_atomic":"1"`))
		return regexp.MustCompile(`"response_sha256":"[0-9a-f]+"`).ReplaceAll(b, []byte(`"response_sha256":"00"`))
	})
	code, lines, metrics, _ := canaryRun(t, "--url", double, "--rpc", base+pathSandboxRPC)
	want := regexp.MustCompile(`^FAILED eip155:1337 exact( \(permit2\))? receipt: GET /receipt/0x[0-9a-f]{64}: amount_atomic is "1", want "10000"; response_sha256 is "00", want "[0-9a-f]{64}"$`)
	if code != canaryFailed || len(lines) != 3 || !want.MatchString(lines[0]) || !strings.HasPrefix(lines[1], "ok eip155:1337 batch-settlement ") || !want.MatchString(lines[2]) {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
	if v := metricValue(t, metrics, `coinslot_canary_failures_total{network="eip155:1337",scheme="exact",step="receipt"}`); v != 1 {
		t.Errorf("receipt failures %v", v)
	}
	if v := metricValue(t, metrics, "coinslot_canary_last_success_timestamp_seconds"+exactSeries); v != 0 {
		t.Errorf("last success %v after a failed run", v)
	}
}

// A chain that does not hold the transaction the service names (here the
// chain of another sandbox, with the same chain id) fails the chain step,
// for the exact transfer and for the batch-settlement deposit alike.
func TestCanaryFailsWhenTheTransferIsMissing(t *testing.T) {
	slow(t)
	base, other := startSandbox(t), startSandbox(t)
	t.Setenv("COINSLOT_CANARY_KEY", buyer1)
	defer func(w time.Duration) { canaryReceiptWait = w }(canaryReceiptWait)
	canaryReceiptWait = time.Second
	code, lines, metrics, _ := canaryRun(t, "--url", base, "--rpc", other+pathSandboxRPC)
	want := regexp.MustCompile(`^FAILED eip155:1337 (exact|batch-settlement|exact \(permit2\)) chain: transaction 0x[0-9a-f]{64}: not found on chain$`)
	if code != canaryFailed || len(lines) != 3 || !want.MatchString(lines[0]) || !want.MatchString(lines[1]) || !want.MatchString(lines[2]) {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
	for _, s := range []string{`{network="eip155:1337",scheme="exact",step="chain"}`, `{network="eip155:1337",scheme="batch-settlement",step="chain"}`} {
		if v := metricValue(t, metrics, "coinslot_canary_failures_total"+s); v != 1 {
			t.Errorf("failures%s = %v", s, v)
		}
	}
	// No endpoint of the network's chain: the chain step says so and why.
	code, lines, _, _ = canaryRun(t, "--url", base, "--rpc", "http://127.0.0.1:1")
	want = regexp.MustCompile(`^FAILED eip155:1337 exact chain: no JSON-RPC endpoint serves chain 1337 \(pass --rpc, or set canary.rpc\): http://127.0.0.1:1: .*connection refused$`)
	if code != canaryFailed || !want.MatchString(lines[0]) {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
}

// Another canary on the same key charges the channel between this one's
// read of it and its voucher: the seller refuses the stale voucher, and the
// canary pays once more on top of the new charged total, and passes.
func TestCanaryPaysOnTopOfAnotherRunsCharge(t *testing.T) {
	slow(t)
	b := startBatchSandbox(t)
	t.Setenv("COINSLOT_CANARY_KEY", buyer2)
	if code, lines, _, _ := canaryRun(t, "--url", b.base); code != canaryOK {
		t.Fatalf("first run: exit %d %q", code, lines)
	}
	key, _ := crypto.HexToECDSA(buyer2)
	other := b.buyer(buyer2, 0)
	other.Key, other.Salt = key, canarySalt
	var once sync.Once
	double := tamper(t, b.base, "/channel/", func(body []byte) []byte {
		once.Do(func() {
			var ch canaryChannel
			json.Unmarshal(body, &ch)
			p, err := other.Voucher(new(big.Int).Add(atomicAmount(ch.Charged), b.price))
			if r := b.sendFor(batchRequest, p, err); r.status != http.StatusOK {
				t.Errorf("the other run's voucher: %d %+v", r.status, r.errorBody)
			}
		})
		return body
	})
	code, lines, metrics, _ := canaryRun(t, "--url", double, "--rpc", b.base+pathSandboxRPC)
	if code != canaryOK || len(lines) != 3 || !strings.HasPrefix(lines[1], "ok eip155:1337 batch-settlement voucher in ") {
		t.Fatalf("exit %d\n%s", code, strings.Join(lines, "\n"))
	}
	if got := b.record(other).Charged; got != b.times(3).String() {
		t.Errorf("the channel is charged %s, want 3 calls: the first run's, the other's and this one's", got)
	}
	if strings.Contains(metrics, "coinslot_canary_failures_total{") {
		t.Errorf("failures counted:\n%s", metrics)
	}
}

// A service that cannot be reached fails the terms step, under no network
// or scheme; a missing key or an unknown tool is a usage error.
func TestCanaryFailsBeforePaying(t *testing.T) {
	t.Setenv("COINSLOT_CANARY_KEY", buyer1)
	code, lines, metrics, _ := canaryRun(t, "--url", "http://127.0.0.1:1")
	if code != canaryFailed || len(lines) != 1 || !strings.HasPrefix(lines[0], "FAILED (no terms) terms: ") {
		t.Fatalf("exit %d %q", code, lines)
	}
	if v := metricValue(t, metrics, `coinslot_canary_failures_total{network="",scheme="",step="terms"}`); v != 1 {
		t.Errorf("terms failures %v", v)
	}
	if code, _, stderr := output(t, "canary", "--tool", "business_dayz"); code != canaryUsage || stderr != "coinslot canary: no tool business_dayz; did you mean business_days?\n" {
		t.Errorf("misspelt tool: exit %d %q", code, stderr)
	}
	t.Setenv("COINSLOT_CANARY_KEY", "")
	if code, _, stderr := output(t, "canary"); code != canaryUsage || stderr != "coinslot canary: no canary key: pass --key-file FILE or set COINSLOT_CANARY_KEY\n" {
		t.Errorf("no key: exit %d %q", code, stderr)
	}
}
