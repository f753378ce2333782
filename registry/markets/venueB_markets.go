package markets

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/kalshi"
)

func init() {
	family.Register(&registry.Tool{
		Name: "venueB_markets", Path: "/paid/venueB/markets", Price: "0.02",
		Description: "Open Kalshi markets, optionally of one event ticker: YES/NO bid and ask, spread, last price and " +
			"its 24h change, volume, open interest, close time and the taker fee per contract at the ask.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Str("category").Len(1, 80).Describe("event ticker filter, e.g. KXFEDDECISION-26DEC"),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"cftc regulated exchange", "event contracts", "kalshi tickers", "kalshi odds", "us prediction exchange"},
		Expected: "Envelope whose data is an array of venueB markets with bids and asks in dollars (null when a side has no order), volume, open interest and the taker fee at the ask; close_time is the venue's and a market near it is listed until it closes, a side with no order (liquidity 0) has null prices, spread and fee, and a 24h change the venue cannot give is null.",
		Shape:    registry.Envelope,
		Result:   []venueBRow(nil),
		Sources:  []string{kalshi.Source.Name},
		Handler:  venueBMarkets,
		// An event ticker may hold fewer open markets than asked.
		Metered: registry.PerItem("limit"),
	})
}

// venueBQuote is a venueB market's quote in dollars, a side with no order null.
type venueBQuote struct {
	Ticker      string   `json:"ticker"`
	Title       string   `json:"title"`
	YesSubTitle string   `json:"yes_sub_title"`
	YesBid      *float64 `json:"yes_bid"`
	YesAsk      *float64 `json:"yes_ask"`
	NoBid       *float64 `json:"no_bid"`
	NoAsk       *float64 `json:"no_ask"`
	CloseTime   string   `json:"close_time"`
}

func quoteOf(m kalshi.Market, title string) venueBQuote {
	return venueBQuote{Ticker: m.Ticker, Title: title, YesSubTitle: m.YesSubTitle, YesBid: price(m.YesBid),
		YesAsk: price(m.YesAsk), NoBid: price(m.NoBid), NoAsk: price(m.NoAsk), CloseTime: m.CloseTime}
}

type venueBRow struct {
	venueBQuote
	EventTicker   string   `json:"event_ticker"`
	Spread        *float64 `json:"spread"`
	LastPrice     *float64 `json:"last_price"`
	Change24h     *float64 `json:"change_24h"`
	Volume        float64  `json:"volume"`
	Volume24h     float64  `json:"volume_24h"`
	OpenInterest  float64  `json:"open_interest"`
	TakerFeeAtAsk *float64 `json:"taker_fee_at_ask"` // per contract, 100-contract order
}

func venueBMarkets(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	limit := c.Args.Int("limit")
	page, err := upstreams.Fetch(ctx, s.Session, kalshi.OpenMarkets(limit, c.Args.String("category"), ""), kalshi.DecodeMarketPage)
	if err != nil {
		return nil, err
	}
	ms := page.Markets[:min(len(page.Markets), limit)]
	rows := make([]venueBRow, len(ms))
	for i, m := range ms {
		rows[i] = venueBRow{venueBQuote: quoteOf(m, m.Title), EventTicker: m.EventTicker,
			LastPrice: price(m.LastPrice), Volume: m.Volume, Volume24h: m.Volume24h, OpenInterest: m.OpenInterest}
		if m.YesBid > 0 && m.YesAsk > 0 {
			rows[i].Spread = ptr(tidy.Round(m.YesAsk-m.YesBid, 4))
		}
		if m.LastPrice > 0 && m.PreviousPrice > 0 {
			rows[i].Change24h = ptr(tidy.Round(m.LastPrice-m.PreviousPrice, 4))
		}
		if m.YesAsk > 0 && m.YesAsk < 1 {
			rows[i].TakerFeeAtAsk = ptr(tidy.Round(venueBFee(kalshiLot, m.YesAsk)/kalshiLot, 4))
		}
	}
	return s.result(rows, len(rows)), nil
}
