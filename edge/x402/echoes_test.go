package x402

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// sameScan fails unless scanning raw with echoes, times over, answers each
// time as scanning it with nothing remembered, which it returns: the same
// payment, and the same seen of its extensions, but that they may be a
// remembered copy.
func sameScan(t *testing.T, raw []byte, echoes *echoSet, times int) (*Payload, extensionsScan, bool) {
	t.Helper()
	p, ext, ok := scanPayload(raw, newEchoSet())
	for range times {
		rp, rext, rok := scanPayload(raw, echoes)
		rext.remembered = false
		if rok != ok || !reflect.DeepEqual(rp, p) || rext != ext {
			t.Fatalf("scanned %s\nwith remembered values %v %+v %+v\nwithout            %v %+v %+v", raw, rok, rp, rext, ok, p, ext)
		}
	}
	return p, ext, ok
}

// echoed is a payment's extensions object and its members worth
// remembering, where they are in it.
type echoed struct {
	object  [2]int
	members map[string][2]int // by key
}

func echoedParts(t *testing.T, raw []byte) echoed {
	var p struct{ Extensions map[string]json.RawMessage }
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(raw, p.Extensions["bazaar"]) - len(`{"bazaar":`)
	e := echoed{object: [2]int{start, bytes.LastIndexByte(raw, '}')}, members: map[string][2]int{}}
	for key, v := range p.Extensions {
		if len(v) >= minEcho {
			at := bytes.Index(raw, v)
			e.members[key] = [2]int{at, at + len(v)}
		}
	}
	if len(e.members) != 3 || !bytes.HasPrefix(raw[start:], []byte(`{"bazaar":`)) {
		t.Fatalf("%d members worth remembering, want 3, in %s", len(e.members), raw[start:])
	}
	return e
}

// learn scans raw with echoes until its members and its object are
// remembered, each the second time it is met: a payment's novel members
// one at a time, longest first (from raw with a space added to its
// object, which is then never passed over whole), then its object.
func learn(t *testing.T, raw []byte, echoes *echoSet, e echoed) {
	t.Helper()
	spaced := slices.Insert(bytes.Clone(raw), e.object[0]+1, ' ')
	for range 2*len(e.members) + 3 {
		members := true
		for key, m := range e.members {
			members = members && echoes.known([]byte(key), raw[m[0]:]) == m[1]-m[0]
		}
		doc := spaced
		if members {
			if echoes.object(raw[e.object[0]:]) != nil {
				return
			}
			doc = raw
		}
		if _, _, ok := scanPayload(doc, echoes); !ok {
			t.Fatal("the payment is not scanned")
		}
	}
	t.Fatal("the payment's members and object are not all remembered")
}

