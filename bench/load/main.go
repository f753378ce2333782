// Command load is coinslot's loopback load test. It starts every server
// under test on 127.0.0.1 (coinslot in production mode and in sandbox, a
// bare fasthttp ceiling, the express + @x402/express peer and the no-op
// facilitator double both sellers share), drives each in turn with a
// closed loop of connections, and prints one table of figures and ratios
// measured in this run.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"crypto/ecdsa"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

var (
	conns  int
	logDir string
)

// The seller both sellers pay to; the facilitator double moves nothing.
const payTo = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

// The local-analysis tool both sellers sell, and a call of it.
const trifectaPath = "/paid/security/trifecta-score"

var (
	trifectaBody = []byte(`{"has_private_data":true,"has_untrusted_content":true,"has_outbound_actions":false}`)
	unpaidCall   = &request{method: "POST", path: trifectaPath, body: trifectaBody, want: fasthttp.StatusPaymentRequired}
)

// The cached upstream-backed tool sold in sandbox, answered by the replay server.
const (
	isbnPath = "/paid/academic/isbn"
	isbnBody = `{"isbn":"978-0-14-032872-1"}`
)

func main() {
	b := &bench{}
	flag.StringVar(&b.bin.coinslot, "coinslot", "", "coinslot binary (required)")
	flag.StringVar(&b.bin.against, "against", "", "another coinslot binary, which section 6 runs at GOMAXPROCS=1 in turns with the first, in place of GOMAXPROCS=2")
	flag.StringVar(&b.bin.ceiling, "ceiling", "", "ceiling binary (required)")
	flag.StringVar(&b.bin.facilitator, "facilitator", "", "facilitator double binary (required)")
	flag.StringVar(&b.bin.peer, "peer", "", "folder of the peer's server.mjs, npm-installed (required)")
	flag.IntVar(&conns, "conns", 32, "connections per phase")
	flag.DurationVar(&b.duration, "duration", 8*time.Second, "measured time of each phase")
	flag.IntVar(&b.paidN, "paid", 60000, "payments signed ahead for coinslot's paid phase (the phase ends when they run out)")
	flag.IntVar(&b.peerPaidN, "peer-paid", 15000, "payments signed ahead for the peer's paid phase")
	flag.IntVar(&b.vouchersN, "vouchers", 4000, "batch-settlement vouchers signed ahead per connection (the voucher phase ends when they run out)")
	flag.IntVar(&b.mixedN, "mixed", 200000, "requests of the memory phase")
	sections := flag.String("sections", "12346", "the sections to run (5: the soak under hostile traffic; 6: per core, servers pinned; 7: vouchers and exact payments on the PostgreSQL ledger, needs -postgres)")
	flag.StringVar(&b.postgres, "postgres", "", "a PostgreSQL database on this machine in which section 7 makes a schema of its own (postgres://...)")
	flag.StringVar(&logDir, "logs", "", "folder for the servers' logs and ledgers (a temporary one when empty)")
	flag.Parse()
	soakOnly := *sections == "5"
	if b.bin.coinslot == "" || b.bin.facilitator == "" || !soakOnly && (b.bin.ceiling == "" || b.bin.peer == "") {
		flag.Usage()
		os.Exit(2)
	}
	if logDir == "" {
		var err error
		if logDir, err = os.MkdirTemp("", "coinslot-bench-"); err != nil {
			fail("%v", err)
		}
	}
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		fail("%v", err)
	}
	defer stopAll()
	for i, run := range []func(){b.unpaid, b.paid, b.sandboxed, b.memory, b.soak, b.perCore, b.ledgers} {
		if strings.ContainsRune(*sections, rune('1'+i)) {
			b.section = i + 1
			run()
		}
	}
	if !soakOnly {
		b.print()
	}
}

