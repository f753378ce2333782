package x402

import (
	"fmt"
	"hash/maphash"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// A string met again is the one held, and whatever meets a slot, each
// lookup reads back its own bytes.
func TestInternedIsTheBytes(t *testing.T) {
	table := internTable{seed: maphash.MakeSeed()}
	first := table.of([]byte("eip155:8453"))
	again := table.of([]byte("eip155:8453"))
	if again != "eip155:8453" || unsafe.StringData(again) != unsafe.StringData(first) {
		t.Fatalf("a repeated string is a new copy: %q", again)
	}
	long := []byte(strings.Repeat("a", maxInterned+1))
	if a, b := table.of(long), table.of(long); a != string(long) || unsafe.StringData(a) == unsafe.StringData(b) {
		t.Fatal("a string past maxInterned was held")
	}
	// Far more strings than slots, from goroutines at once: every lookup
	// is its own bytes, whichever string its slot held.
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 8 * internSlots {
				want := fmt.Sprint("0x", (i*7+g)%(3*internSlots))
				if got := table.of([]byte(want)); got != want {
					t.Errorf("of(%q) = %q", want, got)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A payment's repeated members are the held strings: a voucher's second
// decode allocates none of them. Two members of one payment may hash to
// the same slot and displace each other at every decode, so the check is
// made under fresh seeds until one separates them all: a member the scan
// copies fails under every seed.
func TestDecodedVoucherSharesRepeatedStrings(t *testing.T) {
	_, header := voucherHeader(t)
	var copied []string
	for range 20 {
		interned.seed = maphash.MakeSeed()
		for i := range interned.slots {
			interned.slots[i].Store(nil)
		}
		a, err := DecodePayment(HeaderSignature, header)
		if err != nil {
			t.Fatal(err)
		}
		b, err := DecodePayment(HeaderSignature, header)
		if err != nil {
			t.Fatal(err)
		}
		if unsafe.StringData(a.V2.Payload.Voucher.Signature) == unsafe.StringData(b.V2.Payload.Voucher.Signature) {
			t.Fatal("the voucher's signature, sent once, was held")
		}
		copied = copied[:0]
		for name, pair := range map[string][2]string{
			"network":   {a.V2.Accepted.Network, b.V2.Accepted.Network},
			"payTo":     {a.V2.Accepted.PayTo, b.V2.Accepted.PayTo},
			"channelId": {a.V2.Payload.Voucher.ChannelID, b.V2.Payload.Voucher.ChannelID},
			"payer":     {a.V2.Payload.ChannelConfig.Payer, b.V2.Payload.ChannelConfig.Payer},
		} {
			if pair[0] == "" || unsafe.StringData(pair[0]) != unsafe.StringData(pair[1]) {
				copied = append(copied, name)
			}
		}
		if len(copied) == 0 {
			return
		}
	}
	t.Errorf("copied at each decode under 20 seeds: %v", copied)
}
