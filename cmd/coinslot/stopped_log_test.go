package main

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
)

// serve and the facilitator beside it, on the sandbox's chain, write their
// lines in one format, and after SIGTERM each says, last, that it stopped.
func TestServeAndFacilitatorLogAlikeAndSayWhenStopped(t *testing.T) {
	slow(t)
	serveAddr, facAddr := freeAddr(t), freeAddr(t)
	t.Setenv("COINSLOT_LEDGER_PATH", filepath.Join(t.TempDir(), "ledger.db"))
	t.Setenv("COINSLOT_CONFIG", "")
	t.Setenv("COINSLOT_SHUTDOWN_DELAY", "0s")
	t.Setenv("COINSLOT_FACILITATOR_KEY", opsBuyerKey) // a sandbox buyer: it holds ETH for gas
	stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = stderr
	t.Cleanup(func() { os.Stderr = saved })

	served, facilitated := make(chan int, 1), make(chan int, 1)
	go func() { served <- run([]string{"serve", "--listen", serveAddr}) }()
	eventually(t, "the sandbox ready", func() bool { return getStatus("http://"+serveAddr+"/readyz") == http.StatusOK })
	go func() {
		facilitated <- run([]string{"facilitator", "--rpc", "http://" + serveAddr + "/sandbox/rpc",
			"--asset", facilitator.SandboxNetwork(1337).Asset.Hex(), "--listen", facAddr})
	}()
	eventually(t, "the facilitator ready", func() bool { return getStatus("http://"+facAddr+"/supported") == http.StatusOK })
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for name, done := range map[string]chan int{"serve": served, "facilitator": facilitated} {
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("%s exits %d after SIGTERM, want 0", name, code)
			}
		case <-time.After(40 * time.Second):
			t.Fatalf("%s still running 40 s after SIGTERM", name)
		}
	}

	text, _ := os.ReadFile(stderr.Name())
	logged := regexp.MustCompile(`^time=\S+ level=[A-Z]+ msg=`)
	var serveLines, facLines []string
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.Contains(line, "msg=") {
			continue // the sandbox's banner
		}
		if !logged.MatchString(line) {
			t.Errorf("a line not in serve's format: %s", line)
		}
		if strings.Contains(line, `msg="facilitator `) {
			facLines = append(facLines, line)
		} else {
			serveLines = append(serveLines, line)
		}
	}
	if !slices.ContainsFunc(facLines, func(l string) bool { return strings.Contains(l, `msg="facilitator serving"`) }) {
		t.Errorf("the facilitator logged no serving line:\n%s", text)
	}
	if len(facLines) == 0 || !strings.HasSuffix(facLines[len(facLines)-1], `level=INFO msg="facilitator stopped"`) {
		t.Errorf("the facilitator's last line is not that it stopped:\n%s", strings.Join(facLines, "\n"))
	}
	if len(serveLines) == 0 || !strings.HasSuffix(serveLines[len(serveLines)-1], "level=INFO msg=stopped") {
		t.Errorf("serve's last line is not that it stopped:\n%s", strings.Join(serveLines, "\n"))
	}
}

// freeAddr is a loopback address free at the time of asking.
func freeAddr(t *testing.T) string {
	return "127.0.0.1:" + strconv.Itoa(freePort(t))
}
