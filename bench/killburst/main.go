// Command killburst measures what buyers see when coinslot is killed with
// SIGKILL during a burst of paid calls. This process holds the sandbox chain
// and its facilitator (serving /sandbox/rpc and /facilitator/ as a sandbox
// coinslot does); the coinslot it kills is a sandbox joined to that chain
// (chain_rpc), so what was settled before the kill stays on chain, as in
// production. It kills coinslot mid-burst, restarts it on the same ledger,
// and has every buyer without an answer retry with the same payment once a
// second until each call is answered or refused for good, reading the chain
// to tell settled payments from unsettled ones and to count charges.
//
//	make killburst   # both ledgers
//	go build -o /tmp/coinslot ./cmd/coinslot
//	go run ./bench/killburst -coinslot /tmp/coinslot [-dsn postgres://...]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/valyala/fasthttp"
)

const (
	path = "/paid/utility/business-days"
	body = `{"start_date":"2024-12-20","end_date":"2025-01-03"}`
)

// call is one buyer's paid call and what became of it.
type call struct {
	payment     string // the payment header, kept for every retry
	from, nonce string
	status      int           // the last answer's status; 0: no answer
	code        string        // the last error answer's code and x402 reason
	answeredAt  time.Duration // after the restart, when its outcome became final
	resolvedAt  time.Duration // after the restart, when its status document stopped saying pending or in_progress
	settled     bool          // on chain when coinslot restarted
	first       string        // the first answer after the restart
}

// final reports whether the call's outcome is settled for the buyer: the
// answer, or a refusal that retrying will not change.
func (c *call) final() bool {
	// A payment still held by the killed process (503 payment_in_progress)
	// or pending (504) is not final; an expired or used authorization (402)
	// is.
	return c.status == 200 || c.status == 409 || c.status == 402
}

