package edge

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// sent is a paid call's answer as a buyer compares it, over either
// transport: the status (an MCP result's is its code's, or 200), the error
// code, Retry-After, the body and the settlement document.
type sent struct {
	status                    int
	code, retryAfter          string
	body, settlement, asksPay string
}

// transport pays for and sends a call of a tool over HTTP or MCP.
type transport struct {
	name string
	pay  func(h *harness, tool, args string) *x402.Payload
	send func(h *harness, tool, args string, p *x402.Payload) sent
}

var transports = []transport{
	{"http",
		func(h *harness, tool, _ string) *x402.Payload {
			t, _ := registry.Lookup(tool)
			return h.payment(t.Path, nil)
		},
		func(h *harness, tool, args string, p *x402.Payload) sent {
			t, _ := registry.Lookup(tool)
			r := h.pay(t.Path, args, p)
			s := sent{status: r.status, retryAfter: r.header["RETRY-AFTER"], body: string(r.body),
				settlement: r.header[x402.HeaderResponse], asksPay: r.header[x402.HeaderRequired]}
			if r.status != 200 {
				s.code, _ = r.errorOf(h.t)
			}
			return s
		}},
	{"mcp",
		func(h *harness, tool, args string) *x402.Payload { return h.mcpPayment(tool, args) },
		func(h *harness, tool, args string, p *x402.Payload) sent {
			res := h.call(tool, args, p)
			s := sent{status: 200, body: string(res.StructuredContent), settlement: string(res.Meta[mcpPaymentResponseKey])}
			switch {
			case !res.IsError:
			case strings.Contains(s.body, `"accepts"`):
				s.code, _, _ = strings.Cut(h.required(res).Error, " ")
				s.status, s.asksPay = 402, s.body
			default:
				s.code = string(failureOf(h.t, res).Code)
				s.status = registry.ErrorCode(s.code).Status()
			}
			return s
		}},
}

// whenState waits until the ledger holds the pair in state.
func whenState(t *testing.T, s ledger.Store, p *x402.Payload, state ledger.State) {
	t.Helper()
	a := p.Payload.Authorization
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		pm, err := s.Payment(context.Background(), a.From, a.Nonce)
		if err != nil {
			t.Fatal(err)
		}
		if pm.State == state {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pair never became %s (it is %s)", state, pm.State)
		}
	}
}

// duplicates sends the payment n times at once, while the first call runs.
func duplicates(tr transport, h *harness, n int, tool, args string, p *x402.Payload) []sent {
	out := make([]sent, n)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() { out[i] = tr.send(h, tool, args, p) })
	}
	wg.Wait()
	return out
}

// slowly makes each run of the harness's tools take d.
func slowly(h *harness, d time.Duration) { h.rt.during = func() { time.Sleep(d) } }

// Duplicates of a payment whose call is running, sent while the tool runs
// or while the payment settles, wait for that call and get its answer and
// its settlement, as a later retry does: never a 402, which an x402 client
// answers by paying again, and never a second charge.
func TestDuplicatesOfARunningCallGetItsAnswer(t *testing.T) {
	for _, l := range ledgers {
		for _, tr := range transports {
			for _, phase := range []ledger.State{ledger.Reserved, ledger.Settling} {
				t.Run(l.name+"/"+tr.name+"/"+string(phase), func(t *testing.T) {
					h := l.new(t)
					if phase == ledger.Reserved {
						slowly(h, 400*time.Millisecond)
					} else {
						h.fac.Hang.Store(int64(400 * time.Millisecond))
					}
					p := tr.pay(h, "test_echo", echoBody)
					first := make(chan sent)
					go func() { first <- tr.send(h, "test_echo", echoBody, p) }()
					whenState(t, h.store, p, phase)
					dups := duplicates(tr, h, 3, "test_echo", echoBody, p)
					answer := <-first
					if answer.status != 200 || answer.settlement == "" {
						t.Fatalf("the first call: %+v", answer)
					}
					for i, d := range dups {
						if d != answer {
							t.Errorf("duplicate %d: %+v\nwant the first call's %+v", i, d, answer)
						}
					}
					if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
						t.Fatalf("%d runs, %d settles; want one each", h.rt.runs.Load(), h.fac.Settles())
					}
				})
			}
		}
	}
}

// A duplicate of a call that fails is not asked to pay either: the failed
// call released the payment, so the duplicate is served anew, as a retry
// of it would be.
func TestDuplicateOfAFailingCallIsServedAnew(t *testing.T) {
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := l.new(t)
				slowly(h, 300*time.Millisecond)
				const args = `{"kind":"not_found"}`
				p := tr.pay(h, "test_fail", args)
				first := make(chan sent)
				go func() { first <- tr.send(h, "test_fail", args, p) }()
				whenState(t, h.store, p, ledger.Reserved)
				dup := tr.send(h, "test_fail", args, p)
				for name, s := range map[string]sent{"first": <-first, "duplicate": dup} {
					if s.status != 404 || s.code != "not_found" || s.asksPay != "" || !strings.Contains(s.body, "nothing was charged") {
						t.Errorf("%s: %+v", name, s)
					}
				}
				if h.rt.runs.Load() != 2 || h.fac.Settles() != 0 {
					t.Fatalf("%d runs, %d settles; want 2 and none", h.rt.runs.Load(), h.fac.Settles())
				}
			})
		}
	}
}

