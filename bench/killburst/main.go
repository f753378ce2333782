// Command killburst measures what buyers see when coinslot is killed with
// SIGKILL during a burst of paid calls: it serves as the facilitator
// (counting settlements per authorization, so a double settlement shows),
// kills coinslot mid-burst, restarts it on the same ledger, and retries
// every unanswered call with the same payment, at once and again after a
// PostgreSQL lease. Without a chain to reconcile from, a payment settled
// but not recorded at the kill stays settlement_pending.
//
//	go build -o /tmp/coinslot ./cmd/coinslot
//	go run ./bench/killburst -coinslot /tmp/coinslot [-dsn postgres://...]
package main

import (
	"crypto/ecdsa"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

const (
	path = "/paid/utility/business-days"
	body = `{"start_date":"2024-12-20","end_date":"2025-01-03"}`
)

type facilitator struct {
	mu      sync.Mutex
	settled map[string]int
}

func (f *facilitator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		PaymentPayload      x402.Payload      `json:"paymentPayload"`
		PaymentRequirements x402.Requirements `json:"paymentRequirements"`
	}
	json.NewDecoder(r.Body).Decode(&req)
	a := req.PaymentPayload.Payload.Authorization
	key := strings.ToLower(a.From + "|" + a.Nonce)
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/verify":
		f.mu.Lock()
		used := f.settled[key] > 0
		f.mu.Unlock()
		if used {
			json.NewEncoder(w).Encode(map[string]any{"isValid": false, "invalidReason": "invalid_exact_evm_nonce_already_used", "payer": a.From})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"isValid": true, "payer": a.From})
	case "/settle":
		time.Sleep(30 * time.Millisecond) // a chain's confirmation, shortened
		f.mu.Lock()
		f.settled[key]++
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"success": true, "transaction": crypto.Keccak256Hash([]byte(key)).Hex(), "network": req.PaymentRequirements.Network, "payer": a.From})
	case "/supported":
		fmt.Fprint(w, `{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:8453"}]}`)
	default:
		http.NotFound(w, r)
	}
}

