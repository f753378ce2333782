package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A ledger outage refusing a thousand calls logs its error once, then once
// more with the count; other lines pass untouched.
func TestDedupCollapsesRepeatedErrors(t *testing.T) {
	var buf lockedBuffer
	// The interval is long enough that a slow machine still logs all 1000
	// within one; the test then waits for its end.
	log := slog.New(newDedup(slog.NewJSONHandler(&buf, nil), time.Second))
	outage := errors.New("dial tcp 127.0.0.1:5432: connect: connection refused")
	for range 1000 {
		log.Error("paid call not completed", "step", "reserve", "err", outage)
	}
	log.Error("paid call not completed", "step", "settling", "err", outage)
	log.Info("request", "status", 500)
	log.Info("request", "status", 500)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(buf.String(), `"repeated"`); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no repeated line after 10 s:\n%s", buf.String())
		}
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	var got []string
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m["msg"].(string)+" "+toString(m["step"])+" "+toString(m["repeated"]))
	}
	want := []string{
		"paid call not completed reserve <nil>",
		"paid call not completed settling <nil>",
		"request <nil> <nil>",
		"request <nil> <nil>",
		"paid call not completed reserve 999",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	if v == nil {
		return "<nil>"
	}
	return strings.Trim(string(b), `"`)
}

// With log.format json every line serve writes on stderr is JSON: the
// sandbox banner is an event naming the funded buyers, and a start that
// fails says why in an error event.
func TestJSONLogsAreAllJSON(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv("COINSLOT_LEDGER_PATH", filepath.Join(t.TempDir(), "ledger.db"))
	t.Setenv("COINSLOT_CONFIG", "")
	t.Setenv("COINSLOT_LOG_FORMAT", "json")
	errFile, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	oldErr := os.Stderr
	os.Stderr = errFile
	defer func() { os.Stderr = oldErr }()
	served := make(chan int, 1)
	go func() { served <- run([]string{"serve", "--listen", addr}) }()
	eventually(t, "the sandbox ready", func() bool {
		res, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	})
	if res, err := http.Get("http://" + addr + "/no/such"); err == nil {
		res.Body.Close()
	}
	// A body far past any limit: fasthttp answers 413 and logs the connection's error itself.
	if c, err := net.Dial("tcp", addr); err == nil {
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Length: 99999999\r\n\r\n", addr)
		io.Copy(io.Discard, c)
		c.Close()
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := <-served; code != 0 {
		t.Fatalf("serve exits %d", code)
	}
	os.Stderr = oldErr
	written, _ := os.ReadFile(errFile.Name())
	var banner struct {
		Buyers []sandboxBuyer `json:"buyers"`
		Buy    string         `json:"buy"`
	}
	found := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(written)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %q is not JSON: %v", l, err)
		}
		msg, _ := m["msg"].(string)
		found[msg] = true
		found["fasthttp"] = found["fasthttp"] || strings.HasPrefix(msg, "error when serving connection")
		if strings.HasPrefix(msg, "coinslot sandbox: funded buyer keys") {
			json.Unmarshal([]byte(l), &banner)
		}
	}
	if len(banner.Buyers) != sandboxBuyers || !strings.HasPrefix(banner.Buyers[0].Key, "0x") ||
		!strings.HasPrefix(banner.Buy, "COINSLOT_BUYER_KEY="+banner.Buyers[0].Key+" ") || !found["request"] || !found["serving"] || !found["fasthttp"] {
		t.Errorf("banner %+v; messages %v", banner, found)
	}

	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	code, stdout, stderr := output(t, "serve", "--listen", taken.Addr().String())
	var failed struct{ Level, Msg string }
	if err := json.Unmarshal([]byte(stderr), &failed); code != 1 || stdout != "" || err != nil || strings.Count(stderr, "\n") != 1 ||
		failed.Level != "ERROR" || !strings.HasPrefix(failed.Msg, "cannot listen on "+taken.Addr().String()+": ") {
		t.Errorf("address taken: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
