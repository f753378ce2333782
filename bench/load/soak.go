package main

import (
	"bufio"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

// The soak's two kinds of traffic come from two loopback addresses, so the
// per-address limits tell them apart as they would tell two clients apart.
const (
	legitAddr   = "127.0.0.1"
	hostileAddr = "127.0.0.2"
)

// legitRate is the paid calls a second the legitimate buyer sends in every
// phase: well inside the per-address and per-payer limits.
const legitRate = 25

// soakConnections is the soak's connection cap, low enough that the idle
// connections phase goes past it; a quarter of it is the per-address cap.
const soakConnections = 400

// soak is section 5: coinslot with its default admission limits (only the
// connection cap lowered) while a buyer pays for calls at a steady rate,
// first alone, then beside each hostile load in turn. Each phase prints the
// buyer's p50 and p99, what became of the hostile traffic, and whether the
// process is still up.
func (b *bench) soak() {
	unfunded := make([]*ecdsa.PrivateKey, 200)
	var list strings.Builder
	for i := range unfunded {
		unfunded[i] = newKey()
		fmt.Fprintln(&list, crypto.PubkeyToAddress(unfunded[i].PublicKey).Hex())
	}
	listPath := filepath.Join(logDir, "unfunded.txt")
	write(listPath, []byte(list.String()))
	facAddr := freeAddr()
	fac := launch("facilitator-soak", facAddr, "", nil, b.bin.facilitator, "--listen", facAddr, "--unfunded", listPath)
	addr := freeAddr()
	// coinslot gets CPU 0 to itself; the drivers and the facilitator double,
	// the world outside, run on the others (make soak pins them there), so
	// a flood costs coinslot what it costs to answer, not what it costs to send.
	target := launch("coinslot-soak", addr, "", []string{
		"COINSLOT_MODE=production", "COINSLOT_PAY_TO=" + payTo, "COINSLOT_FACILITATOR_URL=http://" + fac.addr,
		"COINSLOT_BASE_URL=http://" + addr, "COINSLOT_LEDGER_PATH=" + filepath.Join(logDir, "soak.db"),
		fmt.Sprintf("COINSLOT_LIMITS_CONNECTIONS=%d", soakConnections), "GOMAXPROCS=1",
	}, "taskset", "-c", "0", b.bin.coinslot, "serve", "--listen", addr)

	terms := termsOf(target, unpaidCall)
	phaseTime := b.duration
	buyers := []*ecdsa.PrivateKey{newKey(), newKey()}
	run := func(name string, hostile func(stop <-chan struct{}) string) {
		// Signed for each phase, so none nears its validBefore.
		legit := payments(terms, buyers, int(float64(legitRate)*phaseTime.Seconds()*1.3))
		var legitNext atomic.Int64
		stop := make(chan struct{})
		outcome := make(chan string, 1)
		go func() { outcome <- hostile(stop) }()
		time.Sleep(500 * time.Millisecond) // the hostile load is under way before the buyer is measured
		took, failed := paceLegit(target, legit, &legitNext, phaseTime)
		close(stop)
		what := <-outcome
		up := alive(target)
		p50, p99 := percentiles(took)
		b.soakRows = append(b.soakRows, soakRow{name, p50, p99, failed, what, up})
		logf("%-34s legit p50 %-9v p99 %-9v failed %d; %s; up %v", name, p50, p99, failed, what, up)
	}

	run("baseline (no hostile traffic)", func(stop <-chan struct{}) string { <-stop; return "" })
	run("idle connections past the cap", func(stop <-chan struct{}) string { return idleConns(target, 3*soakConnections/2, stop) })
	run("slowloris headers", func(stop <-chan struct{}) string { return slowloris(target, soakConnections/8, stop) })
	run("402 flood", func(stop <-chan struct{}) string {
		return flood(target, stop, func(int) *request { return unpaidCall })
	})
	unfundedCalls := payments(terms, unfunded, 20000)
	verifies0 := verifies(fac)
	run("unfunded-payment flood", func(stop <-chan struct{}) string {
		out := flood(target, stop, func(i int) *request {
			return &request{method: "POST", path: trifectaPath, body: trifectaBody, header: x402.HeaderSignature, value: unfundedCalls[i%len(unfundedCalls)]}
		})
		return fmt.Sprintf("%s; %d reached /verify", out, verifies(fac)-verifies0)
	})
	// The dead host at the wallet's allowed rate (limits.paid_rate_per_payer),
	// then the same calls as fast as answered: a paid-call flood over /mcp.
	run("dead web host, 50 paid calls/s over /mcp", func(stop <-chan struct{}) string { return deadHost(target, 50, stop) })
	run("dead web host, MCP flood", func(stop <-chan struct{}) string { return deadHost(target, 0, stop) })
	b.printSoak()
}

// soakRow is one phase of the soak as printed.
type soakRow struct {
	name     string
	p50, p99 time.Duration
	failed   int
	hostile  string
	up       bool
}

// paceLegit sends the buyer's paid calls at legitRate for d, one
// connection each so a slow answer does not delay the next call.
func paceLegit(p *proc, payments []string, next *atomic.Int64, d time.Duration) ([]time.Duration, int) {
	var (
		mu     sync.Mutex
		took   []time.Duration
		failed int
		wg     sync.WaitGroup
	)
	hc := &fasthttp.HostClient{Addr: p.addr, ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10,
		Dial: dialFrom(legitAddr), ReadTimeout: 30 * time.Second, MaxIdemponentCallAttempts: 1}
	tick := time.NewTicker(time.Second / legitRate)
	defer tick.Stop()
	for end := time.Now().Add(d); time.Now().Before(end); <-tick.C {
		i := int(next.Add(1) - 1)
		if i >= len(payments) {
			fail("the soak ran out of signed payments")
		}
		wg.Go(func() {
			status, dt, err := do(hc, &request{method: "POST", path: trifectaPath, body: trifectaBody, header: x402.HeaderSignature, value: payments[i]})
			mu.Lock()
			defer mu.Unlock()
			took = append(took, dt)
			if err != nil || status != fasthttp.StatusOK {
				failed++
			}
		})
	}
	wg.Wait()
	return took, failed
}

// do sends one request and times it.
func do(hc *fasthttp.HostClient, r *request) (int, time.Duration, error) {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	r.fill(req, hc.Addr)
	t0 := time.Now()
	err := hc.Do(req, resp)
	return resp.StatusCode(), time.Since(t0), err
}

// dialFrom dials from a given loopback address.
func dialFrom(ip string) fasthttp.DialFunc {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return func(addr string) (net.Conn, error) { return d.Dial("tcp", addr) }
}

// flood sends next's requests from the hostile address on 32 connections
// as fast as they are answered, and says how they were answered.
func flood(p *proc, stop <-chan struct{}, next func(int) *request) string {
	hc := &fasthttp.HostClient{Addr: p.addr, MaxConns: 32, ReadBufferSize: 64 << 10, WriteBufferSize: 64 << 10,
		Dial: dialFrom(hostileAddr), ReadTimeout: 30 * time.Second, MaxIdemponentCallAttempts: 1}
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		n        atomic.Int64
		wg       sync.WaitGroup
	)
	began := time.Now()
	for range 32 {
		wg.Go(func() {
			mine := map[int]int{}
			for !stopped(stop) {
				status, _, err := do(hc, next(int(n.Add(1))))
				if err != nil {
					status = -1
				}
				mine[status]++
			}
			mu.Lock()
			defer mu.Unlock()
			for s, c := range mine {
				statuses[s] += c
			}
		})
	}
	wg.Wait()
	return fmt.Sprintf("%.0f req/s answered %s", float64(n.Load())/time.Since(began).Seconds(), countStatuses(statuses))
}

