package polymarket

import (
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(testdata, "testdata/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeMarketPage(t *testing.T) {
	page, err := DecodeMarketPage(fixture(t, "gamma_markets_page1.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Markets) != 8 || page.NextCursor != "MTAw" {
		t.Fatalf("%d markets, cursor %q", len(page.Markets), page.NextCursor)
	}
	m := page.Markets[0]
	if m.ID != "601001" || !reflect.DeepEqual(m.Outcomes, Strings{"Yes", "No"}) || !reflect.DeepEqual(m.OutcomePrices, Nums{0.615, 0.385}) ||
		len(m.ClobTokenIDs) != 2 || m.BestBid != 0.61 || m.BestAsk != 0.62 || !m.FeesEnabled || m.FeeSchedule.Rate != 0.05 {
		t.Errorf("first market decoded as %+v", m)
	}
	last, err := DecodeMarketPage(fixture(t, "gamma_markets_page2.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Southend: prices as strings, no bid; the pope market lacks prices and tokens.
	sou, pope := last.Markets[1], last.Markets[2]
	if sou.BestAsk != 0.49 || sou.BestBid != 0 || sou.LiquidityNum != Known(99.9995) || last.NextCursor != "" {
		t.Errorf("string-number market decoded as %+v", sou)
	}
	if pope.OutcomePrices != nil || pope.ClobTokenIDs != nil || pope.FeeSchedule != nil {
		t.Errorf("market with missing fields decoded as %+v", pope)
	}
}

func TestDecodeEventAndTag(t *testing.T) {
	ev, err := DecodeEvent(fixture(t, "gamma_event_ethiopia.json"))
	if err != nil || !ev.NegRisk || ev.NegRiskAugmented || len(ev.Markets) != 4 || ev.Markets[1].GroupItemThreshold != "7" {
		t.Errorf("event %+v, err %v", ev, err)
	}
	tag, err := DecodeTag(fixture(t, "gamma_tag_esports.json"))
	if err != nil || tag.ID != "64" {
		t.Errorf("numeric tag id decoded as %q, err %v", tag.ID, err)
	}
	if _, err := DecodeEvent([]byte("<html>")); err == nil {
		t.Error("HTML decoded as an event")
	}
}

func TestBestLevelsIgnoreArrayOrder(t *testing.T) {
	books, err := DecodeBooks(fixture(t, "clob_books.json"))
	if err != nil {
		t.Fatal(err)
	}
	b := books[0]
	// Recorded like live books: bids ascending, asks descending.
	if b.Bids[0].Price != 0.59 || b.Asks[0].Price != 0.64 {
		t.Fatalf("fixture order changed: %+v", b)
	}
	bid, okB := b.BestBid()
	ask, okA := b.BestAsk()
	if !okB || !okA || bid != (Level{0.61, 5200}) || ask != (Level{0.62, 2100}) {
		t.Errorf("best bid %+v ask %+v", bid, ask)
	}
	if _, ok := (Book{Asks: []Level{{0.5, 0}}}).BestAsk(); ok {
		t.Error("a level without size is not a quote")
	}
}

func TestDecodeDataAPI(t *testing.T) {
	leaders, err := DecodeLeaderboard(fixture(t, "data_leaderboard.json"))
	if err != nil || len(leaders) != 5 || leaders[1].Rank != "2" || leaders[1].Vol != 920000.5 || leaders[2].UserName != "" {
		t.Errorf("leaders %+v, err %v", leaders, err)
	}
	bare, err := DecodeTrades(fixture(t, "data_trades_w1.json"))
	if err != nil || len(bare) != 4 || bare[0].Side != "BUY" || bare[0].Size != 12000 {
		t.Errorf("bare trades %+v, err %v", bare, err)
	}
	wrapped, err := DecodeTrades(fixture(t, "data_trades_w2.json"))
	if err != nil || len(wrapped) != 2 || wrapped[1].OutcomeIndex != 1 {
		t.Errorf("wrapped trades %+v, err %v", wrapped, err)
	}
}

func TestRequests(t *testing.T) {
	cases := map[string]*upstreams.Request{
		"https://gamma-api.polymarket.com/markets/keyset?after_cursor=MTAw&ascending=false&closed=false&limit=100&order=volume24hr":                Markets(MarketQuery{Limit: 500, Order: "volume24hr", AfterCursor: "MTAw"}),
		"https://gamma-api.polymarket.com/markets/keyset?ascending=false&closed=true&end_date_min=2026-11-13T15%3A00%3A00Z&limit=30&order=endDate": Markets(MarketQuery{Limit: 30, Order: "endDate", Closed: true, EndDateMin: time.Date(2026, 11, 13, 15, 0, 0, 0, time.UTC)}),
		"https://gamma-api.polymarket.com/events/slug/next-prime-minister-of-ethiopia":                                                             EventBySlug("next-prime-minister-of-ethiopia"),
		"https://gamma-api.polymarket.com/public-search?events_status=active&limit_per_type=20&q=fed+december":                                     PublicSearch("fed december", 20),
		"https://clob.polymarket.com/books": Books([]string{"1", "2"}),
		"https://data-api.polymarket.com/v1/leaderboard?category=OVERALL&limit=5&orderBy=PNL&timePeriod=WEEK": Leaderboard(Week, 5),
	}
	for want, req := range cases {
		if req.URL != want {
			t.Errorf("URL %s, want %s", req.URL, want)
		}
	}
	if b := Books([]string{"1", "2"}); b.Method != "POST" || string(b.Body) != `[{"token_id":"1"},{"token_id":"2"}]` || b.Source != "polymarket_clob" {
		t.Errorf("books request %+v", b)
	}
}

func TestReplayAnswersNotFoundWithStatus(t *testing.T) {
	_, err := upstreams.Replay.Do(context.Background(), EventBySlug("no-such-event"))
	if e, ok := upstreams.AsError(err); !ok || e.Status != 404 || e.Source != "polymarket_gamma" {
		t.Errorf("error %v", err)
	}
}

// A volume or liquidity Gamma leaves out, or sends as null or "", is
// unknown, not 0; a reported 0 is known.
func TestOptTellsUnknownFromZero(t *testing.T) {
	var v struct {
		A, B, C, D, E, F, Absent Opt
	}
	if err := json.Unmarshal([]byte(`{"A":null,"B":"","C":"null","D":0,"E":"0","F":"1250.5"}`), &v); err != nil {
		t.Fatal(err)
	}
	want := [...]Opt{{}, {}, {}, Known(0), Known(0), Known(1250.5), {}}
	for i, got := range [...]Opt{v.A, v.B, v.C, v.D, v.E, v.F, v.Absent} {
		if got != want[i] {
			t.Errorf("member %d = %+v, want %+v", i, got, want[i])
		}
	}
	if v.A.Ptr() != nil || v.D.Ptr() == nil || *v.D.Ptr() != 0 {
		t.Errorf("Ptr: unknown %v, zero %v", v.A.Ptr(), v.D.Ptr())
	}
	if err := json.Unmarshal([]byte(`{"A":"n/a"}`), &v); err == nil {
		t.Error("a member that is no number decoded")
	}
}

// The derived page is page 1 with members removed: those markets' fields
// are unknown, every other value is as recorded.
func TestDecodeMarketsWithVolumeUnreported(t *testing.T) {
	orig, err := DecodeMarketPage(fixture(t, "gamma_markets_page1.json"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeMarketPage(fixture(t, "gamma_markets_page1_volume_unreported.json"))
	if err != nil {
		t.Fatal(err)
	}
	removed := map[string]func(m *Market){
		"601002": func(m *Market) { m.Volume24hr, m.LiquidityNum = Opt{}, Opt{} },
		"601005": func(m *Market) { m.VolumeNum = Opt{} },
		"601006": func(m *Market) { m.Volume1wk = Opt{} },
		"601008": func(m *Market) { m.LiquidityNum = Opt{} },
	}
	for i, m := range orig.Markets {
		if edit, ok := removed[string(m.ID)]; ok {
			edit(&m)
		}
		if !reflect.DeepEqual(page.Markets[i], m) {
			t.Errorf("market %s decoded as\n%+v\nwant\n%+v", m.ID, page.Markets[i], m)
		}
	}
	ev, err := DecodeEvent(fixture(t, "gamma_event_ethiopia_liquidity_unreported.json"))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Volume24hr.Known || ev.Liquidity.Known || ev.Volume != Known(21250982.36) ||
		ev.Markets[1].LiquidityNum.Known || ev.Markets[0].LiquidityNum != Known(45000) {
		t.Errorf("event %+v", ev)
	}
}
