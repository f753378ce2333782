package markets

import (
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// The fixtures derived from Gamma's recorded ones with a volume or
// liquidity removed (polymarket_gamma.provenance.json says which):
// first-page market lists (page 2 is as recorded), closed markets and the
// Ethiopia event.
const (
	unreportedMarkets = "gamma_markets_page1_volume_unreported.json"
	unreportedClosed  = "gamma_markets_closed_volume_unreported.json"
	unreportedEvent   = "gamma_event_ethiopia_liquidity_unreported.json"
)

// derived answers requests whose URL contains a key with that derived Gamma
// fixture, and every other request from the recorded ones.
func derived(t *testing.T, files map[string]string) upstreams.Doer {
	t.Helper()
	bodies := map[string][]byte{}
	for key, file := range files {
		b, err := fs.ReadFile(polymarket.Gamma.Recorded, "testdata/"+file)
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

// A first page of markets (its URL begins with the order; a later page's
// with after_cursor).
const firstPage = "gamma-api.polymarket.com/markets/keyset?ascending="

// run calls tool on the recorded fixtures and on the derived ones.
func run(t *testing.T, tool string, args map[string]any, d upstreams.Doer) (recorded, unreported *registry.Result) {
	t.Helper()
	recorded, err := registrytest.Run(t, tool, args, upstreams.Replay, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	unreported, err = registrytest.Run(t, tool, args, d, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	return recorded, unreported
}

// nulls asserts that v's JSON holds each member as null, not left out.
func nulls(t *testing.T, what string, v any, members ...string) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range members {
		if !strings.Contains(string(b), `"`+m+`":null`) {
			t.Errorf("%s: %s is not null in %s", what, m, b)
		}
	}
}

// trending_markets: an unreported 24h volume and liquidity are null, the
// market comes after every reported volume, and the rest are unchanged.
func TestTrendingMarketsVolumeUnreported(t *testing.T) {
	args := map[string]any{"limit": 10}
	rec, got := run(t, "trending_markets", args, derived(t, map[string]string{firstPage: unreportedMarkets}))
	want := map[string]trendingRow{}
	var order []string
	for _, r := range rec.Data.([]trendingRow) {
		want[r.MarketID] = r
		if r.MarketID != "601002" {
			order = append(order, r.MarketID)
		}
	}
	order = append(order, "601002")
	rows := got.Data.([]trendingRow)
	if len(rows) != len(order) {
		t.Fatalf("%d rows, want %d", len(rows), len(order))
	}
	for i, r := range rows {
		w := want[r.MarketID]
		w.Rank = i + 1
		switch r.MarketID {
		case "601002":
			w.Volume24h, w.Liquidity = nil, nil
			nulls(t, r.MarketID, r, "volume_24h", "liquidity")
		case "601008":
			w.Liquidity = nil
		}
		if r.MarketID != order[i] || !reflect.DeepEqual(r, w) {
			t.Errorf("row %d = %+v\nwant %s: %+v", i+1, r, order[i], w)
		}
	}
	if r := rows[0]; *r.Volume24h != 1250000 || *r.Liquidity != 320000 {
		t.Errorf("601001: volume %v, liquidity %v", *r.Volume24h, *r.Liquidity)
	}
}

// volume_analytics: an unreported total falls short of min_volume above 0
// and passes at 0 as null; an unreported 24h or 7d volume leaves momentum
// null with trend "volume not reported", and the market after the reported
// 24h volumes.
func TestVolumeAnalyticsVolumeUnreported(t *testing.T) {
	d := derived(t, map[string]string{firstPage: unreportedMarkets})
	for _, minVolume := range []float64{1000, 0} {
		rec, got := run(t, "volume_analytics", map[string]any{"limit": 12, "min_volume": minVolume}, d)
		want := map[string]volumeRow{}
		var order []string
		for _, r := range rec.Data.([]volumeRow) {
			want[r.MarketID] = r
			if r.MarketID != "601002" && (r.MarketID != "601005" || minVolume == 0) {
				order = append(order, r.MarketID)
			}
		}
		order = append(order, "601002")
		rows := got.Data.([]volumeRow)
		if len(rows) != len(order) {
			t.Fatalf("min_volume %v: %d rows, want %d", minVolume, len(rows), len(order))
		}
		for i, r := range rows {
			w := want[r.MarketID]
			switch r.MarketID {
			case "601002":
				w.Volume24h, w.Liquidity, w.Momentum, w.Trend = nil, nil, nil, "volume not reported"
				nulls(t, r.MarketID, r, "volume_24h", "liquidity", "momentum")
				if *r.VolumeTotal != 9800000 || *r.Volume7d != 5600000 {
					t.Errorf("601002: total %v, 7d %v", *r.VolumeTotal, *r.Volume7d)
				}
			case "601005":
				w.VolumeTotal = nil
				nulls(t, r.MarketID, r, "volume_total")
			case "601006":
				w.Volume7d, w.Momentum, w.Trend = nil, nil, "volume not reported"
				nulls(t, r.MarketID, r, "volume_7d", "momentum")
				if *r.Volume24h != 24500 {
					t.Errorf("601006: 24h volume %v", *r.Volume24h)
				}
			case "601008":
				w.Liquidity = nil
			}
			if r.MarketID != order[i] || !reflect.DeepEqual(r, w) {
				t.Errorf("min_volume %v: row %d = %+v\nwant %s: %+v", minVolume, i+1, r, order[i], w)
			}
		}
	}
}

// odds_feed: venueA's unreported volume and liquidity are null and that
// market comes after venueA's reported volumes; venueB is as recorded.
func TestOddsFeedVolumeUnreported(t *testing.T) {
	rec, got := run(t, "odds_feed", map[string]any{"limit": 10}, derived(t, map[string]string{firstPage: unreportedMarkets}))
	var wantA, wantB []oddsRow
	var last oddsRow
	for _, r := range rec.Data.([]oddsRow) {
		switch {
		case r.ID == "bitcoin-above-120k-dec-31-2026":
			last = r
			last.Volume24hUSD, last.LiquidityUSD = nil, nil
		case r.Venue == "venueA":
			wantA = append(wantA, r)
		default:
			wantB = append(wantB, r)
		}
	}
	want := append(append(wantA, last), wantB...)
	rows := got.Data.([]oddsRow)
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %+v\nwant %+v", rows, want)
	}
	nulls(t, last.ID, rows[len(wantA)], "volume_24h_usd", "liquidity_usd")
	if last.ID == "" || *rows[0].Volume24hUSD != 1250000 || *rows[0].LiquidityUSD != 320000 {
		t.Errorf("first row %+v", rows[0])
	}
}

// rebalance_arb_scan: a market of unreported liquidity is counted and left
// out under min_liquidity above 0; at 0 it is scanned, its liquidity null.
func TestRebalanceArbScanLiquidityUnreported(t *testing.T) {
	d := derived(t, map[string]string{firstPage: unreportedMarkets})
	rec, got := run(t, "rebalance_arb_scan", map[string]any{"limit": 100}, d)
	want := rec.Data.(rebalanceScan)
	want.MarketsLiquid, want.MarketsWithBooks, want.LiquidityUnknown = 7, 7, 2
	want.Opportunities = slicesDelete(want.Opportunities, "601002")
	if scan := got.Data.(rebalanceScan); !reflect.DeepEqual(scan, want) {
		t.Errorf("min_liquidity 1000: %+v\nwant %+v", scan, want)
	}
	rec, got = run(t, "rebalance_arb_scan", map[string]any{"limit": 100, "min_liquidity": 0}, d)
	want = rec.Data.(rebalanceScan)
	want.LiquidityUnknown = 2
	for i, o := range want.Opportunities {
		if o.MarketID == "601002" || o.MarketID == "601008" {
			want.Opportunities[i].Liquidity = nil
		}
	}
	scan := got.Data.(rebalanceScan)
	if !reflect.DeepEqual(scan, want) || !slicesHas(scan.Opportunities, "601002") {
		t.Errorf("min_liquidity 0: %+v\nwant %+v", scan, want)
	}
	for _, o := range scan.Opportunities {
		if o.MarketID == "601002" {
			nulls(t, o.MarketID, o, "liquidity")
		}
	}
}

// venueA_market_scan: a candidate's and a violation's unreported liquidity
// is null; nothing else changes.
func TestVenueAMarketScanLiquidityUnreported(t *testing.T) {
	rec, got := run(t, "venueA_market_scan", map[string]any{"limit": 50}, derived(t, map[string]string{firstPage: unreportedMarkets}))
	want := rec.Data.(marketScan)
	seen := 0
	for i, p := range want.ResolutionCandidates {
		if p.MarketID == "601008" {
			want.ResolutionCandidates[i].Liquidity = nil
			seen++
		}
	}
	for i, v := range want.BundleViolations {
		if v.MarketID == "601008" {
			want.BundleViolations[i].Liquidity = nil
			seen++
		}
	}
	scan := got.Data.(marketScan)
	if seen != 2 || !reflect.DeepEqual(scan, want) {
		t.Errorf("scan = %+v\nwant %+v", scan, want)
	}
	nulls(t, "601008", scan, "liquidity")
}

// resolution_history: an unreported volume is null, not 0.
func TestResolutionHistoryVolumeUnreported(t *testing.T) {
	rec, got := run(t, "resolution_history", map[string]any{"days_back": 7, "limit": 10}, derived(t, map[string]string{firstPage: unreportedClosed}))
	want := rec.Data.([]resolvedRow)
	seen := false
	for i, r := range want {
		if r.MarketID == "602002" {
			want[i].Volume, seen = nil, true
		}
	}
	rows := got.Data.([]resolvedRow)
	if !seen || !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %+v\nwant %+v", rows, want)
	}
	nulls(t, "602002", rows, "volume")
	if *rows[0].Volume != 2340000 {
		t.Errorf("602001: volume %v", *rows[0].Volume)
	}
}

// venueA_event_scan: the event's unreported volume and liquidity are null;
// a leg of unreported liquidity is null and blocks the trade under
// min_liquidity above 0, saying why, and at 0 does not.
func TestVenueAEventScanLiquidityUnreported(t *testing.T) {
	d := derived(t, map[string]string{"events/slug/next-prime-minister-of-ethiopia": unreportedEvent})
	for _, minLiquidity := range []float64{1000, 0} {
		args := map[string]any{"slug": "next-prime-minister-of-ethiopia", "min_liquidity": minLiquidity}
		rec, got := run(t, "venueA_event_scan", args, d)
		want := rec.Data.(eventScan)
		want.Event.Volume24h, want.Event.Liquidity = nil, nil
		want.Legs[1].Liquidity = nil
		if minLiquidity > 0 {
			want.Blocked = []string{"leg 2063135 (Gedion Timothewos) has liquidity the venue does not report, so min_liquidity 1000.00 is not shown to be met"}
			want.Candidates = []sumCandidate{}
		}
		scan := got.Data.(eventScan)
		if !reflect.DeepEqual(scan, want) {
			t.Errorf("min_liquidity %v: %+v\nwant %+v", minLiquidity, scan, want)
		}
		nulls(t, "event", scan.Event, "volume_24h", "liquidity")
		nulls(t, "leg 2063135", scan.Legs[1], "liquidity")
		if *scan.Legs[0].Liquidity != 45000 || len(rec.Data.(eventScan).Candidates) == 0 {
			t.Errorf("leg 2063131 liquidity %v, recorded candidates %v", *scan.Legs[0].Liquidity, rec.Data.(eventScan).Candidates)
		}
	}
}

func slicesDelete(v []bundleViolation, id string) []bundleViolation {
	out := []bundleViolation{}
	for _, x := range v {
		if x.MarketID != id {
			out = append(out, x)
		}
	}
	return out
}

func slicesHas(v []bundleViolation, id string) bool {
	for _, x := range v {
		if x.MarketID == id {
			return true
		}
	}
	return false
}
