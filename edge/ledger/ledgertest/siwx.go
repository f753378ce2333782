package ledgertest

import (
	"bytes"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// A payer's settled call is found by its tool and request key, the latest
// first, while its answer is kept; another payer, tool or request finds
// nothing.
func answeredByRequest(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(append(clk.options(), ledger.WithRetention(time.Hour, 1<<20))...), ctx(t)
	key := wouldBe().RequestKey
	wantNone := func(what, payer, tool, key string) {
		t.Helper()
		if pm, err := s.Answered(c, payer, tool, key); err != ledger.ErrNotFound {
			t.Fatalf("%s: got %+v, %v; want ErrNotFound", what, pm, err)
		}
	}
	wantNone("nothing paid", payer, "trending_markets", key)
	for i, body := range []string{`{"first":1}`, `{"second":2}`} {
		n := nonce + string(rune('a'+i))
		must(t, "reserve", s.Reserve(c, payer, n, "trending_markets"))
		must(t, "settling", s.Settling(c, payer, n, wouldBe(), []byte(body)))
		if i == 0 {
			wantNone("settling", payer, "trending_markets", key)
		}
		must(t, "record", s.Record(c, payer, n, receipt(txHash(10+i))))
		clk.advance(time.Second)
	}
	pm, err := s.Answered(c, "0xABCDEF0123456789ABCDEF0123456789ABCDEF01", "trending_markets", key)
	must(t, "answered", err)
	if pm.State != ledger.Settled || pm.Receipt.Tx != txHash(11) || pm.Receipt.RequestKey != key || !bytes.Equal(pm.Answer, []byte(`{"second":2}`)) {
		t.Fatalf("answered: state %s, tx %s, key %q, answer %s; want settled, %s, %q, the second answer", pm.State, pm.Receipt.Tx, pm.Receipt.RequestKey, pm.Answer, txHash(11), key)
	}
	wantNone("another payer", "0x1111111111111111111111111111111111111111", "trending_markets", key)
	wantNone("another tool", payer, "business_days", key)
	wantNone("another request", payer, "trending_markets", "ff"+key[2:])
	wantNone("no request key", payer, "trending_markets", "")
	clk.advance(time.Hour)
	wantNone("past the retention", payer, "trending_markets", key)
}

// A nonce is spent once, on any instance; an expired one is forgotten,
// its seal refusing it from then on. The sign-in key is 32 bytes and the
// same at every asking.
func challengeSpentOnce(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	spend := func(what, n string, expires time.Time, want bool) {
		t.Helper()
		ok, err := s.SpendChallenge(c, n, expires)
		must(t, what, err)
		if ok != want {
			t.Fatalf("%s: spent %v, want %v", what, ok, want)
		}
	}
	expires := clk.now().Add(5 * time.Minute)
	spend("first use", "a1b2c3d4e5f67890a1b2c3d4e5f67890", expires, true)
	spend("second use", "a1b2c3d4e5f67890a1b2c3d4e5f67890", expires, false)
	spend("another nonce", "b1b2c3d4e5f67890a1b2c3d4e5f67890", expires, true)
	key, err := s.SignInKey(c)
	must(t, "sign-in key", err)
	again, err := s.SignInKey(c)
	must(t, "sign-in key again", err)
	if len(key) != 32 || !bytes.Equal(key, again) {
		t.Fatalf("sign-in key %x, then %x; want the same 32 bytes", key, again)
	}
}

// A channel is found by its payer (in any case) and its latest call's tool
// and request key, while it keeps that call's answer.
func channelAnswered(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	ch := channel()
	ch.Tool = "trending_markets"
	wantNone := func(what, payer, tool, key string) {
		t.Helper()
		if got, err := s.ChannelAnswered(c, payer, tool, key); err != ledger.ErrNotFound {
			t.Fatalf("%s: got %+v, %v; want ErrNotFound", what, got, err)
		}
	}
	wantNone("no channel", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", ch.Tool, ch.Request)
	must(t, "create", s.PutChannel(c, ch))
	got, err := s.ChannelAnswered(c, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", ch.Tool, ch.Request)
	must(t, "answered", err)
	if got.ID != "0xa05fbd14888a282dd2dc912a3f453fae229ac42f5d2b7120b6ee783145b034ce" || !bytes.Equal(got.Answer, ch.Answer) || string(got.Settlement) != string(ch.Settlement) {
		t.Fatalf("answered %s: %s, %s", got.ID, got.Answer, got.Settlement)
	}
	wantNone("another payer", payer, ch.Tool, ch.Request)
	wantNone("another tool", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "business_days", ch.Request)
	wantNone("another request", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", ch.Tool, "ff"+ch.Request[2:])
	got.Answer = nil
	must(t, "drop the answer", s.PutChannel(c, got))
	wantNone("answer dropped", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", ch.Tool, ch.Request)
}