// unpaid is section 1: the 402 of a call without payment.
func (b *bench) unpaid() {
	ceil := b.ceiling()
	rs := b.measure(b.repeated("402: bare fasthttp, coinslot's bytes (ceiling)", ceil, repeat(unpaidCall)),
		b.repeated("402: coinslot, POST, body validated", b.prod(), repeat(unpaidCall)),
		b.repeated("402: coinslot, GET terms", b.prod(), repeat(&request{method: "GET", path: trifectaPath, want: fasthttp.StatusPaymentRequired})))
	rCeil, rPost, rGet := rs[0], rs[1], rs[2]
	rPeer := b.measure(b.repeated("402: peer, POST", b.peer(), repeat(unpaidCall)))[0]
	b.ratio("POST 402 of ceiling", rPost.rps()/rCeil.rps(), ">= 0.80", rPost.rps() >= 0.8*rCeil.rps())
	b.ratio("GET 402 of ceiling", rGet.rps()/rCeil.rps(), ">= 0.80", rGet.rps() >= 0.8*rCeil.rps())
	b.ratio("POST 402, coinslot / peer", rPost.rps()/rPeer.rps(), "", true)
}

// paid is section 2: paid calls with payments signed ahead, each sent once,
// both sellers verifying and settling exact payments with the facilitator
// double, then coinslot's batch-settlement voucher calls.
func (b *bench) paid() {
	terms := termsOf(b.prod(), unpaidCall)
	floor := verifyCost(terms)
	b.row("EIP-712 hash + secp256k1 recovery, 1 thread", "", "", "", dur(floor), "", "", "")
	signed := payments(terms, []*ecdsa.PrivateKey{newKey(), newKey()}, b.paidN)
	rPaid := b.measure(b.signed("paid: coinslot, local check + facilitator double", b.prod(), paidCalls(trifectaPath, trifectaBody, signed), len(signed)/50))[0]
	signed = payments(termsOf(b.peer(), unpaidCall), []*ecdsa.PrivateKey{newKey(), newKey()}, b.peerPaidN)
	rPeer := b.measure(b.signed("paid: peer, facilitator double", b.peer(), paidCalls(trifectaPath, trifectaBody, signed), len(signed)/50))[0]
	b.ratio("paid, coinslot / peer", rPaid.rps()/rPeer.rps(), ">= 10", rPaid.rps() >= 10*rPeer.rps())
	b.ratio("paid p99, coinslot (ms)", float64(rPaid.p99)/float64(time.Millisecond), "<= 20", rPaid.p99 <= 20*time.Millisecond)
	b.ratio("paid CPU per call / (hash + recovery)", float64(rPaid.cpuPerCall)/float64(floor), "<= 1.5", float64(rPaid.cpuPerCall) <= 1.5*float64(floor))
	b.vouchers(terms, rPaid, rPeer)
}

// vouchers measures batch-settlement voucher calls against the shared
// production coinslot, beside its exact and the peer's paid phases.
func (b *bench) vouchers(terms *x402.PaymentRequired, exact, peer result) {
	floor := voucherCost(terms)
	b.row("voucher EIP-712 hash + secp256k1 recovery, 1 thread", "", "", "", dur(floor), "", "", "")
	before := facilitatorStats(b.facilitator())
	r := b.measure(b.voucherCalls("paid: coinslot, batch-settlement vouchers", b.prod(), terms, conns))[0]
	after := facilitatorStats(b.facilitator())
	b.ratio("voucher, coinslot / peer paid", r.rps()/peer.rps(), ">= 10", r.rps() >= 10*peer.rps())
	b.ratio("voucher / exact, coinslot", r.rps()/exact.rps(), ">= 4", r.rps() >= 4*exact.rps())
	b.ratio("voucher p99, coinslot (ms)", ms(r.p99), "<= 10", r.p99 <= 10*time.Millisecond)
	b.ratio("voucher CPU per call / (voucher hash + recovery)", float64(r.cpuPerCall)/float64(floor), "<= 3", float64(r.cpuPerCall) <= 3*float64(floor))
	trips := after.Verifies + after.Settles - before.Verifies - before.Settles
	b.ratio("facilitator requests per voucher call, warm-up included", float64(trips)/float64(max(r.n, 1)), "", true)
}

