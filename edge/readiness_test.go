package edge

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// Each reason takes the server out of rotation until it is released; /readyz
// names every one that holds.
func TestReadinessReasons(t *testing.T) {
	s := &Server{runtime: downRuntime{}}
	readyz := func() (int, string) {
		var ctx fasthttp.RequestCtx
		s.readiness(&ctx)
		return ctx.Response.StatusCode(), string(ctx.Response.Body())
	}
	const ready = `{"status":"ready"}` + "\n"
	if code, body := readyz(); code != 200 || body != ready {
		t.Fatalf("at start: %d %s", code, body)
	}
	releaseLedger := s.Unready("the ledger is unreachable")
	releaseDrain := s.Unready(NotReadyDraining)
	want := `{"status":"not_ready","why":"the ledger is unreachable; shutting down"}` + "\n"
	if code, body := readyz(); code != 503 || body != want {
		t.Errorf("two reasons: %d %s, want 503 %s", code, body, want)
	}
	releaseLedger()
	releaseLedger() // a second release changes nothing
	want = `{"status":"not_ready","why":"shutting down"}` + "\n"
	if code, body := readyz(); code != 503 || body != want {
		t.Errorf("one reason: %d %s, want 503 %s", code, body, want)
	}
	releaseDrain()
	if code, body := readyz(); code != 200 || body != ready {
		t.Errorf("all released: %d %s", code, body)
	}
}

// Each watched dependency turns /readyz 503, naming itself and its error,
// while its probe fails, and 200 again once it passes.
func TestReadinessChecks(t *testing.T) {
	s := &Server{runtime: downRuntime{}}
	readyz := func() (int, string) {
		var ctx fasthttp.RequestCtx
		s.readiness(&ctx)
		return ctx.Response.StatusCode(), string(ctx.Response.Body())
	}
	var down [3]atomic.Bool
	probe := func(i int) func(context.Context) error {
		return func(context.Context) error {
			if down[i].Load() {
				return errors.New("connection refused")
			}
			return nil
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx, 5*time.Millisecond, time.Second,
		Check{Why: "the ledger is unreachable", Probe: probe(0)},
		Check{Why: "the facilitator's /supported fails", Probe: probe(1)},
		Check{Why: "chain_rpc is unreachable", Probe: probe(2)})
	wait := func(code int, body string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			c, b := readyz()
			if c == code && b == body {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("readyz %d %s, want %d %s", c, b, code, body)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	const ready = `{"status":"ready"}` + "\n"
	wait(200, ready)
	for i, why := range []string{"the ledger is unreachable", "the facilitator's /supported fails", "chain_rpc is unreachable"} {
		down[i].Store(true)
		wait(503, `{"status":"not_ready","why":"`+why+`: connection refused"}`+"\n")
		down[i].Store(false)
		wait(200, ready)
	}
	release := s.Unready(NotReadyDraining)
	wait(503, `{"status":"not_ready","why":"`+NotReadyDraining+`"}`+"\n")
	release()
	wait(200, ready)
}
