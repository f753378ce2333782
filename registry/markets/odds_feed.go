package markets

import (
	"context"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/kalshi"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "odds_feed", Path: "/paid/odds/feed", Price: "0.02",
		Description: "Normalized odds from the most traded open markets of Polymarket (venueA), Kalshi (venueB) or both: YES/NO prices as " +
			"probabilities, bid, ask, spread, 24h volume and liquidity, in one shape for both venues.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Str("platform").OneOf("venueA", "venueB", "both").WithDefault("both"),
		},
		Example:  map[string]any{"limit": 10, "platform": "both"},
		Synonyms: []string{"betting odds", "implied probability", "prediction market prices", "election odds", "bookmaker lines"},
		Expected: "Envelope whose data is an array of markets from both venues with yes/no prices (yes is the bid/ask midpoint, else the last price), volume and liquidity in each venue's own unit, by 24h volume; close_time is the venue's own and a market near or past it is listed until the venue closes it, a book with no orders has null bid, ask and spread, yes is null when the venue gives neither a quote nor a display or last price, and volume_24h_usd and liquidity_usd are null when venueA does not report them (unknown, not 0), such a market after venueA's reported volumes.",
		Shape:    registry.Envelope,
		Result:   []oddsRow(nil),
		Sources:  []string{polymarket.Gamma.Name, kalshi.Source.Name},
		Handler:  oddsFeed,
		// Each venue gives at most its share of the limit; one with fewer open markets answers fewer.
		Metered: registry.PerItem("limit"),
	})
}

type oddsRow struct {
	Venue  string   `json:"venue"`
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	Yes    *float64 `json:"yes"`
	No     *float64 `json:"no"`
	Bid    *float64 `json:"bid"`
	Ask    *float64 `json:"ask"`
	Spread *float64 `json:"spread"`
	// The venues count in different units, so each has its own fields:
	// venueA reports USD, venueB contracts (each pays $1 if it wins).
	Volume24hUSD          *float64 `json:"volume_24h_usd"`
	Volume24hContracts    *float64 `json:"volume_24h_contracts"`
	LiquidityUSD          *float64 `json:"liquidity_usd"`
	OpenInterestContracts *float64 `json:"open_interest_contracts"`
	CloseTime             string   `json:"close_time"`
}

func oddsFeed(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	limit, platform := c.Args.Int("limit"), c.Args.String("platform")
	perVenue := limit
	if platform == "both" {
		perVenue = (limit + 1) / 2
	}
	rows := []oddsRow{}
	if platform != "venueB" {
		ms, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "volume24hr"}, perVenue)
		if err != nil {
			return nil, err
		}
		sort.SliceStable(ms, func(i, j int) bool { return greater(ms[i].Volume24hr, ms[j].Volume24hr) })
		for _, m := range ms {
			rows = append(rows, venueAOdds(m))
		}
	}
	if platform != "venueA" {
		page, err := upstreams.Fetch(ctx, s.Session, kalshi.OpenMarkets(perVenue, "", ""), kalshi.DecodeMarketPage)
		if err != nil {
			return nil, err
		}
		ms := page.Markets
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].Volume24h > ms[j].Volume24h })
		for _, m := range ms[:min(len(ms), perVenue)] {
			rows = append(rows, venueBOdds(m))
		}
	}
	return s.result(rows, len(rows)), nil
}

func venueAOdds(m polymarket.Market) oddsRow {
	bid, ask := float64(m.BestBid), float64(m.BestAsk)
	row := oddsRow{Venue: "venueA", ID: m.Slug, Title: m.Question, Bid: price(bid), Ask: price(ask),
		Volume24hUSD: amount(m.Volume24hr), LiquidityUSD: amount(m.LiquidityNum), CloseTime: m.EndDate}
	yes := 0.0
	switch {
	case bid > 0 && ask > 0:
		yes = (bid + ask) / 2
		row.Spread = ptr(tidy.Round(ask-bid, 4))
	case len(m.OutcomePrices) > 0:
		yes = m.OutcomePrices[0]
	}
	if yes > 0 {
		row.Yes, row.No = ptr(tidy.Round(yes, 4)), ptr(tidy.Round(1-yes, 4))
	}
	return row
}

func venueBOdds(m kalshi.Market) oddsRow {
	row := oddsRow{Venue: "venueB", ID: m.Ticker, Title: m.Title, Bid: price(m.YesBid), Ask: price(m.YesAsk),
		Volume24hContracts: ptr(m.Volume24h), OpenInterestContracts: ptr(m.OpenInterest), CloseTime: m.CloseTime}
	if m.YesSubTitle != "" {
		row.Title += " " + m.YesSubTitle
	}
	yes := m.LastPrice
	if m.YesBid > 0 && m.YesAsk > 0 {
		yes = (m.YesBid + m.YesAsk) / 2
		row.Spread = ptr(tidy.Round(m.YesAsk-m.YesBid, 4))
	}
	if yes > 0 {
		row.Yes, row.No = ptr(tidy.Round(yes, 4)), ptr(tidy.Round(1-yes, 4))
	}
	return row
}