func main() {
	bin := flag.String("coinslot", "", "coinslot binary")
	n := flag.Int("n", 3000, "paid calls")
	killAfter := flag.Int("kill-after", 1000, "answers before the kill")
	conns := flag.Int("conns", 64, "concurrent buyers")
	dir := flag.String("dir", os.TempDir(), "folder for the ledger and logs")
	dsn := flag.String("dsn", "", "a PostgreSQL ledger instead of the file")
	flag.Parse()

	fac := &facilitator{settled: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go http.Serve(ln, fac)
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	addr := free.Addr().String()
	free.Close()
	env := append(os.Environ(), "COINSLOT_MODE=production", "COINSLOT_PAY_TO=0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
		"COINSLOT_FACILITATOR_URL=http://"+ln.Addr().String(), "COINSLOT_BASE_URL=http://"+addr, "COINSLOT_LEDGER_PATH="+*dir+"/ledger.db",
		// 64 buyers from one address: admission limits would shape the burst being measured.
		"COINSLOT_LIMITS_PAID_RATE_PER_IP=1000000", "COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000")
	if *dsn != "" {
		env = append(env, "COINSLOT_LEDGER_DRIVER=postgres", "COINSLOT_LEDGER_DSN="+*dsn)
	}
	start := func(name string) (*exec.Cmd, time.Duration) {
		out, err := os.Create(*dir + "/" + name + ".log")
		if err != nil {
			panic(err)
		}
		cmd := exec.Command(*bin, "serve", "--listen", addr)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, out, out
		began := time.Now()
		if err := cmd.Start(); err != nil {
			panic(err)
		}
		for {
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				return cmd, time.Since(began)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	cmd, _ := start("first")
	client := &fasthttp.Client{MaxConnsPerHost: *conns * 2, ReadTimeout: 30 * time.Second}
	send := func(header string) int {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.SetRequestURI("http://" + addr + path)
		req.Header.SetMethod("POST")
		req.Header.SetContentType("application/json")
		if header != "" {
			req.Header.Set(x402.HeaderSignature, header)
		}
		req.SetBodyString(body)
		if err := client.DoTimeout(req, resp, 30*time.Second); err != nil {
			return 0
		}
		return resp.StatusCode()
	}
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	req.SetRequestURI("http://" + addr + path)
	if err := client.Do(req, resp); err != nil {
		panic(err)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(string(resp.Header.Peek(x402.HeaderRequired)), &terms); err != nil {
		panic(err)
	}
	keys := make([]*ecdsa.PrivateKey, 32)
	for i := range keys {
		keys[i], _ = crypto.GenerateKey()
	}
	pays := make([]string, *n)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < *n; i += 8 {
				var err error
				if pays[i], _, err = x402.Pay(keys[i%len(keys)], &terms, time.Now()); err != nil {
					panic(err)
				}
			}
		})
	}
	wg.Wait()

	status := make([]int, *n)
	var done atomic.Int64
	var killed atomic.Bool
	next := atomic.Int64{}
	var killedAt time.Time
	for range *conns {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= *n {
					return
				}
				status[i] = send(pays[i])
				if done.Add(1) == int64(*killAfter) && killed.CompareAndSwap(false, true) {
					cmd.Process.Kill() // SIGKILL
					killedAt = time.Now()
				}
			}
		})
	}
	wg.Wait()
	cmd.Wait()
	count := func(st []int) map[int]int {
		m := map[int]int{}
		for _, s := range st {
			m[s]++
		}
		return m
	}
	fmt.Printf("burst: %d calls, kill after %d answers; statuses %v (0: no answer)\n", *n, *killAfter, count(status))
	fac.mu.Lock()
	settledBefore := len(fac.settled)
	fac.mu.Unlock()
	cmd, startup := start("second")
	restarted := time.Now()
	fmt.Printf("restart: listening %v after start, %v after the kill\n", startup.Round(time.Millisecond), restarted.Sub(killedAt).Round(time.Millisecond))

	// Every call without a 200 is retried with its payment: at once, then
	// again 11 s after the restart (past a PostgreSQL lease).
	for round, at := range []time.Duration{0, 11 * time.Second} {
		time.Sleep(time.Until(restarted.Add(at)))
		retry := []int{}
		for i, s := range status {
			if s != 200 {
				retry = append(retry, i)
			}
		}
		got := make([]int, len(retry))
		next.Store(0)
		for range *conns {
			wg.Go(func() {
				for {
					j := int(next.Add(1) - 1)
					if j >= len(retry) {
						return
					}
					got[j] = send(pays[retry[j]])
					status[retry[j]] = got[j]
				}
			})
		}
		wg.Wait()
		fmt.Printf("retry round %d (%d calls, from %v, done %v after restart): %v\n", round+1, len(retry), at, time.Since(restarted).Round(time.Millisecond), count(got))
	}
	fac.mu.Lock()
	double, settledNow := 0, len(fac.settled)
	for _, c := range fac.settled {
		if c > 1 {
			double++
		}
	}
	paidWithoutAnswer, unpaidWithout := 0, 0
	for i := range status {
		p, _ := x402.DecodePayment(x402.HeaderSignature, pays[i])
		a := p.Exact().Authorization
		if status[i] != 200 {
			if fac.settled[strings.ToLower(a.From+"|"+a.Nonce)] > 0 {
				paidWithoutAnswer++
			} else {
				unpaidWithout++
			}
		}
	}
	fac.mu.Unlock()
	fmt.Printf("settled authorizations: %d before the restart, %d after the retries; double settlements: %d\n", settledBefore, settledNow, double)
	fmt.Printf("final: %v; settled without an answer: %d; not settled, without an answer: %d\n", count(status), paidWithoutAnswer, unpaidWithout)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
}