func main() {
	bin := flag.String("coinslot", "", "coinslot binary")
	n := flag.Int("n", 3000, "paid calls")
	killAfter := flag.Int("kill-after", 1000, "answers before the kill")
	conns := flag.Int("conns", 64, "concurrent buyers")
	dir := flag.String("dir", os.TempDir(), "folder for the ledger and logs")
	dsn := flag.String("dsn", "", "a PostgreSQL ledger instead of the file")
	chainAddr := flag.String("chain", "127.0.0.1:24001", "where this process serves the chain and the facilitator")
	addr := flag.String("listen", "127.0.0.1:24002", "where coinslot listens")
	wait := flag.Duration("wait", 4*time.Minute, "how long after the restart unanswered calls are retried")
	// Under load the sandbox chain's clock runs up to 30 s ahead of the
	// wall clock (a block a settlement, a second apart), which eats into a
	// 60 s authorization retried half a minute after it was signed.
	validity := flag.Int("validity", 300, "max_timeout_seconds: how long a buyer's authorization stays valid")
	flag.Parse()
	ctx := context.Background()

	ch, err := newChain(ctx)
	if err != nil {
		panic(err)
	}
	defer ch.sb.Close()
	ln, err := net.Listen("tcp", *chainAddr)
	if err != nil {
		panic(err)
	}
	go http.Serve(ln, ch.handler())

	env := append(os.Environ(), "COINSLOT_MODE=sandbox",
		"COINSLOT_CHAIN_RPC=http://"+*chainAddr+"/sandbox/rpc", "COINSLOT_FACILITATOR_URL=http://"+*chainAddr+"/facilitator",
		"COINSLOT_BASE_URL=http://"+*addr, "COINSLOT_LEDGER_PATH="+*dir+"/ledger.db", fmt.Sprint("COINSLOT_MAX_TIMEOUT_SECONDS=", *validity),
		// 64 buyers from one address and ten wallets: admission limits would shape the burst being measured.
		"COINSLOT_LIMITS_PAID_RATE_PER_IP=1000000", "COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000",
		"COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1000000", "COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000")
	if *dsn != "" {
		env = append(env, "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+*dsn)
	}
	start := func(name string) (*exec.Cmd, time.Duration) {
		out, err := os.Create(*dir + "/" + name + ".log")
		if err != nil {
			panic(err)
		}
		cmd := exec.Command(*bin, "serve", "--listen", *addr)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, out, out
		began := time.Now()
		if err := cmd.Start(); err != nil {
			panic(err)
		}
		for time.Since(began) < 30*time.Second {
			if c, err := net.Dial("tcp", *addr); err == nil {
				c.Close()
				return cmd, time.Since(began)
			}
			time.Sleep(10 * time.Millisecond)
		}
		cmd.Process.Kill()
		panic("coinslot did not listen within 30 s; see " + out.Name())
	}
	cmd, _ := start("first")
	// The 402's PAYMENT-REQUIRED header runs to several KiB.
	client := &fasthttp.Client{MaxConnsPerHost: *conns * 2, MaxConnWaitTimeout: time.Minute, ReadTimeout: 30 * time.Second, ReadBufferSize: 64 << 10}
	statusClient := &fasthttp.Client{MaxConnsPerHost: *conns, MaxConnWaitTimeout: time.Minute, ReadTimeout: 30 * time.Second, ReadBufferSize: 64 << 10}
	state := func(c *call) string {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.SetRequestURI("http://" + *addr + "/payment/" + c.from + "/" + c.nonce)
		if err := statusClient.DoTimeout(req, resp, 30*time.Second); err != nil {
			return ""
		}
		var doc struct{ State string }
		json.Unmarshal(resp.Body(), &doc)
		return doc.State
	}
	send := func(client *fasthttp.Client, c *call) {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.SetRequestURI("http://" + *addr + path)
		req.Header.SetMethod("POST")
		req.Header.SetContentType("application/json")
		req.Header.Set(x402.HeaderSignature, c.payment)
		req.SetBodyString(body)
		c.status, c.code = 0, ""
		if err := client.DoTimeout(req, resp, 30*time.Second); err != nil {
			return
		}
		c.status = resp.StatusCode()
		if c.status != 200 {
			c.code = errorCode(resp.Body())
		}
	}
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	req.SetRequestURI("http://" + *addr + path)
	if err := client.Do(req, resp); err != nil {
		panic(fmt.Sprintf("asking coinslot for terms: %v; see %s/first.log", err, *dir))
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(string(resp.Header.Peek(x402.HeaderRequired)), &terms); err != nil {
		panic(err)
	}

	// Buyers sign as they call, as x402 clients do; a retry reuses the payment.
	calls := make([]call, *n)
	var wg sync.WaitGroup
	var done atomic.Int64
	var killed atomic.Bool
	next := atomic.Int64{}
	var killedAt time.Time
	began := time.Now()
	for range *conns {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= *n {
					return
				}
				c := &calls[i]
				header, p, err := x402.Pay(ch.sb.Buyers[i%len(ch.sb.Buyers)].Key, &terms, time.Now())
				if err != nil {
					panic(err)
				}
				c.payment, c.from, c.nonce = header, p.Payload.Exact().Authorization.From, p.Payload.Exact().Authorization.Nonce
				send(client, c)
				if done.Add(1) == int64(*killAfter) && killed.CompareAndSwap(false, true) {
					cmd.Process.Kill() // SIGKILL
					killedAt = time.Now()
				}
			}
		})
	}
	wg.Wait()
	cmd.Wait()
	fmt.Printf("burst: %d calls in %v, SIGKILL after %d answers (%v in); statuses %v (0: no answer)\n",
		*n, time.Since(began).Round(time.Millisecond), *killAfter, killedAt.Sub(began).Round(time.Millisecond), statuses(calls, nil))

	unanswered := []*call{}
	for i := range calls {
		if calls[i].status != 200 {
			unanswered = append(unanswered, &calls[i])
		}
	}
	settledUnanswered := 0
	for _, c := range unanswered {
		if c.settled = used(ctx, ch, c); c.settled {
			settledUnanswered++
		}
	}
	cmd, startup := start("second")
	restarted := time.Now()
	fmt.Printf("restart: listening %v after start, %v after the kill; %d calls unanswered, %d of them settled on chain\n",
		startup.Round(time.Millisecond), restarted.Sub(killedAt).Round(time.Millisecond), len(unanswered), settledUnanswered)

	// Every unanswered call is retried with its payment, at once and then
	// once a second, until its outcome is final or the wait is over. While
	// a call is pending (504) or its reservation is held by the killed
	// process (503 payment_in_progress), its status document is read every
	// 100 ms, to time when it stops being so, and the call is retried then,
	// or after a second. Each buyer retries on a connection of its own.
	retries := &fasthttp.Client{MaxConnsPerHost: len(unanswered), ReadTimeout: 30 * time.Second, ReadBufferSize: 64 << 10}
	for _, c := range unanswered {
		wg.Go(func() {
			for {
				send(retries, c)
				at := time.Since(restarted)
				if c.first == "" {
					c.first = answer(c)
				}
				if c.final() {
					c.answeredAt = at
					return
				}
				if at > *wait {
					return
				}
				if c.status != 504 && c.status != 402 || c.resolvedAt > 0 {
					time.Sleep(time.Second)
					continue
				}
				for range 10 {
					if s := state(c); s != "pending" && s != "in_progress" && s != "" {
						c.resolvedAt = time.Since(restarted)
						break
					}
					time.Sleep(100 * time.Millisecond)
				}
			}
		})
	}
	wg.Wait()

	// By state at the restart and first answer after it: the final status,
	// how many, and when the last became final.
	type outcome struct {
		n              int
		last, resolved time.Duration
	}
	outcomes := map[string]*outcome{}
	ch.mu.Lock() // the facilitator is idle by now
	defer ch.mu.Unlock()
	for _, c := range unanswered {
		var state string
		switch at, ok := ch.asked[key(c.from, c.nonce)]; {
		case c.settled:
			state = "settled at the restart"
		case ok && at.Before(restarted):
			state = "/settle sent before the kill, landed after"
		case ok:
			state = "settled by the restarted coinslot"
		default:
			state = "not settled"
		}
		k := fmt.Sprintf("%s; first %s, then %s", state, c.first, answer(c))
		if !c.final() {
			k += " (still open)"
		}
		if outcomes[k] == nil {
			outcomes[k] = &outcome{}
		}
		outcomes[k].n++
		outcomes[k].last = max(outcomes[k].last, c.answeredAt)
		outcomes[k].resolved = max(outcomes[k].resolved, c.resolvedAt)
	}
	keys := make([]string, 0, len(outcomes))
	for k := range outcomes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		o := outcomes[k]
		fmt.Printf("  %s: %d, the last %v after restart", k, o.n, o.last.Round(time.Millisecond))
		if o.resolved > 0 {
			fmt.Printf(" (status no longer pending or in_progress by %v)", o.resolved.Round(time.Millisecond))
		}
		fmt.Println()
	}
	fmt.Printf("final: %v\n", statuses(calls, nil))

	// Charges: the chain is the truth.
	transfers, err := ch.transfers(ctx)
	if err != nil {
		panic(err)
	}
	settledOnChain, double, paidNoAnswer, refusedUsed := 0, 0, 0, 0
	for i := range calls {
		c := &calls[i]
		t := transfers[key(c.from, c.nonce)]
		if t > 0 {
			settledOnChain++
		}
		if t > 1 {
			double++
		}
		if t > 0 && c.status != 200 {
			paidNoAnswer++
			fmt.Printf("  settled without an answer: %s %s: %d %s\n", c.from, c.nonce, c.status, c.code)
		}
	}
	for _, r := range ch.refused {
		refusedUsed += r
	}
	successes := 0
	for _, s := range ch.settled {
		successes += s
	}
	fmt.Printf("chain: %d authorizations settled (%d /settle successes), double settlements %d; /settle refused as already used: %d; settled without an answer: %d\n",
		settledOnChain, successes, double, refusedUsed, paidNoAnswer)
	if m := metric(*addr, "coinslot_settlements_reconciled_total"); m != "" {
		fmt.Printf("restarted coinslot: %s\n", m)
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
}

