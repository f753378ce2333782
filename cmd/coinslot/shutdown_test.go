package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/valyala/fasthttp"
)

// drainingService serves a sandbox on a loopback port with an extra route,
// /slow, that answers when release is closed, draining for delay and
// timeout. It returns the service, its base URL, the function that starts
// the shutdown and the channel serve's result arrives on.
func drainingService(t *testing.T, delay, timeout time.Duration, release <-chan struct{}) (*service, string, context.CancelFunc, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.ParseWith(nil, []string{"COINSLOT_LEDGER_PATH=" + filepath.Join(t.TempDir(), "ledger.db"),
		"COINSLOT_SHUTDOWN_DELAY=" + delay.String(), "COINSLOT_SHUTDOWN_TIMEOUT=" + timeout.String()},
		config.Options{Listen: ln.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	svc, err := start(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svc.Close)
	svc.extra["/slow"] = func(ctx *fasthttp.RequestCtx) { <-release; ctx.SetBodyString("done") }
	served := make(chan error, 1)
	go func() { served <- svc.serve(ctx, ln) }()
	return svc, cfg.BaseURL, stop, served
}

// With nothing in flight, the listener stays open for shutdown_delay after
// the signal and /readyz answers 503 all that time, so a load balancer
// polling it takes the instance out before its connections are refused.
func TestShutdownDelayShowsTheDrainWithNothingInFlight(t *testing.T) {
	const delay = 600 * time.Millisecond
	_, base, stop, served := drainingService(t, delay, 5*time.Second, nil)
	eventually(t, "/readyz 200", func() bool { return getStatus(base+"/readyz") == http.StatusOK })
	stop()
	signalled := time.Now()
	var first503, refused time.Time
	for refused.IsZero() && time.Since(signalled) < 10*time.Second {
		switch code := getStatus(base + "/readyz"); code {
		case 0:
			refused = time.Now()
		case http.StatusServiceUnavailable:
			if first503.IsZero() {
				first503 = time.Now()
			}
		case http.StatusOK:
			if !first503.IsZero() {
				t.Fatal("/readyz answered 200 after a 503")
			}
		default:
			t.Fatalf("/readyz answered %d while draining", code)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if first503.IsZero() {
		t.Fatal("/readyz never answered 503 before the connection was refused")
	}
	if refused.IsZero() {
		t.Fatal("the listener was still open 10 s after the signal")
	}
	if shown := refused.Sub(signalled); shown < delay {
		t.Errorf("connections refused %s after the signal, before the %s delay", shown, delay)
	}
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// On shutdown /readyz answers 503 at once, while a call in flight finishes
// and is answered; serve returns once it has.
func TestShutdownTurnsReadinessAndFinishesCallsInFlight(t *testing.T) {
	release := make(chan struct{})
	svc, base, stop, served := drainingService(t, 0, 25*time.Second, release)
	slow := make(chan string, 1)
	go func() {
		res, err := http.Get(base + "/slow")
		if err != nil {
			slow <- err.Error()
			return
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		slow <- string(body)
	}()
	eventually(t, "the slow call in flight", func() bool { return svc.inflight.Load() == 1 })
	stop()
	eventually(t, "/readyz 503", func() bool { return getStatus(base+"/readyz") == http.StatusServiceUnavailable })
	res := get(t, base+"/readyz")
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if want := `{"status":"not_ready","why":"shutting down"}` + "\n"; string(body) != want {
		t.Errorf("/readyz while draining: %s, want %s", body, want)
	}
	select {
	case err := <-served:
		t.Fatalf("serve returned (%v) with a call in flight", err)
	default:
	}
	close(release)
	if got := <-slow; got != "done" {
		t.Errorf("the call in flight got %q", got)
	}
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// A call that outlasts shutdown_timeout does not hold the process: serve
// returns at the deadline.
func TestShutdownEndsAtItsDeadline(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	svc, base, stop, served := drainingService(t, 0, 300*time.Millisecond, release)
	go http.Get(base + "/slow") //nolint:errcheck // cut off by the shutdown
	eventually(t, "the slow call in flight", func() bool { return svc.inflight.Load() == 1 })
	stop()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve still waiting on a call 10 s after a 300 ms deadline")
	}
}

func getStatus(url string) int {
	res, err := http.Get(url)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}