// idleConns opens n connections from the hostile address and holds them
// without a byte sent, then counts how many the server kept.
func idleConns(p *proc, n int, stop <-chan struct{}) string {
	conns := openConns(p, n)
	<-stop
	return fmt.Sprintf("%d idle connections opened, %s", n, kept(conns))
}

// slowloris opens n connections from the hostile address, each sending a
// request head one byte a second.
func slowloris(p *proc, n int, stop <-chan struct{}) string {
	conns := openConns(p, n)
	head := []byte("POST " + trifectaPath + " HTTP/1.1\r\nHost: soak\r\nX-Slow: ")
	for i := 0; !stopped(stop); i++ {
		for _, c := range conns {
			if c != nil {
				c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
				c.Write(head[i%len(head) : i%len(head)+1])
			}
		}
		select {
		case <-stop:
		case <-time.After(time.Second):
		}
	}
	return fmt.Sprintf("%d connections sending a head a byte a second, %s", n, kept(conns))
}

func openConns(p *proc, n int) []net.Conn {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(hostileAddr)}, Timeout: time.Second}
	conns := make([]net.Conn, n)
	for i := range conns {
		conns[i], _ = d.Dial("tcp", p.addr)
	}
	return conns
}

// kept closes the connections, saying how many the server had closed first.
func kept(conns []net.Conn) string {
	open := 0
	for _, c := range conns {
		if c == nil {
			continue
		}
		c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil && isTimeout(err) {
			open++
		}
		c.Close()
	}
	return fmt.Sprintf("%d still held by the server, %d refused or closed by it", open, len(conns)-open)
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// deadHost pays for scrape calls of a public host that never answers here
// (this machine has no route out), over /mcp since the web tools are sold
// there, at perSecond from one wallet on 8 connections: each fails, is not
// charged, and the host's own breaker opens. perSecond 0: as fast as answered.
func deadHost(p *proc, perSecond int, stop <-chan struct{}) string {
	const deadURL = "https://1.1.1.1/"
	call := func(meta any) []byte {
		params := map[string]any{"name": "scrape", "arguments": map[string]any{"url": deadURL}}
		if meta != nil {
			params["_meta"] = map[string]any{"x402/payment": meta}
		}
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
		return b
	}
	hc := &fasthttp.HostClient{Addr: p.addr, Dial: dialFrom(hostileAddr), ReadBufferSize: 64 << 10, ReadTimeout: 30 * time.Second}
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	(&request{method: "POST", path: "/mcp", body: call(nil)}).fill(req, p.addr)
	if err := hc.Do(req, resp); err != nil {
		fail("scrape terms: %v", err)
	}
	var rpc struct {
		Result struct {
			StructuredContent x402.PaymentRequired `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(resp.Body(), &rpc); err != nil || len(rpc.Result.StructuredContent.Accepts) == 0 {
		fail("scrape terms: %s", resp.Body())
	}
	key := newKey()
	results := map[string]int{} // by the call's error code, "answered" when it succeeded
	var mu sync.Mutex
	var wg sync.WaitGroup
	pace := make(chan struct{})
	if perSecond > 0 {
		go func() {
			tick := time.NewTicker(time.Second / time.Duration(perSecond))
			defer tick.Stop()
			for !stopped(stop) {
				<-tick.C
				select {
				case pace <- struct{}{}:
				default:
				}
			}
		}()
	} else {
		close(pace)
	}
	for range 8 {
		wg.Go(func() {
			for !stopped(stop) {
				select {
				case <-pace:
				case <-stop:
					continue
				}
				_, payload, err := x402.Pay(key, &rpc.Result.StructuredContent, time.Now())
				if err != nil {
					fail("signing: %v", err)
				}
				what := mcpOutcome(hc, call(payload))
				mu.Lock()
				results[what]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	var parts []string
	for what, n := range results {
		parts = append(parts, fmt.Sprintf("%d×%s", n, what))
	}
	slices.Sort(parts)
	return "paid scrape calls of a dead host: " + strings.Join(parts, " ")
}

// mcpOutcome sends a tools/call and names its outcome: the error code of an
// error result, or "answered".
func mcpOutcome(hc *fasthttp.HostClient, body []byte) string {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	(&request{method: "POST", path: "/mcp", body: body}).fill(req, hc.Addr)
	if err := hc.Do(req, resp); err != nil {
		return "transport error"
	}
	var rpc struct {
		Result struct {
			IsError           bool `json:"isError"`
			StructuredContent struct {
				Error struct{ Code string } `json:"error"`
			} `json:"structuredContent"`
		} `json:"result"`
	}
	switch {
	case json.Unmarshal(resp.Body(), &rpc) != nil:
		return fmt.Sprintf("HTTP %d", resp.StatusCode())
	case !rpc.Result.IsError:
		return "answered"
	case rpc.Result.StructuredContent.Error.Code == "":
		return "payment refused"
	}
	return rpc.Result.StructuredContent.Error.Code
}

func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func countStatuses(m map[int]int) string {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		name := fmt.Sprint(k)
		if k == -1 {
			name = "error"
		}
		parts = append(parts, fmt.Sprintf("%d×%s", m[k], name))
	}
	return strings.Join(parts, " ")
}

func percentiles(took []time.Duration) (time.Duration, time.Duration) {
	if len(took) == 0 {
		return 0, 0
	}
	slices.Sort(took)
	return took[len(took)/2], took[len(took)*99/100]
}

// alive says whether the process runs and answers /healthz.
func alive(p *proc) bool {
	if p.cmd.ProcessState != nil {
		return false
	}
	status, _, err := do(&fasthttp.HostClient{Addr: p.addr, Dial: dialFrom(legitAddr)}, &request{method: "GET", path: "/healthz"})
	return err == nil && status == fasthttp.StatusOK
}

// verifies is how many /verify calls the facilitator double has answered.
func verifies(p *proc) int { return facilitatorStats(p).Verifies }

// facilitatorStats are the facilitator double's counts of the /verify and
// /settle calls it answered.
func facilitatorStats(p *proc) (s struct{ Verifies, Settles int }) {
	c, err := net.Dial("tcp", p.addr)
	if err != nil {
		fail("facilitator stats: %v", err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /stats HTTP/1.1\r\nHost: f\r\nConnection: close\r\n\r\n")
	var resp fasthttp.Response
	if err := resp.Read(bufio.NewReader(c)); err != nil {
		fail("facilitator stats: %v", err)
	}
	if err := json.Unmarshal(resp.Body(), &s); err != nil {
		fail("facilitator stats: %v", err)
	}
	return s
}

func (b *bench) printSoak() {
	base := b.soakRows[0].p50
	fmt.Printf("\nSoak: legit paid calls at %d/s from %s beside each hostile load from %s, %v a phase, default limits (connections %d), coinslot alone on CPU 0\n\n",
		legitRate, legitAddr, hostileAddr, b.duration, soakConnections)
	fmt.Println("| phase | legit p50 | legit p99 | p50 / baseline | legit failed | hostile traffic | process up |")
	fmt.Println("|---|---:|---:|---:|---:|---|---|")
	for _, r := range b.soakRows {
		fmt.Printf("| %s | %s | %s | %.2f | %d | %s | %v |\n", r.name, dur(r.p50), dur(r.p99), float64(r.p50)/float64(base), r.failed, r.hostile, r.up)
	}
	_ = os.Stdout.Sync()
}
