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
	firstError string
}

func (r result) rps() float64 { return float64(r.n) / r.elapsed.Seconds() }

// run drives a phase and reports it on stderr as it ends.
func (ph phase) run() result {
	if ph.conns == 0 {
		ph.conns = conns
	}
	hc := &fasthttp.HostClient{
		Addr: ph.target.addr, MaxConns: ph.conns,
		// Payment headers and the 402's PAYMENT-REQUIRED run to several KiB.
		ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second,
		MaxIdemponentCallAttempts: 1,
	}
	// The driver's own collector would be measured as the server's
	// latency: its heap holds every payment signed ahead (a voucher header
	// is 9.5 KiB), so a cycle marks hundreds of MiB on the driver's CPU. It
	// collects between phases instead; a phase allocates little.
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var next atomic.Int64
	if ph.warmup > 0 {
		drive(hc, ph, &next, time.Now().Add(ph.warmup), 0)
	}
	cpu0 := ph.target.cpu()
	r := drive(hc, ph, &next, time.Now().Add(ph.duration), ph.limit)
	r.cpuPerCall = (ph.target.cpu() - cpu0) / time.Duration(max(r.n, 1))
	r.name = ph.name
	logf("%-44s %8d req %8.0f req/s  p50 %-9v p99 %-9v cpu/call %-9v failed %d %s",
		ph.name, r.n, r.rps(), r.p50, r.p99, r.cpuPerCall, r.failed, r.firstError)
	if r.n == 0 {
		// Its figures would be zeros, which pass every "at most" target.
		fail("%s: no request was answered in the measured time (its requests ran out in the warm-up?)", ph.name)
	}
	return r
}

// drive sends requests on conns connections until the deadline, until next
// runs out, or after limit requests.
func drive(hc *fasthttp.HostClient, ph phase, next *atomic.Int64, deadline time.Time, limit int) result {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		took     []time.Duration
		failed   int
		firstErr string
		sent     atomic.Int64
	)
	began := time.Now()
	for c := range ph.conns {
		var src stream = shared{ph.next, next}
		if ph.streams != nil {
			src = ph.streams[c]
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
				r.fill(req, hc.Addr)
				t0 := time.Now()
				err := hc.Do(req, resp)
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
			took = append(took, mine...)
			failed += bad
			if firstErr == "" {
				firstErr = why
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	r := result{n: len(took), failed: failed, elapsed: time.Since(began), firstError: firstErr}
	if len(took) > 0 {
		slices.Sort(took)
		r.p50, r.p99 = took[len(took)/2], took[len(took)*99/100]
	}
	return r
}

// repeat is a phase source that sends the same request forever.
func repeat(r *request) func(int) (*request, bool) {
	return func(int) (*request, bool) { return r, true }
}

// rotate sends the requests in turn.
func rotate(rs ...*request) func(int) (*request, bool) {
	return func(i int) (*request, bool) { return rs[i%len(rs)], true }
}
