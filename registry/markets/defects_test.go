package markets

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// overlay answers requests whose URL contains a key with that testdata
// file, and every other request from the recorded fixtures.
func overlay(t *testing.T, files map[string]string) upstreams.Doer {
	t.Helper()
	bodies := map[string][]byte{}
	for key, file := range files {
		b, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		bodies[key] = b
	}
	return upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		for key, b := range bodies {
			if strings.Contains(req.URL, key) {
				return &upstreams.Response{Status: 200, Body: b}, nil
			}
		}
		return upstreams.Replay.Do(ctx, req)
	})
}

// Each venue's size is reported in its own unit: venueA in USD, venueB in
// contracts; neither is passed off as the other.
func TestOddsFeedNamesItsUnits(t *testing.T) {
	res, err := registrytest.Run(t, "odds_feed", map[string]any{"limit": 10}, upstreams.Replay, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range res.Data.([]oddsRow) {
		seen[r.Venue] = true
		usd := r.Volume24hUSD != nil && r.LiquidityUSD != nil && r.Volume24hContracts == nil && r.OpenInterestContracts == nil
		contracts := r.Volume24hContracts != nil && r.OpenInterestContracts != nil && r.Volume24hUSD == nil && r.LiquidityUSD == nil
		if r.Venue == "venueA" && !usd || r.Venue == "venueB" && !contracts {
			t.Errorf("%s %s: mixed units %+v", r.Venue, r.ID, r)
		}
		if r.ID == "KXFEDDECISION-26DEC-C26" && *r.OpenInterestContracts != 210400 {
			t.Errorf("open interest = %v contracts, want the fixture's 210400", *r.OpenInterestContracts)
		}
	}
	if !seen["venueA"] || !seen["venueB"] {
		t.Errorf("venues = %v", seen)
	}
}

// Gamma reports settlement prices as they came from the chain: 0.99999959
// is a win; 0.9985 on a proposed resolution is a last trade, not a payout.
func TestResolutionHistoryWinnerWithinTolerance(t *testing.T) {
	d := overlay(t, map[string]string{"gamma-api.polymarket.com/markets": "gamma_markets_closed_unrounded.json"})
	res, err := registrytest.Run(t, "resolution_history", map[string]any{"days_back": 7}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"603101": "Yes", "603102": "Cowboys", "603103": ""}
	rows := res.Data.([]resolvedRow)
	if len(rows) != len(want) {
		t.Fatalf("rows = %+v", rows)
	}
	for _, r := range rows {
		got := ""
		if r.Winner != nil {
			got = *r.Winner
		}
		if got != want[r.MarketID] {
			t.Errorf("market %s: winner %q, want %q", r.MarketID, got, want[r.MarketID])
		}
	}
}

// Markets that stopped taking orders (closed, or open but not accepting
// orders years after their end date) are no resolution candidates.
func TestVenueAMarketScanSkipsMarketsNotTrading(t *testing.T) {
	d := overlay(t, map[string]string{"gamma-api.polymarket.com/markets/keyset": "gamma_markets_not_trading.json"})
	res, err := registrytest.Run(t, "venueA_market_scan", map[string]any{"limit": 10}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	scan := res.Data.(marketScan)
	if scan.MarketsScanned != 3 || scan.MarketsNotTrading != 2 || len(scan.ResolutionCandidates) != 1 {
		t.Fatalf("scan = %+v", scan)
	}
	if pick := scan.ResolutionCandidates[0]; pick.MarketID != "601006" || pick.DaysToEnd == nil || *pick.DaysToEnd < 0 {
		t.Errorf("candidate = %+v", pick)
	}
}

// One wallet whose trades do not decode (a timestamp written as text) is
// reported and left out; the
// other wallets' flows stand. With every wallet unreadable the call fails.
func TestSmartMoneyDegradesPerWallet(t *testing.T) {
	const broken = "0x1f2e3d4c5b6a79880716253443526170819a0b1c"
	d := overlay(t, map[string]string{"user=" + broken: "data_trades_undecodable.json"})
	res, err := registrytest.Run(t, "smart_money", map[string]any{"limit": 5}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Data.(smartMoneyReport)
	if len(r.Wallets) != 5 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], broken) {
		t.Fatalf("wallets %d, warnings %q", len(r.Wallets), r.Warnings)
	}
	for _, w := range r.Wallets {
		if (w.Trades == nil) != (w.Wallet == broken) {
			t.Errorf("wallet %s: trades %v", w.Wallet, w.Trades)
		}
	}
	if len(r.MarketFlows) == 0 {
		t.Error("no flows from the readable wallets")
	}
	_, err = registrytest.Run(t, "smart_money", map[string]any{"limit": 5}, overlay(t, map[string]string{"/trades": "data_trades_undecodable.json"}), upstreams.RecordedAt)
	if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.BadAnswer {
		t.Errorf("every wallet unreadable: %v, want a bad answer", err)
	}
}

// A book of many cheap bids against few dear asks favours the bids in shares
// and the asks in dollars: it is mixed, not bid-heavy. A token asked for
// alone is named by its market's question and outcome, and the venue's
// epoch-millisecond book time is given in RFC 3339.
func TestOrderbookImbalanceCheapBidsDearAsks(t *testing.T) {
	d := overlay(t, map[string]string{"clob.polymarket.com/books": "clob_books_cheap_bids.json"})
	token := "66773286493512960930061254302912227709855135315827355767260464904855829104303"
	res, err := registrytest.Run(t, "orderbook_imbalance", map[string]any{"token_id": token}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Data.([]imbalanceRow)
	if len(rows) != 1 {
		t.Fatalf("rows = %+v", rows)
	}
	r := rows[0]
	if r.Imbalance != 0.5789 || r.DollarImbalance != -0.8506 || r.Signal != "mixed" {
		t.Errorf("imbalance %v, dollars %v, signal %q; want 0.5789, -0.8506, mixed", r.Imbalance, r.DollarImbalance, r.Signal)
	}
	if r.Question == nil || *r.Question != "Will the Fed cut rates at the December 2026 meeting?" || r.Outcome == nil || *r.Outcome != "Yes" {
		t.Errorf("question %v, outcome %v", r.Question, r.Outcome)
	}
	if r.BookTime == nil || *r.BookTime != "2026-11-20T14:59:41Z" {
		t.Errorf("book_time = %v, want 2026-11-20T14:59:41Z", r.BookTime)
	}
}

func TestPressure(t *testing.T) {
	for _, c := range []struct {
		shares, dollars float64
		want            string
	}{
		{0.32, 0.29, "bid_heavy"},
		{-0.5, -0.2, "ask_heavy"},
		{0.58, -0.78, "mixed"},
		{-0.3, 0.4, "mixed"},
		{0.25, 0.1, "balanced"},
		{0, 0, "balanced"},
	} {
		if got := pressure(c.shares, c.dollars); got != c.want {
			t.Errorf("pressure(%v, %v) = %q, want %q", c.shares, c.dollars, got, c.want)
		}
	}
}

// A market ten minutes from its end returns 1% if it resolves as priced;
// scaled to a year that is a yield of thousands, which no one can earn. The
// yield is annualised only over a week or more, and the basis says why not.
func TestMarketScanAnnualisesOnlyOverAWeek(t *testing.T) {
	d := overlay(t, map[string]string{"gamma-api.polymarket.com/markets": "gamma_markets_real_format.json"})
	res, err := registrytest.Run(t, "venueA_market_scan", map[string]any{"limit": 10}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	picks := map[string]resolutionPick{}
	for _, p := range res.Data.(marketScan).ResolutionCandidates {
		picks[p.MarketID] = p
	}
	soon, later := picks["702001"], picks["702002"]
	if soon.DaysToEnd == nil || *soon.DaysToEnd != 0.01 || soon.AnnualizedYield != nil ||
		soon.YieldBasis != "not annualised: 0.01 days to the end, under the 7-day minimum horizon" {
		t.Errorf("ten minutes out: days %v, yield %v, basis %q", soon.DaysToEnd, soon.AnnualizedYield, soon.YieldBasis)
	}
	if later.AnnualizedYield == nil || later.YieldBasis != "simple yield over 30.08 days" {
		t.Errorf("a month out: yield %v, basis %q", later.AnnualizedYield, later.YieldBasis)
	}
}

// Gamma leaves oneDayPriceChange out for a market without a day of trades:
// trending_markets and volume_analytics say null, not a change of 0. The
// event slug is the market's event's, from the events it is listed in.
func TestMarketsMissingDayChangeIsNull(t *testing.T) {
	d := overlay(t, map[string]string{"gamma-api.polymarket.com/markets": "gamma_markets_real_format.json"})
	res, err := registrytest.Run(t, "trending_markets", map[string]any{"limit": 5}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Data.([]trendingRow) {
		switch {
		case r.MarketID == "702001" && (r.PriceChange24h != nil || r.EventSlug == nil || *r.EventSlug != "spx-close-nov-20-2026"):
			t.Errorf("no day change: %+v", r)
		case r.MarketID == "702002" && (r.PriceChange24h == nil || *r.PriceChange24h != 0.012 || r.EventSlug == nil || *r.EventSlug != "artemis-ii-launch"):
			t.Errorf("a day change of 0.012: %+v", r)
		}
	}
	res, err = registrytest.Run(t, "volume_analytics", map[string]any{"limit": 5}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Data.([]volumeRow)
	if len(rows) != 2 {
		t.Fatalf("rows = %+v", rows)
	}
	for _, r := range rows {
		if (r.MarketID == "702001") != (r.PriceChange24h == nil) {
			t.Errorf("market %s: 24 h change %v", r.MarketID, r.PriceChange24h)
		}
	}
}

// The book is the answer and its market's names are beside it: a market
// record that cannot be read leaves question and outcome null, not the
// book unsold.
func TestOrderbookImbalanceWithoutTheMarketRecord(t *testing.T) {
	d := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if strings.Contains(req.URL, "clob.polymarket.com/markets/") {
			return nil, upstreams.Errorf("polymarket_clob", upstreams.Unavailable, "connection refused")
		}
		return upstreams.Replay.Do(ctx, req)
	})
	token := "66773286493512960930061254302912227709855135315827355767260464904855829104303"
	res, err := registrytest.Run(t, "orderbook_imbalance", map[string]any{"token_id": token}, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	rows := res.Data.([]imbalanceRow)
	if len(rows) != 1 || rows[0].Question != nil || rows[0].Outcome != nil || rows[0].BestBid == nil {
		t.Errorf("rows = %+v", rows)
	}
}

// A market whose tokens the venue holds no book for is not found, which is
// not charged, rather than a paid empty answer; the error names the tokens.
func TestOrderbookImbalanceOfAMarketWithoutBooksIsNotFound(t *testing.T) {
	d := overlay(t, map[string]string{"clob.polymarket.com/books": "clob_books_none.json"})
	_, err := registrytest.Run(t, "orderbook_imbalance", map[string]any{"condition_id": "0x5f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80"}, d, upstreams.RecordedAt)
	want := "polymarket_clob: venueA holds no order book for market 0x5f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80 " +
		"(tokens 66773286493512960930061254302912227709855135315827355767260464904855829104303, 11364246717605998958823690094096023703100197547890557661378283860436464602644): closed, resolved or never traded"
	if ue, ok := upstreams.AsError(err); !ok || ue.Kind != upstreams.NotFound || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}
