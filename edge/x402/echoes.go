package x402

import (
	"bytes"
	"hash/maphash"
	"slices"
	"sync"
	"sync/atomic"
)

// echoSet remembers extension values that payments echoed, so that a
// payment echoing one of them again, byte for byte, has it passed over by
// comparing its bytes rather than by reading its grammar. A buyer echoes
// the seller's extensions on every call, and the bazaar member with the
// route's schema is most of a voucher's header.
//
// It remembers members' values that skipValue found well-formed, only
// objects, arrays and strings: each ends at its own closing byte, so
// skipValue reads none of what follows one and, at a value that begins
// with its bytes, returns exactly where that copy ends. Whatever else
// follows is read as before. And it remembers whole extensions objects
// that the scan read, with what it saw of them, to pass over an object
// echoed whole and give the payment the remembered copy: then nothing
// decoded points into the header's decoded bytes, which are used again.
//
// A value is copied in only the second time it is met lately (its hash
// among the last echoWays of its set not remembered), so that values sent
// once, such as an object with the buyer's own payment id in it, are not
// copied in vain: a value's hash is of its bytes, an object's of its
// bytes but for its remembered values.
//
// Anyone can send extensions, so the set is bounded and a lookup cheap
// whatever was sent: at most echoSets×echoWays values, each no longer than
// a header's JSON (so at most 2 MiB); a value's set is picked by a seeded
// hash of its first minEcho bytes, and a lookup compares the value against
// the echoWays values of its set only, each comparison ending where the
// bytes first differ, which is inside the sent value (a value that begins
// with a whole other one ends where it does). A payment adds at most one
// value, its longest unknown one or else its object. Lookups take no lock;
// a value that spared a scan is kept over one that did not (a clock per
// set).
type echoSet struct {
	seed maphash.Seed
	mu   sync.Mutex // held to change a set
	sets [echoSets]waySet
}

// waySet is one set of remembered values.
type waySet struct {
	ways   [echoWays]atomic.Pointer[echo]
	hand   int              // under mu: the way the clock looks at next
	recent [echoWays]uint64 // under mu: the hashes of the values met lately and not remembered
	next   int              // under mu: the one the next replaces
}

// echo is a remembered value, never changed once made but for used.
type echo struct {
	key   string          // a member's key as sent, escapes and all
	value []byte          // shared by every payment given it: never written
	scan  *extensionsScan // for an extensions object, what the scan saw of it; nil for a member's value
	used  atomic.Bool     // it spared a scan since the clock last passed it
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

// known is the length of the member's value remembered under key that
// rest begins with, 0 when there is none.
func (e *echoSet) known(key, rest []byte) int {
	if v := e.find(rest, key, false); v != nil {
		return len(v.value)
	}
	return 0
}

// object is the remembered extensions object that rest begins with, nil
// when there is none.
func (e *echoSet) object(rest []byte) *echo {
	return e.find(rest, nil, true)
}

// find is the remembered value that rest begins with, a member's under key
// or an object.
func (e *echoSet) find(rest, key []byte, object bool) *echo {
	set := e.set(rest)
	if set == nil {
		return nil
	}
	for i := range set.ways {
		if v := set.ways[i].Load(); v != nil && (v.scan != nil) == object && v.key == string(key) && bytes.HasPrefix(rest, v.value) {
			if !v.used.Load() {
				v.used.Store(true)
			}
			return v
		}
	}
	return nil
}

// remember keeps a copy of value, which skipValue found well-formed under
// key, unless it is too short or not an object, array or string.
func (e *echoSet) remember(key, value []byte) {
	if set := e.set(value); set != nil && e.metAgain(set, maphash.Bytes(e.seed, value)) {
		e.add(set, &echo{key: string(key), value: value})
	}
}

// rememberObject keeps a copy of an extensions object the scan read, and
// what it saw of it; seen is its hash but for its remembered values.
func (e *echoSet) rememberObject(object []byte, scan extensionsScan, seen uint64) {
	if set := e.set(object); set != nil && e.metAgain(set, seen) {
		remembered := scan // a copy, so that scan is not moved to the heap on every call
		remembered.remembered = true
		e.add(set, &echo{value: object, scan: &remembered})
	}
}

// metAgain reports whether a value that hashes to seen was met lately in
// set, and notes it when not.
func (e *echoSet) metAgain(set *waySet, seen uint64) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if slices.Contains(set.recent[:], seen) {
		return true
	}
	set.recent[set.next] = seen
	set.next = (set.next + 1) % len(set.recent)
	return false
}

// add puts v in set in place of one not used since the clock last passed
// it, its value copied, unless another payment added it meanwhile.
func (e *echoSet) add(set *waySet, v *echo) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range set.ways {
		if w := set.ways[i].Load(); w != nil && w.key == v.key && (w.scan == nil) == (v.scan == nil) && bytes.Equal(w.value, v.value) {
			return
		}
	}
	v.value = bytes.Clone(v.value)
	for {
		way := &set.ways[set.hand]
		set.hand = (set.hand + 1) % echoWays
		if w := way.Load(); w == nil || !w.used.Swap(false) {
			way.Store(v)
			return
		}
	}
}
