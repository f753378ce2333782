package ledgertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
)

// A payer's settling and settled payments are listed newest first, within
// the window and the limit asked; its running call is not, nor another
// payer's payments.
func payerPayments(t *testing.T, open Opener) {
	clk := newClock()
	s, c := open(clk.options()...), ctx(t)
	other := "0x1111111111111111111111111111111111111111"
	settle := func(payer, n string, i int) *ledger.Receipt {
		t.Helper()
		must(t, "reserve", s.Reserve(c, payer, n, "trending_markets"))
		must(t, "settling", s.Settling(c, payer, n, wouldBe(), answer))
		r := receipt(txHash(i))
		r.SettledAt = clk.now()
		must(t, "record", s.Record(c, payer, n, r))
		clk.advance(time.Second)
		return r
	}
	start := clk.now()
	first := settle(payer, nonce+"1", 21)
	second := settle(payer, nonce+"2", 22)
	theirs := settle(other, nonce+"9", 29)
	must(t, "reserve settling", s.Reserve(c, payer, nonce+"3", "trending_markets"))
	must(t, "settling", s.Settling(c, payer, nonce+"3", wouldBe(), answer))
	settlingSince := clk.now()
	must(t, "reserve running", s.Reserve(c, payer, nonce+"4", "trending_markets"))

	settled := func(r *ledger.Receipt) ledger.Receipt {
		k := *r
		k.SettledAt, k.RequestKey = r.SettledAt.UTC(), wouldBe().RequestKey
		return k
	}
	pending := *wouldBe()
	lower := strings.ToLower
	all := []ledger.PayerPayment{
		{Nonce: lower(nonce + "3"), State: ledger.Settling, Since: settlingSince, Receipt: pending},
		{Nonce: lower(nonce + "2"), State: ledger.Settled, Since: second.SettledAt.UTC(), Receipt: settled(second)},
		{Nonce: lower(nonce + "1"), State: ledger.Settled, Since: first.SettledAt.UTC(), Receipt: settled(first)},
	}
	want := func(what, who string, since time.Time, limit int, want []ledger.PayerPayment) {
		t.Helper()
		got, err := s.PayerPayments(c, who, since, limit)
		must(t, what, err)
		if len(got) != len(want) {
			t.Fatalf("%s: %d payments %+v, want %d", what, len(got), got, len(want))
		}
		for i := range want {
			if g, w := got[i], want[i]; g.Nonce != w.Nonce || g.State != w.State || !g.Since.Equal(w.Since) || g.Receipt != w.Receipt {
				t.Fatalf("%s: payment %d:\n got %+v\nwant %+v", what, i, g, w)
			}
		}
	}
	want("all", payer, start, 10, all)
	want("in another case", "0xABCDEF0123456789ABCDEF0123456789ABCDEF01", time.Time{}, 10, all)
	want("the newest two", payer, start, 2, all[:2])
	want("since the second", payer, second.SettledAt, 10, all[:2])
	want("another payer", other, start, 10, []ledger.PayerPayment{
		{Nonce: lower(nonce + "9"), State: ledger.Settled, Since: theirs.SettledAt.UTC(), Receipt: settled(theirs)},
	})
	want("a payer that never paid", "0x2222222222222222222222222222222222222222", start, 10, nil)
}

// A payer's channels are those whose config names it, in any case.
func payerChannels(t *testing.T, open Opener) {
	s, c := open(), ctx(t)
	mine, theirs := channel(), channel()
	theirs.ID = "0x" + fmt.Sprintf("%064x", 7)
	theirs.Config = []byte(`{"payer":"0x1111111111111111111111111111111111111111"}`)
	must(t, "create mine", s.PutChannel(c, mine))
	must(t, "create theirs", s.PutChannel(c, theirs))
	want := func(what, who string, ids ...string) {
		t.Helper()
		got, err := s.PayerChannels(c, who, 10)
		must(t, what, err)
		var gotIDs []string
		for _, ch := range got {
			gotIDs = append(gotIDs, ch.ID)
		}
		if fmt.Sprint(gotIDs) != fmt.Sprint(ids) {
			t.Fatalf("%s: channels %v, want %v", what, gotIDs, ids)
		}
	}
	want("mine", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "0xa05fbd14888a282dd2dc912a3f453fae229ac42f5d2b7120b6ee783145b034ce")
	want("theirs", "0x1111111111111111111111111111111111111111", theirs.ID)
	want("nobody's", "0x2222222222222222222222222222222222222222")
	got, err := s.PayerChannels(c, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", 10)
	must(t, "read back", err)
	if got[0].Charged != "1000" || got[0].Balance != "5000" || string(got[0].Answer) != `{"data":[1,2,3]}` {
		t.Fatalf("channel read back as %+v", got[0])
	}
}