// voucherCalls is batch-settlement voucher calls on n connections: each
// pays on its own channel, opened by one deposit call before the phase; the
// phase counts only the voucher calls after it, which coinslot checks
// locally and records with one ledger write, without the facilitator. A
// connection alone is signed four times the vouchers: it outruns one of 32
// sharing the server, and its warm-up alone would use up -vouchers.
func (b *bench) voucherCalls(name string, target *proc, terms *x402.PaymentRequired, n int) phase {
	chans := newBuyer(terms).channels(newKey(), n, b.vouchersN*min(max(conns/n, 1), 4))
	if !b.decodeMeasured {
		b.decodeMeasured = true
		b.row(fmt.Sprintf("decoding a voucher's %.1f KiB PAYMENT-SIGNATURE, 1 thread", float64(len(chans[0].vouchers[0]))/1024), "", "", "", dur(decodeCost(chans[0])), "", "", "")
	}
	streams := make([]stream, len(chans))
	var wg sync.WaitGroup
	for i, c := range chans {
		streams[i] = c
		wg.Go(func() {
			send(target, &request{method: "POST", path: trifectaPath, body: trifectaBody, header: x402.HeaderSignature, value: c.deposit, want: fasthttp.StatusOK})
		})
	}
	wg.Wait()
	return phase{name: name, target: target, streams: streams, conns: n, warmup: time.Second, duration: b.duration}
}

// sandboxed is section 3: discovery and a cached upstream-backed tool in
// sandbox, where the simulated chain settles every payment.
func (b *bench) sandboxed() {
	sb, buyers := b.sandbox()
	b.measure(b.repeated("GET /api/info (sandbox)", sb, repeat(&request{method: "GET", path: registry.PathInfo, want: 200})))
	b.measure(b.repeated("GET /openapi.json (sandbox)", sb, repeat(&request{method: "GET", path: registry.PathOpenAPI, want: 200})))
	isbn := &request{method: "POST", path: isbnPath, body: []byte(isbnBody), want: fasthttp.StatusPaymentRequired}
	send(sb, &request{method: "POST", path: isbnPath, body: isbn.body, want: 402}) // the terms, and nothing cached yet
	signed := payments(termsOf(sb, isbn), buyers, 20*len(buyers)+int(b.duration.Seconds()*sandboxRate))
	b.measure(b.signed("paid: isbn_book_lookup, cached, sandbox chain settles", sb, paidCalls(isbnPath, isbn.body, signed), len(buyers)))
}

// sandboxRate bounds the payments signed for the sandbox's paid phase: its
// simulated chain seals about one block a second, each settling the
// payments sent meanwhile, so a phase settles conns a second at most.
const sandboxRate = 100

// memory is section 4: a fresh production process's RSS before and after
// the mixed requests.
func (b *bench) memory() {
	fresh := b.coinslot("coinslot-memory")
	before := fresh.rss()
	signed := payments(termsOf(fresh, unpaidCall), []*ecdsa.PrivateKey{newKey()}, b.mixedN/10)
	r := takeTurns(phase{name: "mixed", target: fresh, next: mixed(signed), duration: time.Hour, limit: b.mixedN})[0]
	after := fresh.rss()
	failed := ""
	if r.failed > 0 {
		failed = fmt.Sprintf(", %d failed", r.failed)
	}
	b.row(fmt.Sprintf("RSS before / after %dk mixed requests (1 in 10 paid%s)", r.n/1000, failed), fmt.Sprintf("%.0f", r.rps()), dur(r.p50), dur(r.p99), dur(r.cpuPerCall),
		fmt.Sprintf("%.0f / %.0f MiB (anon %.0f, file %.0f)", mib(before.total), mib(after.total), mib(after.anon), mib(after.file)),
		"<= 150 MiB", mark(mib(after.total) <= 150))
}

