package kalshi

import (
	"io/fs"
	"testing"
)

func page(t *testing.T, name string) MarketPage {
	t.Helper()
	b, err := fs.ReadFile(testdata, "testdata/"+name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := DecodeMarketPage(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDecodesFixedPointStrings(t *testing.T) {
	p := page(t, "markets_open.json")
	m := p.Markets[0]
	want := Market{Ticker: "KXFEDDECISION-26DEC-C25", EventTicker: "KXFEDDECISION-26DEC", Title: "Fed decision in Dec 2026?",
		YesSubTitle: "Cut 25bps", Status: "active", CloseTime: "2026-12-09T18:55:00Z", YesBid: 0.63, YesAsk: 0.64, NoBid: 0.36,
		NoAsk: 0.37, LastPrice: 0.635, PreviousPrice: 0.6, Volume: 3105880, Volume24h: 120455, OpenInterest: 1650020}
	if m != want || p.Cursor != "CgsIqLbGtgYQ0NCzAg" {
		t.Errorf("market %+v, cursor %q", m, p.Cursor)
	}
	if ny := p.Markets[5]; ny.YesBid != 0 || ny.NoAsk != 0 || ny.YesAsk != 0.12 {
		t.Errorf(`"0.0000" means no order: %+v`, ny)
	}
}

func TestDecodesLegacyCents(t *testing.T) {
	m := page(t, "markets_open.json").Markets[4]
	if m.Ticker != "KXNBA-27-LAL" || m.YesBid != 0.04 || m.YesAsk != 0.06 || m.LastPrice != 0.05 || m.PreviousPrice != 0.04 ||
		m.Volume != 120400 || m.Volume24h != 1210 || m.OpenInterest != 80500 {
		t.Errorf("legacy market %+v", m)
	}
}

func TestDecodesEventsWithNestedMarkets(t *testing.T) {
	b, _ := fs.ReadFile(testdata, "testdata/events_page1.json")
	p, err := DecodeEventPage(b)
	if err != nil || len(p.Events) != 2 || len(p.Events[1].Markets) != 3 || p.Cursor != "CgwIxLbGtgYQ" {
		t.Errorf("events %+v, err %v", p, err)
	}
	if _, err := DecodeEventPage([]byte("[")); err == nil {
		t.Error("broken JSON decoded")
	}
}

func TestRequests(t *testing.T) {
	base := "https://api.elections.kalshi.com/trade-api/v2"
	if got := OpenMarkets(30, "KXFED", "").URL; got != base+"/markets?event_ticker=KXFED&limit=30&mve_filter=exclude&status=open" {
		t.Error(got)
	}
	if got := OpenEvents("abc").URL; got != base+"/events?cursor=abc&limit=200&status=open&with_nested_markets=true" {
		t.Error(got)
	}
}
