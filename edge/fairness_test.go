package edge

import (
	"net"
	"testing"
	"time"
)

// An address holds at most its number of turns; a request beyond them waits
// until one is given back, and other addresses do not wait at all.
func TestFairnessBoundsTurnsPerAddress(t *testing.T) {
	f := newFairness(2)
	flood, buyer := net.ParseIP("127.0.0.2"), net.ParseIP("127.0.0.1")
	first, second := f.take(flood), f.take(flood)
	third := make(chan chan struct{})
	go func() { third <- f.take(flood) }()
	select {
	case <-third:
		t.Fatal("a third request of the address got a turn while two were held")
	case <-time.After(50 * time.Millisecond):
	}
	mine := f.take(buyer) // another address is not held up
	<-mine
	<-first
	select {
	case turn := <-third:
		<-turn
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting request never got the turn given back")
	}
	<-second
	if n := len(f.m); n != 2 {
		t.Errorf("%d addresses remembered, want 2", n)
	}
}
