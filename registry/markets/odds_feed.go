package markets

import (
	"context"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/kalshi"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	registry.Register(&registry.Tool{
		Name: "odds_feed", Path: "/paid/odds/feed", Price: "0.02", Category: "Prediction Markets",
		Description: "Normalized odds from the most traded open markets of venueA, venueB or both: YES/NO prices as " +
			"probabilities, bid, ask, spread, 24h volume and liquidity, in one shape for both venues.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Str("platform").OneOf("venueA", "venueB", "both").WithDefault("both"),
		},
		Example: map[string]any{"limit": 10, "platform": "both"},
		Expected: "Envelope: data is an array of {venue, id, title, yes, no, bid, ask, spread, volume_24h, liquidity, " +
			"close_time}; yes is the bid/ask midpoint (else the last price), liquidity is venueA's USD liquidity or " +
			"venueB's open interest in contracts; with both, each venue gives half of limit, by 24h volume.",
		Shape:   registry.Envelope,
		Sources: []string{polymarket.Gamma.Name, kalshi.Source.Name},
		Handler: oddsFeed,
	})
}

type oddsRow struct {
	Venue     string   `json:"venue"`
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Yes       *float64 `json:"yes"`
	No        *float64 `json:"no"`
	Bid       *float64 `json:"bid"`
	Ask       *float64 `json:"ask"`
	Spread    *float64 `json:"spread"`
	Volume24h float64  `json:"volume_24h"`
	Liquidity float64  `json:"liquidity"`
	CloseTime string   `json:"close_time"`
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
		Volume24h: round2(float64(m.Volume24hr)), Liquidity: round2(float64(m.LiquidityNum)), CloseTime: m.EndDate}
	yes := 0.0
	switch {
	case bid > 0 && ask > 0:
		yes = (bid + ask) / 2
		row.Spread = ptr(round4(ask - bid))
	case len(m.OutcomePrices) > 0:
		yes = m.OutcomePrices[0]
	}
	if yes > 0 {
		row.Yes, row.No = ptr(round4(yes)), ptr(round4(1-yes))
	}
	return row
}

func venueBOdds(m kalshi.Market) oddsRow {
	row := oddsRow{Venue: "venueB", ID: m.Ticker, Title: m.Title, Bid: price(m.YesBid), Ask: price(m.YesAsk),
		Volume24h: m.Volume24h, Liquidity: m.OpenInterest, CloseTime: m.CloseTime}
	if m.YesSubTitle != "" {
		row.Title += " " + m.YesSubTitle
	}
	yes := m.LastPrice
	if m.YesBid > 0 && m.YesAsk > 0 {
		yes = (m.YesBid + m.YesAsk) / 2
		row.Spread = ptr(round4(m.YesAsk - m.YesBid))
	}
	if yes > 0 {
		row.Yes, row.No = ptr(round4(yes)), ptr(round4(1-yes))
	}
	return row
}
