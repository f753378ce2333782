package edge

import (
	"net"
	"sync"
)

// fairness bounds the requests of one client address being worked on at
// once. The scheduler shares the CPU among connections, not clients: without
// it, an address flooding on 32 connections holds 32 turns for every one of
// a buyer's. A paid call gives its turn back while it waits on its tool and
// its settlement, so the bound costs an agent nothing while it waits.
type fairness struct {
	per int
	mu  sync.Mutex
	m   map[[16]byte]chan struct{}
}

// fairnessTable is how many addresses are remembered before idle ones go.
const fairnessTable = 4096

func newFairness(per int) *fairness {
	return &fairness{per: max(per, 1), m: map[[16]byte]chan struct{}{}}
}

// take waits for one of ip's turns and returns the channel to give it back
// to with a receive.
func (f *fairness) take(ip net.IP) chan struct{} {
	var key [16]byte
	copy(key[:], ip.To16())
	f.mu.Lock()
	turns, ok := f.m[key]
	if !ok {
		if len(f.m) >= fairnessTable {
			for k, t := range f.m {
				if len(t) == 0 {
					delete(f.m, k)
				}
			}
		}
		turns = make(chan struct{}, f.per)
		f.m[key] = turns
	}
	f.mu.Unlock()
	turns <- struct{}{}
	return turns
}
