package markets

import (
	"math"
	"testing"

	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %.10f, want %.10f", what, got, want)
	}
}

func TestVenueAFee(t *testing.T) {
	// 0.07 · 0.40 · 0.60 = 0.0168 per share
	near(t, "fee(0.07, 0.40)", venueAFee(0.07, 0.40), 0.0168)
	near(t, "buy(0.07, 0.40)", venueABuy(0.07, 0.40), 0.4168)
	// 0.05 · 0.58 · 0.42 = 0.01218
	near(t, "sell(0.05, 0.58)", venueASell(0.05, 0.58), 0.56782)
	// fee-free markets
	near(t, "fee(0, 0.5)", venueAFee(0, 0.5), 0)
}

func TestFeeRateComesFromTheMarketSchedule(t *testing.T) {
	m := polymarket.Market{FeesEnabled: true, FeeSchedule: &polymarket.FeeSchedule{Rate: 0.03, Exponent: 1}}
	near(t, "enabled", feeRate(m), 0.03)
	m.FeesEnabled = false
	near(t, "disabled", feeRate(m), 0)
	near(t, "no schedule", feeRate(polymarket.Market{FeesEnabled: true}), 0)
}

func TestVenueBFeeRoundsUpToTheCent(t *testing.T) {
	// 0.07 · 1 · 0.5 · 0.5 = 0.0175 → 0.02 for one contract
	near(t, "1 @ 0.50", venueBFee(1, 0.5), 0.02)
	// 0.07 · 100 · 0.5 · 0.5 = 1.75 exactly; binary floating point must not push it to 1.76
	near(t, "100 @ 0.50", venueBFee(100, 0.5), 1.75)
	// 0.07 · 100 · 0.37 · 0.63 = 1.6317 → 1.64, i.e. 0.0164 per contract
	near(t, "100 @ 0.37", venueBFee(100, 0.37), 1.64)
	near(t, "buy 0.37", venueBBuy(0.37), 0.3864)
	// 0.07 · 100 · 0.05 · 0.95 = 0.3325 → 0.34
	near(t, "buy 0.05", venueBBuy(0.05), 0.0534)
}

func TestBundleEdges(t *testing.T) {
	// Long, crypto rate 0.07: asks YES 0.40, NO 0.55.
	// fees 0.07·0.40·0.60 = 0.0168 and 0.07·0.55·0.45 = 0.017325
	// edge = 1 − 0.4168 − 0.567325 = 0.015875
	near(t, "long", bundleLongEdge(0.07, 0.40, 0.55), 0.015875)
	// Short, rate 0.05: bids YES 0.58, NO 0.47.
	// fees 0.05·0.58·0.42 = 0.01218 and 0.05·0.47·0.53 = 0.012455
	// edge = 0.56782 + 0.457545 − 1 = 0.025365
	near(t, "short", bundleShortEdge(0.05, 0.58, 0.47), 0.025365)
	// Mirrored books never show a long edge: NO ask = 1 − YES bid.
	if e := bundleLongEdge(0.05, 0.62, 1-0.61); e >= 0 {
		t.Errorf("mirrored book long edge %v, want negative", e)
	}
}

func TestOutcomeSumEdges(t *testing.T) {
	// Three outcomes at rate 0.05, bids 0.40, 0.57, 0.06: sum 1.03,
	// fees 0.012 + 0.012255 + 0.00282 = 0.027075 → short edge 0.002925.
	legs := []sumLeg{
		legFromBook(feeMarket(0.05, 0.40, 0.41), nil),
		legFromBook(feeMarket(0.05, 0.57, 0.58), nil),
		legFromBook(feeMarket(0.05, 0.06, 0.07), nil),
	}
	long, short, longOK, shortOK := sumEdges(legs)
	if !longOK || !shortOK {
		t.Fatal("every leg is quoted")
	}
	near(t, "short", short, 0.002925)
	// asks 0.41 + 0.58 + 0.07 = 1.06, fees 0.012095 + 0.01218 + 0.003255 = 0.02753
	near(t, "long", long, -0.08753)
	if c := sumCandidates(legs, 0.02); len(c) != 0 {
		t.Errorf("0.0029 is below min_edge 0.02, got %v", c)
	}
	if c := sumCandidates(legs, 0.001); len(c) != 1 || c[0].Side != "short" || c[0].Confidence != "medium" || c[0].MaxSets != nil {
		t.Errorf("want one medium-confidence short candidate without sizes from gamma quotes, got %+v", c)
	}
	legs[0].AskWithFee = nil
	if _, _, longOK, _ := sumEdges(legs); longOK {
		t.Error("a leg without an ask makes the long side unquotable")
	}
}

