package actors

import (
	"context"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
)

// BenchmarkCallRoundTrip is one call of a local tool, handed to a kept
// goroutine and its reply awaited: the runtime's own cost per call.
func BenchmarkCallRoundTrip(b *testing.B) {
	h := start(b, "", Options{})
	tool, _ := registry.Lookup("test_panic")
	args := registry.Args{"boom": false}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.rt.Run(ctx, tool, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCacheHit is an upstream-backed call answered from the cache:
// the call's round trip, the source supervisor and a ristretto hit.
func BenchmarkCacheHit(b *testing.B) {
	h := start(b, "", Options{})
	for deadline := time.Now().Add(5 * time.Second); ; { // a Set lands asynchronously
		res, err := h.fetch(okSource, "/items?bench=hit", 2*time.Second)
		if err != nil {
			b.Fatal(err)
		}
		if res.Cached {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the answer was never cached")
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := h.fetch(okSource, "/items?bench=hit", 2*time.Second)
		if err != nil || !res.Cached {
			b.Fatalf("%v, cached %v", err, res != nil && res.Cached)
		}
	}
}
