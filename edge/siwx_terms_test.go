package edge

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
)

// A 402 spliced with a fresh challenge is the document encoding it whole
// makes, byte for byte, so it decodes to the same: for every offer, in
// both the PAYMENT-REQUIRED and the document forms.
func TestSignInTermsSpliceTheChallenge(t *testing.T) {
	h := newHarness(t)
	siwxOn(h)
	g := h.srv.gen.Load()
	if len(g.offers) == 0 {
		t.Fatal("no offers")
	}
	fresh, err := h.srv.freshChallenge(g.cfg)
	if err != nil {
		t.Fatal(err)
	}
	// A time past the year 9999 is longer than the stand-in: the header is
	// then encoded whole.
	far := fresh
	far[2] = siwxTime(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	for name, o := range g.offers {
		v := fresh
		if name == "test_echo" {
			v = far
		}
		ext, err := challengeFor(g.cfg, o.terms.Resource, signInChains(o), v)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := x402.WithExtensions(o.terms.Required, map[string]any{x402.SignInWithX: ext})
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(whole)
		if err != nil {
			t.Fatal(err)
		}
		doc := o.signIn.document.with(v)
		if string(doc) != string(want) || !sameJSON(t, doc, want) {
			t.Fatalf("%s: spliced\n%s\nencoded whole\n%s", name, doc, want)
		}
		if header := o.signIn.headerWith(v); header != string(x402.AppendHeader(nil, want)) {
			t.Fatalf("%s: header\n%s\nencoded whole\n%s", name, header, x402.AppendHeader(nil, want))
		}
		r := o.terms.Required
		r.Extensions = o.signIn.extensions.with(v)
		if got, _ := json.Marshal(r); string(got) != string(want) || !sameJSON(t, r.Extensions, whole.Extensions) {
			t.Fatalf("%s: spliced extensions\n%s\nencoded whole\n%s", name, r.Extensions, whole.Extensions)
		}
	}
	var pr x402.PaymentRequired
	header := h.srv.challengedHeader(g.cfg, g.offers["test_echo"])
	if err := x402.DecodeHeader(header, &pr); err != nil {
		t.Fatal(err)
	}
	if info, _ := challengeOf(t, &pr); info.Nonce == standIns[0] || info.IssuedAt == standIns[1] || info.ExpirationTime == standIns[2] {
		t.Fatalf("the 402 carries a stand-in: %+v", info)
	}
}

// sameJSON reports whether a and b decode to the same value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
