package upkeep

import (
	"testing"
	"time"
)

// A channel's lock is taken and given back in turn, a second taker waits
// for it, and a turn on a channel seen before allocates only its unlock:
// the lock is made once, at the channel's first turn.
func TestChannelBookTurns(t *testing.T) {
	var b ChannelBook
	unlock, ok := b.Acquire("0xab", 0)
	if !ok {
		t.Fatal("a free channel's lock was refused")
	}
	if _, ok := b.Acquire("0xab", 10*time.Millisecond); ok {
		t.Fatal("a channel's lock was taken twice")
	}
	go func() { time.Sleep(10 * time.Millisecond); unlock() }()
	unlock, ok = b.Acquire("0xab", time.Second)
	if !ok {
		t.Fatal("a call waiting for its channel did not get it once it was free")
	}
	unlock()
	if allocs := testing.AllocsPerRun(100, func() {
		unlock, _ := b.Acquire("0xab", 0)
		unlock()
	}); allocs != 1 {
		t.Fatalf("%v allocations a turn, want 1 (its unlock)", allocs)
	}
}
