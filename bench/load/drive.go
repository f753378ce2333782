package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
)

// request is one HTTP request of a phase.
type request struct {
	method, path string
	body         []byte
	header       string // an extra request header, e.g. PAYMENT-SIGNATURE
	value        string
	want         int // the status a correct answer has
}

// fill writes r into req, addressed to addr: its method, path, JSON body,
// extra header, and the headers a Streamable HTTP client sends to /mcp.
func (r *request) fill(req *fasthttp.Request, addr string) {
	req.Reset()
	req.Header.SetMethod(r.method)
	req.SetRequestURI("http://" + addr + r.path)
	if r.body != nil {
		req.Header.SetContentType("application/json")
		req.SetBody(r.body)
	}
	if r.header != "" {
		req.Header.Set(r.header, r.value)
	}
	if r.path == "/mcp" {
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
}

// phase is a closed-loop load: conns connections, each sending its next
// request as soon as the last is answered, for duration or until next runs
// out of requests.
type phase struct {
	name     string
	target   *proc
	next     func(i int) (*request, bool)
	warmup   time.Duration // run first, not measured
	duration time.Duration
	limit    int // stop after this many measured requests; 0 for no limit
	conns    int // connections; the -conns flag's when 0
	// serverCPU, when set, is the CPU time of another process serving the
	// phase, such as its database, counted as the target's is.
	serverCPU func() time.Duration
	// streams, when set, replace next: connection i sends streams[i]'s
	// requests, each told how its last one was answered.
	streams []stream
}

// stream is one connection's own sequence of requests, such as the calls
// on one payment channel, which must go one at a time and in order.
type stream interface {
	next() (*request, bool)
	answered(ok bool)
}

// shared hands a phase's requests to its connections in turn.
type shared struct {
	source func(int) (*request, bool)
	i      *atomic.Int64
}

func (s shared) next() (*request, bool) { return s.source(int(s.i.Add(1) - 1)) }
func (shared) answered(bool)            {}

// result is what a phase measured.
type result struct {
	name       string
	n, failed  int
	elapsed    time.Duration
	p50, p99   time.Duration
	cpuPerCall time.Duration // the target process's CPU time per request
	// serverPerCall is the phase's serverCPU per request.
	serverPerCall time.Duration
	// machinePerCall is the busy time of every CPU of the machine per
	// request: the target's, its database's, the driver's and the kernel's.
	machinePerCall time.Duration
	firstError     string
	roundRPS       []float64 // requests per second in each of its rounds (one, unless phases took turns)
}

func (r result) rps() float64 { return float64(r.n) / r.elapsed.Seconds() }

// rounds is how many turns each phase gets when phases are measured
// together: on a shared host a phase's figures move by a fifth from run to
// run as its neighbours come and go, and phases taking turns meet the
// same moments, so their ratios compare the servers rather than the times.
const rounds = 4

// phaseHeap is how much a measurement may allocate before the driver
// collects during it.
const phaseHeap = 2 << 30

// takeTurns drives the phases and reports each on stderr. Two or more take
// turns: each warms up once, then runs its duration in rounds, in
// alternation with the others.
func takeTurns(phs ...phase) []result { return drivePhases(false, phs) }

// atOnce drives the phases at the same time, each on its own connections,
// in the same rounds: servers that share a resource, such as a ledger,
// under one load.
func atOnce(phs ...phase) []result { return drivePhases(true, phs) }

func drivePhases(together bool, phs []phase) []result {
	// The driver's own collector would be measured as the server's
	// latency: its heap holds every payment signed ahead (a voucher header
	// is 9.5 KiB), so a cycle marks hundreds of MiB on the driver's CPU. It
	// collects between measurements instead; most phases allocate little.
	// One that reads large answers (section 3's /openapi.json, 1.1 MiB each)
	// took the driver to 23 GiB, all of a 24 GiB machine, so past phaseHeap
	// more than the driver held, it collects.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(ms.Sys-ms.HeapReleased) + phaseHeap))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	ds := make([]*driven, len(phs))
	for i, ph := range phs {
		ds[i] = ph.start()
	}
	turns := 1
	if len(phs) > 1 {
		turns = rounds
	}
	if together {
		turns = 1
	}
	for range turns {
		var wg sync.WaitGroup
		for _, d := range ds {
			if together {
				wg.Go(func() { d.round(d.ph.duration) })
			} else {
				d.round(d.ph.duration / time.Duration(turns))
			}
		}
		wg.Wait()
	}
	out := make([]result, len(ds))
	for i, d := range ds {
		out[i] = d.result()
	}
	return out
}

// driven is a phase under way: its client, its place in its requests and
// what its rounds have measured.
type driven struct {
	ph       phase
	hc       *fasthttp.HostClient
	next     atomic.Int64
	took     []time.Duration
	failed   int
	firstErr string
	elapsed  time.Duration
	cpu      time.Duration // the target process's, in the measured rounds
	server   time.Duration // the phase's serverCPU, in the measured rounds
	machine  time.Duration // the machine's busy time, in the measured rounds
	roundRPS []float64
}

// start connects to the phase's target and runs its warm-up.
func (ph phase) start() *driven {
	if ph.conns == 0 {
		ph.conns = conns
	}
	d := &driven{ph: ph, hc: &fasthttp.HostClient{
		Addr: ph.target.addr, MaxConns: ph.conns,
		// Payment headers and the 402's PAYMENT-REQUIRED run to several KiB.
		ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second,
		MaxIdemponentCallAttempts: 1,
	}}
	if ph.warmup > 0 {
		d.drive(time.Now().Add(ph.warmup), 0)
		d.took, d.failed, d.firstErr, d.elapsed = nil, 0, "", 0
	}
	return d
}

// round drives the phase for length, or until its limit.
func (d *driven) round(length time.Duration) {
	limit := 0
	if d.ph.limit > 0 {
		if limit = d.ph.limit - len(d.took); limit <= 0 {
			return
		}
	}
	server := func() time.Duration { return 0 }
	if d.ph.serverCPU != nil {
		server = d.ph.serverCPU
	}
	cpu0, server0, machine0 := d.ph.target.cpu(), server(), machineBusy()
	n0, elapsed0 := len(d.took), d.elapsed
	d.drive(time.Now().Add(length), limit)
	d.roundRPS = append(d.roundRPS, float64(len(d.took)-n0)/(d.elapsed-elapsed0).Seconds())
	d.cpu += d.ph.target.cpu() - cpu0
	d.server += server() - server0
	d.machine += machineBusy() - machine0
}

// result is what the rounds measured, reported on stderr.
func (d *driven) result() result {
	n := time.Duration(max(len(d.took), 1))
	r := result{name: d.ph.name, n: len(d.took), failed: d.failed, elapsed: d.elapsed, firstError: d.firstErr,
		cpuPerCall: d.cpu / n, serverPerCall: d.server / n, machinePerCall: d.machine / n, roundRPS: d.roundRPS}
	if len(d.took) > 0 {
		slices.Sort(d.took)
		r.p50, r.p99 = d.took[len(d.took)/2], d.took[len(d.took)*99/100]
	}
	logf("%-44s %8d req %8.0f req/s  p50 %-9v p99 %-9v cpu/call %-9v failed %d %s",
		r.name, r.n, r.rps(), r.p50, r.p99, r.cpuPerCall, r.failed, r.firstError)
	if r.n == 0 {
		// Its figures would be zeros, which pass every "at most" target.
		fail("%s: no request was answered in the measured time (its requests ran out in the warm-up?)", r.name)
	}
	return r
}

// drive sends requests on the phase's connections until the deadline,
// until its requests run out, or after limit requests.
func (d *driven) drive(deadline time.Time, limit int) {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		sent atomic.Int64
	)
	began := time.Now()
	for c := range d.ph.conns {
		var src stream = shared{d.ph.next, &d.next}
		if d.ph.streams != nil {
			src = d.ph.streams[c]
		}
		wg.Go(func() {
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			var mine []time.Duration
			bad, why := 0, ""
			for time.Now().Before(deadline) && (limit == 0 || sent.Add(1) <= int64(limit)) {
				r, ok := src.next()
				if !ok {
					break
				}
				r.fill(req, d.hc.Addr)
				t0 := time.Now()
				err := d.hc.Do(req, resp)
				mine = append(mine, time.Since(t0))
				switch {
				case err != nil:
					bad, why = bad+1, err.Error()
				case resp.StatusCode() != r.want:
					bad++
					why = fmt.Sprintf("%s %s: %d, want %d: %.300s", r.method, r.path, resp.StatusCode(), r.want, resp.Body())
				}
				src.answered(err == nil && resp.StatusCode() == r.want)
			}
			mu.Lock()
			d.took = append(d.took, mine...)
			d.failed += bad
			if d.firstErr == "" {
				d.firstErr = why
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	d.elapsed += time.Since(began)
}

// repeat is a phase source that sends the same request forever.
func repeat(r *request) func(int) (*request, bool) {
	return func(int) (*request, bool) { return r, true }
}

// rotate sends the requests in turn.
func rotate(rs ...*request) func(int) (*request, bool) {
	return func(i int) (*request, bool) { return rs[i%len(rs)], true }
}
