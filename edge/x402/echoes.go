package x402

import (
	"bytes"
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// echoSet remembers extension values that payments echoed, so that a
// payment echoing one of them again, byte for byte, has it passed over by
// comparing its bytes rather than by reading its grammar. A buyer echoes
// the seller's extensions on every call, and the bazaar member with the
// route's schema is most of a voucher's header.
//
// Only objects, arrays and strings skipValue found well-formed are
// remembered: each ends at its own closing byte, so skipValue reads none
// of what follows one and, at a value that begins with its bytes, returns
// exactly where that copy ends. Whatever else follows is read as before.
//
// Anyone can send extensions, so the set is bounded and a lookup cheap
// whatever was sent: at most echoSets×echoWays values, each no longer than
// a header's JSON (so at most 2 MiB); a value's set is picked by a seeded
// hash of its first minEcho bytes, and a lookup compares the value against
// the echoWays values of its set only, each comparison ending where the
// bytes first differ, which is inside the sent value (a value that begins
// with a whole other one ends where it does). A payment adds at most one
// value, its longest unknown one, so none makes the set copy much.
// Lookups take no lock; a value that spared a scan is kept over one that
// did not (a clock per set).
type echoSet struct {
	seed maphash.Seed
	mu   sync.Mutex // held to change a set
	sets [echoSets]waySet
}

// waySet is one set of remembered values.
type waySet struct {
	ways [echoWays]atomic.Pointer[echo]
	hand int // under mu: the way the clock looks at next
}

// echo is a remembered value, never changed once made but for used.
type echo struct {
	key   string // the member's key as sent, escapes and all
	value []byte
	used  atomic.Bool // it spared a scan since the clock last passed it
}

const (
	minEcho  = 256 // the shortest value worth remembering: shorter ones cost less to read than to look up
	echoSets = 16
	echoWays = 4
)

// headerEchoes are the values payments' extensions echoed, in this process.
var headerEchoes = newEchoSet()

func newEchoSet() *echoSet { return &echoSet{seed: maphash.MakeSeed()} }

// set is the set of a value that rest begins with, nil unless the value
// can be remembered: an object, an array or a string of at least minEcho
// bytes.
func (e *echoSet) set(rest []byte) *waySet {
	if len(rest) < minEcho || rest[0] != '{' && rest[0] != '[' && rest[0] != '"' {
		return nil
	}
	return &e.sets[maphash.Bytes(e.seed, rest[:minEcho])%echoSets]
}

// known is the length of the value remembered under key that rest begins
// with, 0 when there is none.
func (e *echoSet) known(key, rest []byte) int {
	set := e.set(rest)
	if set == nil {
		return 0
	}
	for i := range set.ways {
		if v := set.ways[i].Load(); v != nil && v.key == string(key) && bytes.HasPrefix(rest, v.value) {
			if !v.used.Load() {
				v.used.Store(true)
			}
			return len(v.value)
		}
	}
	return 0
}

// remember keeps a copy of value, which skipValue found well-formed under
// key, unless it is too short or not an object, array or string.
func (e *echoSet) remember(key, value []byte) {
	set := e.set(value)
	if set == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range set.ways {
		if v := set.ways[i].Load(); v != nil && v.key == string(key) && bytes.Equal(v.value, value) {
			return // remembered meanwhile, from another payment
		}
	}
	for {
		way := &set.ways[set.hand]
		set.hand = (set.hand + 1) % echoWays
		if v := way.Load(); v == nil || !v.used.Swap(false) {
			way.Store(&echo{key: string(key), value: bytes.Clone(value)})
			return
		}
	}
}