func TestCrossEdge(t *testing.T) {
	// venueA YES ask 0.58 at rate 0.05: 0.58 + 0.01218 = 0.59218
	// venueB NO ask 0.37: 0.37 + 0.0164 = 0.3864
	// edge = 1 − 0.59218 − 0.3864 = 0.02142
	near(t, "yes A + no B", crossEdge(0.05, 0.58, 0.37), 0.02142)
	// venueA NO ask 1 − 0.06 = 0.94: 0.94 + 0.05·0.94·0.06 = 0.94282
	// venueB YES ask 0.05: 0.0534 → edge 0.00378
	near(t, "no A + yes B", crossEdge(0.05, 0.94, 0.05), 0.00378)
}

func TestLadderEdge(t *testing.T) {
	// "Dip to 70k" bid 0.28 above "dip to 80k" ask 0.23, crypto rate 0.07:
	// 0.28 − (0.23 + 0.07·0.23·0.77) − 0.07·0.28·0.72 = 0.28 − 0.242397 − 0.014112 = 0.023491
	nearer := feeMarket(0.07, 0.22, 0.23)
	further := feeMarket(0.07, 0.28, 0.29)
	edge, ok := ladderEdge(nearer, further)
	if !ok {
		t.Fatal("both quotes present")
	}
	near(t, "ladder", edge, 0.023491)
	down := ladders([]polymarket.Market{
		rungMarket("↓ 70,000"), rungMarket("↓ 80,000"), rungMarket("↑ 120k"), rungMarket("↑ 130,000"), rungMarket("Other"),
	})
	if len(down) != 2 || down[0][0].threshold != 120000 || down[1][0].threshold != 80000 || down[1][1].threshold != 70000 {
		t.Errorf("ladders ordered nearest level first: %+v", down)
	}
}

func TestSimilarity(t *testing.T) {
	a := words("Will the Fed decrease interest rates by 25 bps after the December 2026 meeting?")
	b := words("Fed decision in Dec 2026? Cut 25bps")
	// a: federal reserve decrease interest rates 25 bps december 2026 meeting (10)
	// b: federal reserve decision december 2026 decrease 25 bps (8); 7 shared → 7/11
	near(t, "jaccard", jaccard(a, b), 7.0/11)
	near(t, "same day", dateProximity("2026-12-09T19:00:00Z", "2026-12-09T19:00:00Z"), 1)
	near(t, "15 days", dateProximity("2026-12-01T00:00:00Z", "2026-12-16T00:00:00Z"), 0.5)
	near(t, "60 days", dateProximity("2026-10-01T00:00:00Z", "2026-11-30T00:00:00Z"), 0)
	if w := words("BTC above $120,000 or 130k?"); !w["bitcoin"] || !w["120000"] || !w["130000"] || !w["above"] || w["or"] {
		t.Errorf("words: %v", w)
	}
	got := matchGreedy([]scoredPair{{0, 0, 0.7}, {0, 1, 0.9}, {1, 1, 0.8}, {1, 0, 0.65}, {2, 2, 0.5}}, 0.62)
	if len(got) != 2 || got[0] != (scoredPair{0, 1, 0.9}) || got[1] != (scoredPair{1, 0, 0.65}) {
		t.Errorf("greedy one-to-one: %v", got)
	}
}

func TestBundleConfidence(t *testing.T) {
	// $2,910 at the quotes (full depth 0.5), spreads 0.02 (0.3·0.8), 41 days left (0.2)
	near(t, "deep", bundleConfidence(2910, 0.02, 41, true), 0.94)
	// $38.80 (0.5·0.0388), spreads 0.02, dated: 0.0194 + 0.24 + 0.2 = 0.4594 → 0.46
	near(t, "thin", bundleConfidence(38.8, 0.02, 41, true), 0.46)
	near(t, "expired", bundleConfidence(2000, 0.2, -1, true), 0.5)
}

func feeMarket(rate float64, bid, ask polymarket.Num) polymarket.Market {
	return polymarket.Market{FeesEnabled: true, FeeSchedule: &polymarket.FeeSchedule{Rate: polymarket.Num(rate)},
		BestBid: bid, BestAsk: ask, Active: true}
}

func rungMarket(title string) polymarket.Market {
	return polymarket.Market{GroupItemTitle: title, Active: true}
}