// mixed is the memory phase's traffic: discovery documents, 402s of two
// routes, a missing route and, one request in ten, a paid call.
func mixed(payments []string) func(int) (*request, bool) {
	others := rotate(unpaidCall,
		&request{method: "GET", path: trifectaPath, want: 402},
		&request{method: "GET", path: registry.PathInfo, want: 200},
		&request{method: "GET", path: registry.PathOpenAPI, want: 200},
		&request{method: "GET", path: registry.PathLLMs, want: 200},
		&request{method: "GET", path: registry.PathHealth, want: 200},
		&request{method: "POST", path: "/paid/utility/business-days", body: []byte(`{}`), want: 402},
		&request{method: "GET", path: "/no/such/route", want: 404},
	)
	pay := paidCalls(trifectaPath, trifectaBody, payments)
	return func(i int) (*request, bool) {
		if i%10 == 0 {
			return pay(i / 10)
		}
		return others(i)
	}
}

// bench is one run: its settings, the servers it started and its table.
type bench struct {
	bin struct{ coinslot, against, ceiling, facilitator, peer string }

	duration                            time.Duration
	paidN, peerPaidN, mixedN, vouchersN int
	postgres                            string // section 7's database

	facilitatorProc, prodProc, peerProc *proc

	section        int
	rows           [][]string
	decodeMeasured bool // the header's decode cost has its row
	soakRows       []soakRow
}

// measure drives the phases, in turns when there are more than one (see
// takeTurns), and adds their rows.
func (b *bench) measure(phs ...phase) []result {
	rs := takeTurns(phs...)
	for _, r := range rs {
		b.result(r)
	}
	return rs
}

// repeated is a phase of requests from next, after a second's warm-up.
func (b *bench) repeated(name string, target *proc, next func(int) (*request, bool)) phase {
	return phase{name: name, target: target, next: next, warmup: time.Second, duration: b.duration}
}

// signed is a phase of signed payments: the first warm of them are sent
// before it, one at a time.
func (b *bench) signed(name string, target *proc, next func(int) (*request, bool), warm int) phase {
	skip := func(i int) (*request, bool) { return next(i + warm) }
	for i := range warm {
		if r, ok := next(i); ok {
			send(target, r)
		}
	}
	return phase{name: name, target: target, next: skip, duration: b.duration + 2*time.Second}
}

func (b *bench) result(r result) {
	failed := ""
	if r.failed > 0 {
		failed = fmt.Sprintf("%d failed", r.failed)
	}
	b.row(r.name, fmt.Sprintf("%.0f", r.rps()), dur(r.p50), dur(r.p99), dur(r.cpuPerCall), failed, "", "")
}

// byRound is a ratio of two phases that took turns, round by round: how
// far the ratio moved within the run, which is how far one run's ratio
// can be trusted on this machine.
func (b *bench) byRound(what string, den, num result) {
	var rs []string
	for i := range min(len(den.roundRPS), len(num.roundRPS)) {
		rs = append(rs, fmt.Sprintf("%.2f", num.roundRPS[i]/den.roundRPS[i]))
	}
	b.row("  by round: "+what, "", "", "", "", strings.Join(rs, " "), "", "")
}

func (b *bench) ratio(what string, v float64, target string, met bool) {
	m := ""
	if target != "" {
		m = mark(met)
	}
	b.row("  ratio: "+what, "", "", "", "", fmt.Sprintf("%.2f", v), target, m)
}

func (b *bench) row(cells ...string) {
	b.rows = append(b.rows, append([]string{fmt.Sprint(b.section)}, cells...))
}

func (b *bench) print() {
	fmt.Printf("\nLoopback load test: %d connections, %v per phase, %d CPUs, %s\n\n", conns, b.duration, runtime.NumCPU(), runtime.Version())
	fmt.Println("| # | measurement | req/s | p50 | p99 | CPU/call | figure | target | met |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---|---|")
	for _, r := range b.rows {
		fmt.Print("|")
		for _, c := range r {
			fmt.Printf(" %s |", c)
		}
		fmt.Println()
	}
}

// facilitator is the facilitator double, started once for every seller.
func (b *bench) facilitator() *proc {
	if b.facilitatorProc == nil {
		addr := freeAddr()
		b.facilitatorProc = launch("facilitator", addr, "", nil, b.bin.facilitator, "--listen", addr)
	}
	return b.facilitatorProc
}

// prod is coinslot in production mode, started once.
func (b *bench) prod() *proc {
	if b.prodProc == nil {
		b.prodProc = b.coinslot("coinslot")
	}
	return b.prodProc
}

