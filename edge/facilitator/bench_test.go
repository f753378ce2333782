package facilitator

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
)

// signed is b.N payments from the sandbox's buyers in turn, signed before
// the clock starts.
func signed(b *testing.B, s *Sandbox) ([]*x402.Payload, []*x402.Requirements) {
	payloads, reqs := make([]*x402.Payload, b.N), make([]*x402.Requirements, b.N)
	for i := range b.N {
		payloads[i], reqs[i] = s.newPayment(i%len(s.Buyers), 1).sign(b)
	}
	return payloads, reqs
}

func BenchmarkVerify(b *testing.B) {
	s := newSandbox(b, 10)
	payloads, reqs := signed(b, s)
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		if got, err := s.Facilitator.Verify(ctx, payloads[i], reqs[i]); err != nil || !got.IsValid {
			b.Fatalf("%+v, %v", got, err)
		}
	}
}

// BenchmarkSettle settles one payment at a time on the simulated chain: a
// block per settlement.
func BenchmarkSettle(b *testing.B) {
	s := newSandbox(b, 10)
	payloads, reqs := signed(b, s)
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		if got, err := s.Facilitator.Settle(ctx, payloads[i], reqs[i]); err != nil || !got.Success {
			b.Fatalf("%+v, %v", got, err)
		}
	}
}

// BenchmarkSettleParallel settles from many goroutines: settlements share
// blocks.
func BenchmarkSettleParallel(b *testing.B) {
	s := newSandbox(b, 10)
	payloads, reqs := signed(b, s)
	ctx := context.Background()
	next := make(chan int, b.N)
	for i := range b.N {
		next <- i
	}
	close(next)
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := <-next
			if got, err := s.Facilitator.Settle(ctx, payloads[i], reqs[i]); err != nil || !got.Success {
				b.Errorf("%+v, %v", got, err)
				return
			}
		}
	})
}