// A duplicate whose call is still running when its wait ends is told to
// retry the same payment, with Retry-After, and not asked to pay; the
// retry gets the answer once the call is done.
func TestDuplicateOfALongCallIsToldToRetry(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			slowly(h, inFlightWait+time.Second)
			p := tr.pay(h, "test_echo", echoBody)
			first := make(chan sent)
			go func() { first <- tr.send(h, "test_echo", echoBody, p) }()
			whenState(t, h.store, p, ledger.Reserved)
			start := time.Now()
			dup := tr.send(h, "test_echo", echoBody, p)
			waited := time.Since(start)
			a := p.Payload.Authorization
			status := testBase + "/payment/" + strings.ToLower(a.From) + "/" + a.Nonce
			wantRetry := map[string]string{"http": "1", "mcp": ""}[tr.name] // MCP results carry no headers
			if dup.status != 503 || dup.code != "payment_in_progress" || dup.retryAfter != wantRetry || dup.asksPay != "" || dup.settlement != "" ||
				!strings.Contains(dup.body, "retry with the same payment") || !strings.Contains(dup.body, status) || waited < inFlightWait {
				t.Fatalf("after %v: %+v", waited, dup)
			}
			answer := <-first
			if again := tr.send(h, "test_echo", echoBody, p); answer.status != 200 || again != answer {
				t.Fatalf("the retry: %+v\nwant the first call's %+v", again, answer)
			}
			if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
				t.Fatalf("%d runs, %d settles; want one each", h.rt.runs.Load(), h.fac.Settles())
			}
		})
	}
}

// Instances sharing a PostgreSQL ledger: a duplicate sent to another
// instance than the running call's waits for it by looking the payment up,
// and gets its answer and settlement; that instance neither runs nor
// settles anything.
func TestDuplicateOnAnotherInstanceGetsTheAnswer(t *testing.T) {
	ledgertest.RequirePostgres(t)
	for _, phase := range []ledger.State{ledger.Reserved, ledger.Settling} {
		t.Run(string(phase), func(t *testing.T) {
			open := ledgertest.Postgres(t)
			a, b := newHarnessOn(t, open), newHarnessOn(t, open)
			if phase == ledger.Reserved {
				slowly(a, 400*time.Millisecond)
			} else {
				a.fac.Hang.Store(int64(400 * time.Millisecond))
			}
			p := a.payment(echoPath, nil)
			first := make(chan reply)
			go func() { first <- a.pay(echoPath, echoBody, p) }()
			whenState(t, b.store, p, phase)
			dup := b.pay(echoPath, echoBody, p)
			answer := <-first
			if answer.status != 200 || dup.status != 200 || string(dup.body) != string(answer.body) ||
				dup.header[x402.HeaderResponse] == "" || dup.header[x402.HeaderResponse] != answer.header[x402.HeaderResponse] {
				t.Fatalf("duplicate %d %s %v\nfirst %d %s %v", dup.status, dup.body, dup.header, answer.status, answer.body, answer.header)
			}
			if a.rt.runs.Load() != 1 || a.fac.Settles() != 1 || b.rt.runs.Load() != 0 || b.fac.Settles() != 0 || b.fac.Verifies() != 0 {
				t.Fatalf("runs %d+%d, settles %d+%d, verifies on b %d", a.rt.runs.Load(), b.rt.runs.Load(), a.fac.Settles(), b.fac.Settles(), b.fac.Verifies())
			}
		})
	}
}

// The same payment identifier under new signatures, sent while the call
// holding it runs, waits for that call's answer too.
func TestSameIDWhileItsCallRunsGetsTheAnswer(t *testing.T) {
	const id = "pay_7d5d747be160e280504c099d984bcfe0"
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := l.new(t)
				slowly(h, 400*time.Millisecond)
				p := withID(t, tr.pay(h, "test_echo", echoBody), id)
				first := make(chan sent)
				go func() { first <- tr.send(h, "test_echo", echoBody, p) }()
				whenState(t, h.store, p, ledger.Reserved)
				again := withID(t, tr.pay(h, "test_echo", echoBody), id)
				dup := tr.send(h, "test_echo", echoBody, again)
				if answer := <-first; answer.status != 200 || dup != answer {
					t.Fatalf("same id: %+v\nwant the first call's %+v", dup, answer)
				}
				if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
					t.Fatalf("%d runs, %d settles; want one each", h.rt.runs.Load(), h.fac.Settles())
				}
			})
		}
	}
}
