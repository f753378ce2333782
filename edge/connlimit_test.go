package edge

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/valyala/fasthttp"
)

// childFiles is the file limit the serving child runs under.
const childFiles = 64

// TestConnectionFlood opens more idle connections than the server's file
// limit allows, in a child process with a lowered RLIMIT_NOFILE: with the
// caps sized from the limit the extra ones are refused; with caps set past
// it, accept runs out of descriptors and waits. Either way the server stays
// up and serves once the flood ends.
func TestConnectionFlood(t *testing.T) {
	for _, tc := range []struct {
		name, caps string
		log        string // what the child must have logged
	}{
		{"caps sized from the file limit", "", ""},
		{"caps past the file limit", "10000", "too many open files\" backoff="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestServeUnderFileLimit$")
			cmd.Env = append(os.Environ(), "COINSLOT_TEST_SERVE_CHILD=1", "COINSLOT_TEST_CAPS="+tc.caps)
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			var stderr lockedBuffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			var exit error
			go func() { exit = cmd.Wait(); close(exited) }()
			t.Cleanup(func() { stdin.Close(); <-exited })
			addr, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil {
				t.Fatalf("child gave no address: %v; stderr: %s", err, stderr.String())
			}
			addr = strings.TrimSpace(addr)

			var idle []net.Conn
			for range 3 * childFiles {
				c, err := net.DialTimeout("tcp", addr, time.Second)
				if err != nil {
					continue // the backlog is full: also a refusal
				}
				idle = append(idle, c)
			}
			time.Sleep(300 * time.Millisecond) // the server meets the flood
			select {
			case <-exited:
				t.Fatalf("the server exited under %d idle connections: %v; stderr: %s", len(idle), exit, stderr.String())
			default:
			}
			for _, c := range idle {
				c.Close()
			}
			if status := getWithin(t, addr, 5*time.Second); status != fasthttp.StatusOK {
				t.Fatalf("after the flood: status %d, want 200; stderr: %s", status, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.log) {
				t.Errorf("child log lacks %q: %s", tc.log, stderr.String())
			}
		})
	}
}

// getWithin asks addr until it answers, as the server frees the flood's
// connections.
func getWithin(t *testing.T, addr string, d time.Duration) int {
	deadline := time.Now().Add(d)
	for {
		status, _, err := fasthttp.GetTimeout(nil, "http://"+addr+"/", time.Second)
		if err == nil || time.Now().After(deadline) {
			return status
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServeUnderFileLimit is the child of TestConnectionFlood: it serves
// under a file limit of childFiles until its stdin closes.
func TestServeUnderFileLimit(t *testing.T) {
	if os.Getenv("COINSLOT_TEST_SERVE_CHILD") != "1" {
		t.Skip("run by TestConnectionFlood")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: childFiles, Max: childFiles}); err != nil {
		t.Fatal(err)
	}
	limits := config.Limits{ReadTimeout: config.Duration(5 * time.Second), IdleTimeout: config.Duration(time.Minute)}
	if c := os.Getenv("COINSLOT_TEST_CAPS"); c != "" {
		fmt.Sscan(c, &limits.Connections)
		limits.ConnectionsPerIP = limits.Connections
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := HTTPServer(func(ctx *fasthttp.RequestCtx) { ctx.WriteString("ok") }, limits)
	srv.Logger = discard{}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(LimitListener(ln, SizeConnLimits(limits))) }()
	fmt.Println(ln.Addr())
	go func() { io.Copy(io.Discard, os.Stdin); ln.Close() }()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
}

// lockedBuffer is the child's stderr, read while it is written.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
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

type discard struct{}

func (discard) Printf(string, ...any) {}