// coinslot starts coinslot in production mode against the facilitator
// double, over a ledger file of its own.
func (b *bench) coinslot(name string) *proc {
	return b.coinslotOn(name, "COINSLOT_LEDGER_PATH="+filepath.Join(logDir, name+".db"))
}

// liftedLimits are the throughput sections' admission limits: one driver
// is one address and a few wallets, and the per-address and per-payer limits
// would cap the very throughput being measured. The soak keeps the defaults.
var liftedLimits = []string{
	"COINSLOT_LIMITS_PAID_RATE_PER_IP=1000000", "COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000",
	"COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1000000", "COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000",
}

// peer is the express + @x402/express seller, started once.
func (b *bench) peer() *proc {
	if b.peerProc == nil {
		addr, fac := freeAddr(), b.facilitator()
		b.peerProc = launch("peer", addr, b.bin.peer, []string{"PORT=" + port(addr), "PAY_TO=" + payTo, "FACILITATOR_URL=http://" + fac.addr},
			underTest("node", "server.mjs")...)
	}
	return b.peerProc
}

// buyerLine is a funded sandbox buyer as the sandbox prints it.
var buyerLine = regexp.MustCompile(`(?m)^\s+0x[0-9a-fA-F]{40}\s+0x([0-9a-fA-F]{64})$`)

// sandbox starts coinslot in sandbox mode and reads its funded buyers' keys.
func (b *bench) sandbox() (*proc, []*ecdsa.PrivateKey) {
	addr := freeAddr()
	p := launch("coinslot-sandbox", addr, "", append([]string{
		"COINSLOT_BASE_URL=http://" + addr, "COINSLOT_LEDGER_PATH=" + filepath.Join(logDir, "sandbox.db"),
	}, liftedLimits...), underTest(b.bin.coinslot, "serve", "--listen", addr)...)
	// coinslot listens before it sets the sandbox up and prints the keys,
	// so a busy machine can accept the connection before they are written.
	var found [][]string
	for deadline := time.Now().Add(60 * time.Second); len(found) == 0 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		out, err := os.ReadFile(p.log)
		if err != nil {
			fail("%v", err)
		}
		found = buyerLine.FindAllStringSubmatch(string(out), -1)
	}
	var keys []*ecdsa.PrivateKey
	for _, m := range found {
		k, err := crypto.HexToECDSA(m[1])
		if err != nil {
			fail("sandbox buyer key: %v", err)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		fail("the sandbox printed no buyer keys; see %s", p.log)
	}
	return p, keys
}

// ceiling starts the bare fasthttp server with the bytes of coinslot's 402
// for an unpaid call.
func (b *bench) ceiling() *proc { return b.ceilingOn("ceiling", b.prod(), underTest) }

// ceilingOn starts the ceiling with the bytes of p's 402, its command as on
// makes it (underTest, or onServerCPU in section 6).
func (b *bench) ceilingOn(name string, p *proc, on func(cmd ...string) []string) *proc {
	r, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	r.Header.SetMethod(unpaidCall.method)
	r.SetRequestURI("http://" + p.addr + unpaidCall.path)
	r.SetBody(unpaidCall.body)
	if err := client.Do(r, resp); err != nil {
		fail("coinslot: %v", err)
	}
	body, required := filepath.Join(logDir, "402.json"), filepath.Join(logDir, "402.payment-required")
	write(body, resp.Body())
	write(required, resp.Header.Peek(x402.HeaderRequired))
	addr := freeAddr()
	return launch(name, addr, "", nil, on(b.bin.ceiling, "--listen", addr, "--body", body, "--payment-required", required)...)
}

func send(p *proc, req *request) {
	r, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(r)
	defer fasthttp.ReleaseResponse(resp)
	req.fill(r, p.addr)
	if err := client.DoTimeout(r, resp, 30*time.Second); err != nil {
		fail("%s: %v", p.name, err)
	}
	if resp.StatusCode() != req.want {
		fail("%s %s: %d, want %d: %s", p.name, req.path, resp.StatusCode(), req.want, resp.Body())
	}
}
