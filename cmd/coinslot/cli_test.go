package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
)

// output runs the command line args and returns its exit code, stdout and
// stderr.
func output(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	dir := t.TempDir()
	outFile, _ := os.Create(filepath.Join(dir, "stdout"))
	errFile, _ := os.Create(filepath.Join(dir, "stderr"))
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = outFile, errFile
	code = run(args)
	os.Stdout, os.Stderr = oldOut, oldErr
	out, _ := os.ReadFile(outFile.Name())
	errText, _ := os.ReadFile(errFile.Name())
	return code, string(out), string(errText)
}

// A sandbox started with nothing but --listen on a free port names that
// port in every address it publishes, and coinslot call buys from it: a
// route, a tool sold only over /mcp, a refused payment that says why in one
// line, and a misspelt tool. SIGTERM then turns /readyz 503 for the drain
// delay and ends serve with exit code 0.
func TestSandboxOnAnyPortSellsThroughTheCLI(t *testing.T) {
	slow(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	base := "http://" + addr
	t.Setenv("COINSLOT_LEDGER_PATH", filepath.Join(t.TempDir(), "ledger.db"))
	t.Setenv("COINSLOT_CONFIG", "")
	t.Setenv("COINSLOT_SHUTDOWN_DELAY", "1s")
	served := make(chan int, 1)
	go func() { served <- run([]string{"serve", "--listen", addr}) }()
	eventually(t, "the sandbox ready", func() bool {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	})

	res := get(t, base+"/api/info")
	info, _ := io.ReadAll(res.Body)
	res.Body.Close()
	local := regexp.MustCompile(`https?://(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?[^"\s]*`).FindAllString(string(info), -1)
	if len(local) < 10 {
		t.Fatalf("/api/info names %d local addresses", len(local))
	}
	for _, u := range local {
		if !strings.HasPrefix(u, base+"/") && u != base {
			t.Errorf("/api/info names %s, not the listen address %s", u, base)
		}
	}

	t.Setenv("COINSLOT_BUYER_KEY", opsBuyerKey)
	code, stdout, stderr := output(t, "call", "business_days", "--url", base, "--data", `{"days_ahead":5}`)
	if code != callPaid || !json.Valid([]byte(stdout)) || !strings.Contains(stderr, "receipt: "+base+"/receipt/0x") {
		t.Errorf("route: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}

	mcpOnly, _ := registry.Lookup("check_agent_policy")
	example, _ := json.Marshal(mcpOnly.Example)
	code, stdout, stderr = output(t, "call", mcpOnly.Name, "--url", base, "--data", string(example))
	if code != callPaid || !json.Valid([]byte(stdout)) || !strings.Contains(stderr, "paid 0.01 USD by ") {
		t.Errorf("MCP only: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}

	t.Setenv("COINSLOT_BUYER_KEY", strings.Repeat("42", 32)) // holds no test USDC
	code, stdout, stderr = output(t, "call", "business_days", "--url", base, "--data", `{"days_ahead":5}`)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if last := lines[len(lines)-1]; code != callFailed || stdout != "" || !strings.HasPrefix(last, "coinslot call: insufficient funds: nothing was charged (") {
		t.Errorf("unfunded: exit %d, stdout %q, last line %q", code, stdout, last)
	}

	code, _, stderr = output(t, "call", "business_dayz", "--url", base)
	if code != callUsage || stderr != "coinslot call: no tool business_dayz; did you mean business_days?\n" {
		t.Errorf("misspelt: exit %d, stderr %q", code, stderr)
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	eventually(t, "/readyz 503 after SIGTERM", func() bool { return getStatus(base+"/readyz") == http.StatusServiceUnavailable })
	select {
	case code := <-served:
		if code != 0 {
			t.Errorf("serve exits %d after SIGTERM, want 0", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve still running 30 s after SIGTERM")
	}
}

// Ctrl-C is a person at a terminal: serve skips the drain delay meant for
// load balancers and exits at once.
func TestInterruptSkipsTheDrainDelay(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv("COINSLOT_LEDGER_PATH", filepath.Join(t.TempDir(), "ledger.db"))
	t.Setenv("COINSLOT_CONFIG", "")
	t.Setenv("COINSLOT_SHUTDOWN_DELAY", "20s")
	served := make(chan int, 1)
	go func() { served <- run([]string{"serve", "--listen", addr}) }()
	eventually(t, "the sandbox ready", func() bool { return getStatus("http://"+addr+"/readyz") == http.StatusOK })
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-served:
		if code != 0 {
			t.Errorf("serve exits %d after Ctrl-C, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve still running 10 s after Ctrl-C: it waited for the 20 s drain delay")
	}
}
