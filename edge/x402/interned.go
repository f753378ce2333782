package x402

import (
	"hash/maphash"
	"sync/atomic"
)

// internTable holds strings that payments repeat: the 402's own terms,
// echoed in every payment (the resource, scheme, network, amount, asset,
// payTo, the extra's names and values), and a channel's config and id,
// repeated in each of its vouchers. The scan gives such a member the held
// string with its bytes instead of a copy of its own: strings never change,
// so sharing one is safe whatever reads it.
//
// Anyone can send strings, so the table is bounded and a lookup cheap: one
// slot per hash of the bytes, holding the last string met there; a miss
// costs the hash and the string a copy would have cost anyway.
type internTable struct {
	seed  maphash.Seed
	slots [internSlots]atomic.Pointer[string]
}

const (
	internSlots = 1024
	maxInterned = 128 // a longer member is a signature or a description: met once, or rarely
)

var interned = internTable{seed: maphash.MakeSeed()}

// of is the string with b's bytes, the one held if it is.
func (t *internTable) of(b []byte) string {
	if len(b) > maxInterned {
		return string(b)
	}
	slot := &t.slots[maphash.Bytes(t.seed, b)%internSlots]
	if held := slot.Load(); held != nil && *held == string(b) {
		return *held
	}
	s := string(b)
	slot.Store(&s)
	return s
}
