package x402

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// sameScan fails unless scanning raw with echoes answers as scanning it
// with nothing remembered.
func sameScan(t *testing.T, raw []byte, echoes *echoSet) bool {
	t.Helper()
	p, id, ok := scanPayload(raw, newEchoSet())
	if rp, rid, rok := scanPayload(raw, echoes); rok != ok || !reflect.DeepEqual(rp, p) || !reflect.DeepEqual(rid, id) {
		t.Fatalf("scanned %s\nwith remembered values %v %+v %+v\nwithout            %v %+v %+v", raw, rok, rp, rid, ok, p, id)
	}
	return ok
}

// echoedMembers are the spans of the payment's extension members worth
// remembering, by key.
func echoedMembers(t *testing.T, raw []byte) map[string][2]int {
	var p struct{ Extensions map[string]json.RawMessage }
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	spans := map[string][2]int{}
	for key, v := range p.Extensions {
		if len(v) >= minEcho {
			start := bytes.Index(raw, v)
			spans[key] = [2]int{start, start + len(v)}
		}
	}
	if len(spans) != 3 {
		t.Fatalf("%d members worth remembering, want 3", len(spans))
	}
	return spans
}

// learn scans raw with echoes until every member of spans is remembered:
// one a payment.
func learn(t *testing.T, raw []byte, echoes *echoSet, spans map[string][2]int) {
	t.Helper()
	for range len(spans) + 1 {
		all := true
		for key, s := range spans {
			all = all && echoes.known([]byte(key), raw[s[0]:]) == s[1]-s[0]
		}
		if all {
			return
		}
		if _, _, ok := scanPayload(raw, echoes); !ok {
			t.Fatal("the payment is not scanned")
		}
	}
	t.Fatal("the payment's members are not all remembered")
}

// A remembered value spares reading only a value that begins with its very
// bytes. One with a byte changed anywhere, one cut short, one lengthened
// and the document cut off inside it are each read again, and refused or
// taken exactly as with nothing remembered.
func TestScanEchoesOnlyTheSameBytes(t *testing.T) {
	raw := echoedPayment(t)
	spans := echoedMembers(t, raw)
	echoes := newEchoSet()
	tried := map[string]bool{} // the same change in two places, which the set may have learned
	scanned := 0
	check := func(doc []byte, key string) {
		t.Helper()
		if tried[string(doc)] {
			return
		}
		tried[string(doc)] = true
		learn(t, raw, echoes, spans)
		s := spans[key]
		if n, same := echoes.known([]byte(key), doc[s[0]:]), bytes.HasPrefix(doc[s[0]:], raw[s[0]:s[1]]); (n > 0) != same {
			t.Fatalf("%s in %s: known %d, though it begins with the remembered bytes: %v", key, doc, n, same)
		}
		if sameScan(t, doc, echoes) {
			scanned++
		}
	}
	bytesTried := []byte("\"\\{}[],: \n0e-xu\x00\x80\xff")
	for key, s := range spans {
		start, end := s[0], s[1]
		check(raw, key)
		for i := start; i < end; i++ {
			for _, c := range bytesTried {
				if c != raw[i] {
					changed := bytes.Clone(raw)
					changed[i] = c
					check(changed, key)
				}
			}
			check(slices.Delete(bytes.Clone(raw), i, i+1), key)
			for _, c := range []byte(" 1\"") {
				check(slices.Insert(bytes.Clone(raw), i+1, c), key)
			}
			sameScan(t, raw[:i], echoes)
		}
		// Lengthened inside its closing byte, and followed by more than the
		// payment had.
		for _, more := range []string{",1", `,"x":1`, " ", ""} {
			check(slices.Insert(bytes.Clone(raw), end-1, []byte(more)...), key)
		}
		for _, more := range []string{" ", "1", "}", `"`, ",", ` ,"payment-identifier":null`} {
			check(slices.Insert(bytes.Clone(raw), end, []byte(more)...), key)
		}
	}
	// Many of the changed payments are still JSON the scan takes.
	if scanned < len(tried)/10 {
		t.Fatalf("%d of %d changed payments scanned", scanned, len(tried))
	}
}

// hostilePayment is a payment whose extensions carry n values worth
// remembering that no other payment carries, tagged, the longest last.
func hostilePayment(tag string, n int) []byte {
	var ext []string
	for i := range n {
		ext = append(ext, fmt.Sprintf(`"k%d":"%s%s"`, i%3, tag, strings.Repeat("z", minEcho+i)))
	}
	return []byte(`{"x402Version":2,"extensions":{` + strings.Join(ext, ",") + `}}`)
}

// remembered counts the values echoes holds.
func remembered(echoes *echoSet) int {
	n := 0
	for i := range echoes.sets {
		for j := range echoes.sets[i].ways {
			if echoes.sets[i].ways[j].Load() != nil {
				n++
			}
		}
	}
	return n
}

// Whatever payments are sent, the set holds at most echoSets×echoWays
// values, and a payment adds one value at most: its longest unknown one.
func TestEchoSetIsBounded(t *testing.T) {
	echoes := newEchoSet()
	raw := hostilePayment("once", 5)
	sameScan(t, raw, echoes)
	longest := []byte(raw[bytes.LastIndex(raw, []byte(`"once`)) : len(raw)-2])
	if remembered(echoes) != 1 || echoes.known([]byte("k1"), longest) != len(longest) {
		t.Fatalf("one payment left %d values", remembered(echoes))
	}
	for i := range 50 * echoSets * echoWays {
		sameScan(t, hostilePayment(fmt.Sprint(i), 3), echoes)
	}
	if n := remembered(echoes); n > echoSets*echoWays {
		t.Fatalf("%d values remembered", n)
	}
}

// A value that keeps sparing scans stays, however many new values
// payments bring between two of its echoes.
func TestEchoSetKeepsWhatIsEchoed(t *testing.T) {
	raw := echoedPayment(t)
	spans := echoedMembers(t, raw)
	echoes := newEchoSet()
	learn(t, raw, echoes, spans)
	for i := range 20 * echoSets * echoWays {
		sameScan(t, hostilePayment(fmt.Sprint(i), 1), echoes)
		sameScan(t, raw, echoes)
	}
	for key, s := range spans {
		if echoes.known([]byte(key), raw[s[0]:]) != s[1]-s[0] {
			t.Fatalf("%s was forgotten", key)
		}
	}
}

// Payments scanned at once share the set: each answers as alone.
func TestEchoSetIsShared(t *testing.T) {
	raw := echoedPayment(t)
	echoes := newEchoSet()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				doc := raw
				if i%2 == 1 {
					doc = hostilePayment(fmt.Sprint(g, "-", i), 2)
				}
				p, id, ok := scanPayload(doc, newEchoSet())
				if rp, rid, rok := scanPayload(doc, echoes); rok != ok || !reflect.DeepEqual(rp, p) || !reflect.DeepEqual(rid, id) {
					t.Errorf("scanned %s differently with remembered values", doc)
					return
				}
			}
		})
	}
	wg.Wait()
}
