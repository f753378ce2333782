package main

import (
	"crypto/ecdsa"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// The per-core section's two CPUs: the servers under test get serverCPU,
// the driver and the facilitator double run on driverCPU.
const (
	serverCPU = 0
	driverCPU = 1
)

// onServerCPU is the command of a server in the per-core section:
// underTest's priority, which there gives it the larger share of serverCPU
// against the machine's other jobs (the pinning does not keep them off),
// and pinned to serverCPU. Every server there gets the same.
func onServerCPU(cmd ...string) []string {
	return underTest(append([]string{"taskset", "-c", strconv.Itoa(serverCPU)}, cmd...)...)
}

// perCore is section 6: the paid phases again with each server pinned to
// one core, coinslot both with GOMAXPROCS=1 (what Go picks on a one-CPU
// container or affinity) and GOMAXPROCS=2 on that same core, beside the
// peer and the ceiling pinned the same way; then a voucher call's latency
// on one connection beside the ceiling's, and the seller's own time per
// call, its overhead, from its access lines.
//
// With -against, the second coinslot is that other build at GOMAXPROCS=1
// instead of this one at GOMAXPROCS=2, and it is timed at one connection
// too: two builds of the same code then meet the same moments of the host,
// and their ratios are figures without a target.
func (b *bench) perCore() {
	if runtime.NumCPU() < 2 {
		logf("section 6 needs two CPUs; skipped")
		return
	}
	pinSelf(driverCPU)
	defer pinSelf(-1)
	facAddr := freeAddr()
	fac := launch("facilitator-pinned", facAddr, "", nil, "taskset", "-c", strconv.Itoa(driverCPU), b.bin.facilitator, "--listen", facAddr)
	bin, procs, second, versus := b.bin.coinslot, 2, "GOMAXPROCS=2", "GOMAXPROCS=1 / 2"
	if b.bin.against != "" {
		bin, procs, second, versus = b.bin.against, 1, "-against", "this / -against"
	}
	one, two := b.pinnedCoinslot("coinslot-pinned-1", fac, b.bin.coinslot, 1), b.pinnedCoinslot("coinslot-pinned-2", fac, bin, procs)
	// A ratio of the two coinslots: GOMAXPROCS=1 serves within a tenth of
	// GOMAXPROCS=2 on one core; two builds have no target.
	turns := func(what string, v float64) {
		if b.bin.against != "" {
			b.ratio(what, v, "", true)
			return
		}
		b.ratio(what, v, ">= 0.90", v >= 0.9)
	}
	peerAddr := freeAddr()
	peer := launch("peer-pinned", peerAddr, b.bin.peer, []string{"PORT=" + port(peerAddr), "PAY_TO=" + payTo, "FACILITATOR_URL=http://" + fac.addr},
		onServerCPU("node", "server.mjs")...)

	ceil := b.ceilingOn("ceiling-pinned", one, onServerCPU)
	rs := b.measure(b.repeated("one core: 402, ceiling", ceil, repeat(unpaidCall)),
		b.repeated("one core: 402, coinslot POST, GOMAXPROCS=1", one, repeat(unpaidCall)))
	b.ratio("one core: POST 402 of ceiling", rs[1].rps()/rs[0].rps(), ">= 0.85", rs[1].rps() >= 0.85*rs[0].rps())

	exact := func(p *proc, name string) phase {
		signed := payments(termsOf(p, unpaidCall), []*ecdsa.PrivateKey{newKey(), newKey()}, b.paidN)
		return b.signed(name, p, paidCalls(trifectaPath, trifectaBody, signed), len(signed)/50)
	}
	rs = b.measure(exact(one, "one core: exact paid, coinslot GOMAXPROCS=1"), exact(two, "one core: exact paid, coinslot "+second))
	r1, r2 := rs[0], rs[1]
	signed := payments(termsOf(peer, unpaidCall), []*ecdsa.PrivateKey{newKey(), newKey()}, b.peerPaidN)
	rPeer := b.measure(b.signed("one core: exact paid, peer", peer, paidCalls(trifectaPath, trifectaBody, signed), len(signed)/50))[0]
	turns("one core: exact "+versus, r1.rps()/r2.rps())
	b.ratio("one core: exact, coinslot / peer", r1.rps()/rPeer.rps(), ">= 3", r1.rps() >= 3*rPeer.rps())

	// An MCP answer is a 200 whether the call was paid or refused, so the
	// facilitator double's settlements say whether every call was sold.
	var warm int
	mcp := func(p *proc, name string) phase {
		signed := payments(mcpTerms(p), []*ecdsa.PrivateKey{newKey(), newKey()}, b.paidN)
		warm += len(signed) / 50
		return b.signed(name, p, mcpPaidCalls(signed), len(signed)/50)
	}
	before := facilitatorStats(fac)
	rs = b.measure(mcp(one, "one core: MCP paid, coinslot GOMAXPROCS=1"), mcp(two, "one core: MCP paid, coinslot "+second))
	m1, m2 := rs[0], rs[1]
	settled := facilitatorStats(fac).Settles - before.Settles
	b.ratio("one core: MCP paid, settlements per call (both GOMAXPROCS)", float64(settled)/float64(m1.n+m2.n+warm), "", true)
	turns("one core: MCP "+versus, m1.rps()/m2.rps())

	rs = b.measure(b.voucherCalls("one core: vouchers, coinslot GOMAXPROCS=1", one, termsOf(one, unpaidCall), conns),
		b.voucherCalls("one core: vouchers, coinslot "+second, two, termsOf(two, unpaidCall), conns))
	v1, v2 := rs[0], rs[1]
	turns("one core: vouchers "+versus, v1.rps()/v2.rps())
	b.ratio("one core: vouchers, coinslot / peer exact", v1.rps()/rPeer.rps(), ">= 8", v1.rps() >= 8*rPeer.rps())
	b.ratio("one core: voucher p99 (ms)", ms(v1.p99), "<= 15", v1.p99 <= 15*time.Millisecond)

	p50, p99 := spreadOn(serverCPU, voucherRecovery(termsOf(one, unpaidCall)))
	b.row("one core: voucher EIP-712 hash + secp256k1 recovery, one at a time", "", dur(p50), dur(p99), "", "", "", "")
	lonely := b.repeated("one core: 402, ceiling, 1 connection", ceil, repeat(unpaidCall))
	lonely.conns = 1
	b.measure(lonely)
	lone := []phase{b.voucherCalls("one core: vouchers, 1 connection, GOMAXPROCS=1", one, termsOf(one, unpaidCall), 1)}
	if b.bin.against != "" {
		lone = append(lone, b.voucherCalls("one core: vouchers, 1 connection, -against", two, termsOf(two, unpaidCall), 1))
	}
	rs = b.measure(lone...)
	p50, p99 = ownTime(one, trifectaPath, rs[0].n)
	b.row("one core: vouchers, 1 connection, the seller's own time (its access lines)", "", dur(p50), dur(p99), "", "", "", "")
	b.ratio("one core: voucher overhead p99 at 1 connection, the seller's own time (ms)", ms(p99), "<= 0.3", p99 <= 300*time.Microsecond)
	if len(rs) > 1 {
		p50, p99 = ownTime(two, trifectaPath, rs[1].n)
		b.row("one core: vouchers, 1 connection, -against: the seller's own time", "", dur(p50), dur(p99), "", "", "", "")
	}
}

// pinnedCoinslot is the coinslot binary bin in production mode on
// serverCPU with the given GOMAXPROCS, against fac.
func (b *bench) pinnedCoinslot(name string, fac *proc, bin string, gomaxprocs int) *proc {
	addr := freeAddr()
	return launch(name, addr, "", append([]string{
		"COINSLOT_MODE=production", "COINSLOT_PAY_TO=" + payTo, "COINSLOT_FACILITATOR_URL=http://" + fac.addr,
		"COINSLOT_BASE_URL=http://" + addr, "COINSLOT_LEDGER_PATH=" + filepath.Join(logDir, name+".db"),
		"GOMAXPROCS=" + strconv.Itoa(gomaxprocs),
	}, liftedLimits...), onServerCPU(bin, "serve", "--listen", addr)...)
}

// spreadOn times f on cpu, one call at a time, while nothing else of the
// section runs: the spread of a fixed computation's time on that CPU,
// which bounds the spread of any call that holds it.
func spreadOn(cpu int, f func()) (p50, p99 time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pinThread(cpu)
	defer pinThread(driverCPU)
	took := make([]time.Duration, 4000)
	for i := range took {
		start := time.Now()
		f()
		took[i] = time.Since(start)
	}
	slices.Sort(took)
	return took[len(took)/2], took[len(took)*99/100]
}

func pinThread(cpu int) {
	var set unix.CPUSet
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		fail("pinning a thread to CPU %d: %v", cpu, err)
	}
}

// pinSelf moves every thread of the driver to cpu, or back to every CPU
// when cpu is negative. Threads started later inherit their creator's set.
func pinSelf(cpu int) {
	var set unix.CPUSet
	if cpu < 0 {
		set = allCPUs()
	} else {
		set.Set(cpu)
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		fail("pinning the driver: %v", err)
	}
	for _, t := range tasks {
		tid, _ := strconv.Atoi(t.Name())
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			fail("pinning the driver's thread %d: %v", tid, err)
		}
	}
}

func allCPUs() unix.CPUSet {
	var set unix.CPUSet
	for c := range runtime.NumCPU() {
		set.Set(c)
	}
	return set
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
