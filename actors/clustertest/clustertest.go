// Package clustertest holds what the tests of instances sharing Redis need:
// the loopback Redis, a rate check that holds on a loaded machine, and a
// TCP proxy that can take Redis away without stopping the machine's server.
package clustertest

import (
	"context"
	"io"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the server the tests share, on loopback.
const Redis = "127.0.0.1:6379"

// NeedRedis skips without a Redis on loopback, unless COINSLOT_REQUIRE_REDIS=1
// (as in CI) makes that a failure.
func NeedRedis(t *testing.T) {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: Redis, DialTimeout: time.Second})
	defer c.Close()
	if err := c.Ping(context.Background()).Err(); err != nil {
		if os.Getenv("COINSLOT_REQUIRE_REDIS") == "1" {
			t.Fatalf("Redis at %s is required (COINSLOT_REQUIRE_REDIS=1) but unreachable: %v", Redis, err)
		}
		t.Skipf("no Redis at %s: %v", Redis, err)
	}
}

// DropNamespace deletes a test's keys.
func DropNamespace(t *testing.T, ns string) {
	c := redis.NewClient(&redis.Options{Addr: Redis})
	defer c.Close()
	ctx := context.Background()
	keys, err := c.Keys(ctx, "*"+ns+":*").Result()
	if err != nil {
		t.Logf("cleaning %s: %v", ns, err)
		return
	}
	if len(keys) > 0 {
		c.Del(ctx, keys...)
	}
}

// WithinRate checks that the requests of times after since kept to rate a
// second plus a burst of 1 (and extra), counted up to the last arrival: a
// busy machine can delay requests and bunch them up, but never make one
// arrive before it was let through, so that is the bound that holds, where
// counts per second would measure the scheduler.
func WithinRate(t *testing.T, what string, times []time.Time, since time.Time, rate float64, extra int) {
	t.Helper()
	n, last := 0, since
	for _, at := range times {
		if at.After(since) {
			n++
		}
		if at.After(last) {
			last = at
		}
	}
	span := last.Sub(since)
	if limit := int(span.Seconds()*rate) + 1 + extra; n > limit {
		t.Errorf("%s: upstream saw %d requests in %s, want at most %d (%v/s + 1)", what, n, span.Round(time.Millisecond), limit, rate)
	}
	t.Logf("%s: %d requests in %s; busiest second: %d", what, n, span.Round(time.Millisecond), busiest(times, time.Second))
}

// busiest is the most requests within any window of length w.
func busiest(times []time.Time, w time.Duration) int {
	most := 0
	for i := range times {
		n := 0
		for _, t := range times[i:] {
			if t.Sub(times[i]) < w {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// Proxy forwards TCP to a target until stopped, and again once started.
type Proxy struct {
	target string
	port   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

// NewProxy starts a proxy to target, stopped when the test ends.
func NewProxy(t *testing.T, target string) *Proxy {
	p := &Proxy{target: target}
	p.Start(t)
	t.Cleanup(p.Stop)
	return p
}

// Addr is where clients reach the target through the proxy.
func (p *Proxy) Addr() string { return "127.0.0.1:" + p.port }

// Start listens on the proxy's port, the same one again after a Stop.
func (p *Proxy) Start(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:"+p.port)
	if err != nil {
		t.Fatal(err)
	}
	_, p.port, _ = net.SplitHostPort(ln.Addr().String())
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", p.target)
			if err != nil {
				in.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
}

// Stop closes the listener and every connection through it.
func (p *Proxy) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