func used(ctx context.Context, ch *chain, c *call) bool {
	u, err := ch.used(ctx, c.from, c.nonce)
	if err != nil {
		panic(err)
	}
	return u
}

// answer is the call's last status and error code.
func answer(c *call) string {
	if c.code == "" {
		return fmt.Sprint(c.status)
	}
	return fmt.Sprint(c.status, " ", c.code)
}

// errorCode is an error answer's code, and its x402 reason if it has one:
// a 402 is {"code","reason",...}, every other error {"error":{"code"}}.
func errorCode(body []byte) string {
	var e struct {
		Code   string          `json:"code"`
		Reason string          `json:"reason"`
		Error  json.RawMessage `json:"error"`
	}
	json.Unmarshal(body, &e)
	if e.Code == "" {
		var d struct{ Code string }
		json.Unmarshal(e.Error, &d)
		e.Code = d.Code
	}
	if e.Reason != "" {
		return e.Code + " " + e.Reason
	}
	return e.Code
}

// statuses counts the answers by status and, for errors, code.
func statuses(calls []call, ptrs []*call) map[string]int {
	m := map[string]int{}
	add := func(c *call) { m[answer(c)]++ }
	for i := range calls {
		add(&calls[i])
	}
	for _, c := range ptrs {
		add(c)
	}
	return m
}

// metric is the lines of /metrics that start with name.
func metric(addr, name string) string {
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		return ""
	}
	defer res.Body.Close()
	text, _ := io.ReadAll(res.Body)
	lines := []string{}
	for _, l := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(l, name) {
			lines = append(lines, l)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "; ")
}