// A remembered value or object spares reading only what begins with its
// very bytes. Extensions with a byte changed anywhere, cut short,
// lengthened, or cut off are each read again, and refused or taken exactly
// as with nothing remembered.
func TestScanEchoesOnlyTheSameBytes(t *testing.T) {
	raw := echoedPayment(t)
	e := echoedParts(t, raw)
	echoes := newEchoSet()
	tried := map[string]bool{} // the same change in two places, which the set may have learned
	scanned := 0
	check := func(doc []byte, at int) {
		t.Helper()
		if tried[string(doc)] {
			return
		}
		tried[string(doc)] = true
		learn(t, raw, echoes, e)
		o := e.object
		if got, same := echoes.object(doc[o[0]:]) != nil, bytes.HasPrefix(doc[o[0]:], raw[o[0]:o[1]]); got != same {
			t.Fatalf("%s: the object known %v, though it begins with the remembered bytes: %v", doc, got, same)
		}
		for key, m := range e.members {
			if got, same := echoes.known([]byte(key), doc[m[0]:]) > 0, bytes.HasPrefix(doc[m[0]:], raw[m[0]:m[1]]); m[0] <= at && at < m[1] && got != same {
				t.Fatalf("%s: %s known %v, though it begins with the remembered bytes: %v", doc, key, got, same)
			}
		}
		if _, _, ok := sameScan(t, doc, echoes, 1); ok {
			scanned++
		}
	}
	bytesTried := []byte("\"\\{}[],: \n0e-xu\x00\x80\xff")
	check(raw, -1)
	for i := e.object[0]; i < e.object[1]; i++ {
		for _, c := range bytesTried {
			if c != raw[i] {
				changed := bytes.Clone(raw)
				changed[i] = c
				check(changed, i)
			}
		}
		check(slices.Delete(bytes.Clone(raw), i, i+1), i)
		for _, c := range []byte(" 1\"") {
			check(slices.Insert(bytes.Clone(raw), i+1, c), i+1)
		}
		sameScan(t, raw[:i], echoes, 1)
	}
	// Lengthened inside a closing byte, and followed by more than the
	// payment had.
	for _, end := range []int{e.members["bazaar"][1], e.members["offers"][1], e.members["note"][1], e.object[1]} {
		for _, more := range []string{",1", `,"x":1`, " "} {
			check(slices.Insert(bytes.Clone(raw), end-1, []byte(more)...), end-1)
		}
		for _, more := range []string{" ", "1", "}", `"`, ",", ` ,"payment-identifier":null`} {
			check(slices.Insert(bytes.Clone(raw), end, []byte(more)...), end)
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
// values, and a payment adds one value at most: its longest unknown one,
// the second time it is met.
func TestEchoSetIsBounded(t *testing.T) {
	echoes := newEchoSet()
	raw := hostilePayment("once", 5)
	sameScan(t, raw, echoes, 1)
	if n := remembered(echoes); n != 0 {
		t.Fatalf("a payment met once left %d values", n)
	}
	sameScan(t, raw, echoes, 1)
	longest := []byte(raw[bytes.LastIndex(raw, []byte(`"once`)) : len(raw)-2])
	if remembered(echoes) != 1 || echoes.known([]byte("k1"), longest) != len(longest) {
		t.Fatalf("a payment met twice left %d values", remembered(echoes))
	}
	for i := range 50 * echoSets * echoWays {
		sameScan(t, hostilePayment(fmt.Sprint(i), 3), echoes, 2)
	}
	if n := remembered(echoes); n > echoSets*echoWays {
		t.Fatalf("%d values remembered", n)
	}
}

// Only the first maxEchoLookups members of an object are looked up, and
// so remembered; those after are read as before.
func TestEchoLookupsAreBounded(t *testing.T) {
	value := `"` + strings.Repeat("v", minEcho) + `"`
	for _, at := range []int{maxEchoLookups - 1, maxEchoLookups} {
		members := strings.Split(strings.Repeat(`"k":1,`, maxEchoLookups+2), ",")
		members[at] = `"k":` + value
		raw := []byte(`{"x402Version":2,"extensions":{` + strings.Join(members[:maxEchoLookups+2], ",") + `}}`)
		echoes := newEchoSet()
		sameScan(t, raw, echoes, 3)
		if got := echoes.known([]byte("k"), []byte(value)) > 0; got != (at < maxEchoLookups) {
			t.Errorf("the value as member %d: remembered %v", at+1, got)
		}
	}
}

// A value that keeps sparing scans stays, however many new values
// payments bring between two of its echoes.
func TestEchoSetKeepsWhatIsEchoed(t *testing.T) {
	raw := echoedPayment(t)
	e := echoedParts(t, raw)
	echoes := newEchoSet()
	learn(t, raw, echoes, e)
	for i := range 20 * echoSets * echoWays {
		sameScan(t, hostilePayment(fmt.Sprint(i), 1), echoes, 2)
		sameScan(t, raw, echoes, 1)
	}
	if echoes.object(raw[e.object[0]:]) == nil {
		t.Fatal("the payment's extensions were forgotten")
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
				rp, rid, rok := scanPayload(doc, echoes)
				if rid.remembered = false; rok != ok || !reflect.DeepEqual(rp, p) || rid != id {
					t.Errorf("scanned %s differently with remembered values", doc)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A header's decoded bytes are used again for the next header only when
// nothing decoded points into them: a payment whose extensions are kept as
// sent keeps them whatever is decoded after it, and one given the
// remembered copy of its extensions reads as sent.
func TestDecodedBytesAreUsedAgainOnlyWhenFree(t *testing.T) {
	raw := echoedPayment(t)
	docs := [][]byte{raw, bytes.ReplaceAll(raw, []byte("Cut one leg"), []byte("Cut two legs")), []byte(vectorPayload)}
	var kept []*Payment
	var want []*Payload
	remembered, keeps := 0, 0
	for range 8 {
		for _, doc := range docs {
			for range 2 {
				p, err := DecodePayment(HeaderSignature, base64.StdEncoding.EncodeToString(doc))
				if err != nil {
					t.Fatal(err)
				}
				var w *Payload
				if err := strictJSON(doc, &w); err != nil {
					t.Fatal(err)
				}
				kept, want = append(kept, p), append(want, w)
				if p.scan.remembered {
					remembered++
				}
				if p.keepsDecoded() {
					keeps++
				}
			}
		}
	}
	for i, p := range kept {
		if !reflect.DeepEqual(p.V2, want[i]) || !bytes.Equal(p.IdentifierExtension(), (&Payment{V2: want[i]}).IdentifierExtension()) {
			t.Fatalf("payment %d now reads %+v, not %+v", i, p.V2, want[i])
		}
	}
	if remembered == 0 || keeps == 0 {
		t.Fatalf("%d payments given remembered extensions, %d keeping their decoded bytes", remembered, keeps)
	}
}
