package markets

import (
	"cmp"
	"context"
	"fmt"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "trending_markets", Path: "/paid/venueA/trending", Price: "0.02",
		Description: "Top open Polymarket markets by 24h volume, optionally in one category, with prices, best bid/ask, liquidity, 24h price change and end dates.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(20),
			registry.Str("category").Len(1, 60).Describe("category tag slug, e.g. politics, crypto, sports"),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"hot markets", "popular bets", "most active", "top volume", "prediction markets today", "what people are betting on"},
		Expected: "Envelope whose data is an array of markets with prices, spread, liquidity and 24h change (null when the venue sends none), by 24h volume; end_date is the venue's and a market near or past it stays listed until the venue closes it, liquidity 0 means no resting orders, volume_24h and liquidity are null when the venue does not report them (unknown, not 0) and such a market comes after every reported volume, and a price the venue leaves out is null, never 0.",
		Shape:    registry.Envelope,
		Result:   []trendingRow(nil),
		Sources:  []string{polymarket.Gamma.Name},
		Handler:  trendingMarkets,
		// A category, like the venue itself, may hold fewer open markets than asked.
		Metered: registry.PerItem("limit"),
	})
}

type trendingRow struct {
	Rank           int      `json:"rank"`
	MarketID       string   `json:"market_id"`
	Question       string   `json:"question"`
	Slug           string   `json:"slug"`
	EventSlug      *string  `json:"event_slug"` // null for a market listed in no event
	YesPrice       *float64 `json:"yes_price"`
	NoPrice        *float64 `json:"no_price"`
	BestBid        *float64 `json:"best_bid"`
	BestAsk        *float64 `json:"best_ask"`
	Volume24h      *float64 `json:"volume_24h"`       // null when the venue does not report it
	Liquidity      *float64 `json:"liquidity"`        // null when the venue does not report it
	PriceChange24h *float64 `json:"price_change_24h"` // null when the venue sends none
	EndDate        string   `json:"end_date"`
}

func trendingMarkets(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	q := polymarket.MarketQuery{Order: "volume24hr"}
	if slug := c.Args.String("category"); slug != "" {
		tag, err := upstreams.Fetch(ctx, s.Session, polymarket.TagBySlug(slug), polymarket.DecodeTag)
		if err != nil {
			return nil, upstreams.Missing(err, fmt.Sprintf("no venueA category %q", slug))
		}
		q.TagID = string(tag.ID)
	}
	ms, err := marketsUpTo(ctx, s, q, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	sort.SliceStable(ms, func(i, j int) bool { return greater(ms[i].Volume24hr, ms[j].Volume24hr) })
	rows := make([]trendingRow, len(ms))
	for i, m := range ms {
		rows[i] = trendingRow{
			Rank: i + 1, MarketID: string(m.ID), Question: m.Question, Slug: m.Slug, EventSlug: eventSlug(m),
			BestBid: price(float64(m.BestBid)), BestAsk: price(float64(m.BestAsk)),
			Volume24h: amount(m.Volume24hr), Liquidity: amount(m.LiquidityNum),
			PriceChange24h: change(m.OneDayPriceChange), EndDate: m.EndDate,
		}
		if len(m.OutcomePrices) == 2 {
			rows[i].YesPrice, rows[i].NoPrice = ptr(tidy.Round(m.OutcomePrices[0], 4)), ptr(tidy.Round(m.OutcomePrices[1], 4))
		}
	}
	return s.result(rows, len(rows)), nil
}

// eventSlug is the slug of the event a market is listed in; Gamma's events
// carry it as slug and again as ticker.
func eventSlug(m polymarket.Market) *string {
	for _, e := range m.Events {
		if s := cmp.Or(e.Slug, e.Ticker); s != "" {
			return &s
		}
	}
	return nil
}
