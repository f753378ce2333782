package main

import (
	"crypto/ecdsa"
	"runtime"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
	"golang.org/x/sys/unix"
)

// termsOf reads the v2 terms from a seller's 402 for req, as a buyer does.
func termsOf(p *proc, req *request) *x402.PaymentRequired {
	r, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(r)
	defer fasthttp.ReleaseResponse(resp)
	req.fill(r, p.addr)
	if err := client.DoTimeout(r, resp, 10*time.Second); err != nil {
		fail("%s: %v", p.name, err)
	}
	var pr x402.PaymentRequired
	if resp.StatusCode() != fasthttp.StatusPaymentRequired {
		fail("%s %s: %d, want 402: %s", p.name, req.path, resp.StatusCode(), resp.Body())
	}
	if err := x402.DecodeHeader(string(resp.Header.Peek(x402.HeaderRequired)), &pr); err != nil {
		fail("%s: PAYMENT-REQUIRED: %v", p.name, err)
	}
	return &pr
}

// payments signs n distinct v2 payments for the terms ahead of the load,
// from the keys in turn, on every core. Each is to be sent once, in order.
// Payment i is signed as of i/n of signedAcross from now: each stays
// valid for the terms' maxTimeoutSeconds from then, so the last of a long
// phase on a slow machine has not expired when it is sent (x402.Sign
// backdates validAfter by more than signedAcross).
func payments(terms *x402.PaymentRequired, keys []*ecdsa.PrivateKey, n int) []string {
	out := make([]string, n)
	var wg sync.WaitGroup
	workers := runtime.NumCPU()
	now := time.Now()
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n; i += workers {
				h, _, err := x402.Pay(keys[i%len(keys)], terms, now.Add(signedAcross*time.Duration(i)/time.Duration(n)))
				if err != nil {
					fail("signing a payment: %v", err)
				}
				out[i] = h
			}
		})
	}
	wg.Wait()
	return out
}

const signedAcross = x402.Backdate / 2

// paidCalls is a phase source sending each payment once with the same body.
func paidCalls(path string, body []byte, headers []string) func(int) (*request, bool) {
	return func(i int) (*request, bool) {
		if i >= len(headers) {
			return nil, false
		}
		return &request{method: "POST", path: path, body: body, header: x402.HeaderSignature, value: headers[i], want: fasthttp.StatusOK}, true
	}
}

// newKey is a throwaway buyer key: the facilitator double checks no balance.
func newKey() *ecdsa.PrivateKey {
	k, err := crypto.GenerateKey()
	if err != nil {
		fail("key: %v", err)
	}
	return k
}

// verifyCost is the CPU time of one EIP-712 hash of a
// TransferWithAuthorization plus one secp256k1 recovery, the floor of a
// locally verified paid call, measured on one locked thread.
func verifyCost(terms *x402.PaymentRequired) time.Duration {
	key := newKey()
	exact, err := x402.Sign(key, &terms.Accepts[0], time.Now())
	if err != nil {
		fail("signing: %v", err)
	}
	d, err := x402.DomainOf(&terms.Accepts[0])
	if err != nil {
		fail("domain: %v", err)
	}
	want := crypto.PubkeyToAddress(key.PublicKey)
	return perCall(func() {
		got, err := x402.RecoverAuthorizer(d, &exact.Authorization, exact.Signature)
		if err != nil || got != want {
			fail("recovery: %v, %v", got, err)
		}
	})
}

// perCall is the CPU time of one call of f on one locked thread: what the
// load phases' CPU per call is compared with. It is the lowest of four
// rounds of 1,000 calls, after a collection: a floor is the least this
// machine takes, and a round that shared the host with the collector, the
// last phase's stragglers or a neighbour's burst read up to twice it.
func perCall(f func()) time.Duration {
	runtime.GC()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return floor(1000, threadCPU, f)
}

// floor is the least time one call of f took, as clock tells time, over
// four rounds of n calls.
func floor(n int, clock func() time.Duration, f func()) time.Duration {
	var least time.Duration
	for i := range 4 {
		before := clock()
		for range n {
			f()
		}
		if took := (clock() - before) / time.Duration(n); i == 0 || took < least {
			least = took
		}
	}
	return least
}

// threadCPU is the calling thread's CPU time, user and system, to the
// nanosecond: getrusage's RUSAGE_THREAD counts in scheduler ticks here, and
// read 7 µs for 2 ms of work.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		fail("clock_gettime: %v", err)
	}
	return time.Duration(ts.Nano())
}
