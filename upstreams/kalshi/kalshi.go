package kalshi

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/coinslot/coinslot/upstreams"
)

// Market is a Kalshi market. Prices are dollars (0 means no order on that
// side); counts are contracts.
type Market struct {
	Ticker        string
	EventTicker   string
	Title         string
	YesSubTitle   string
	Status        string
	CloseTime     string
	YesBid        float64
	YesAsk        float64
	NoBid         float64
	NoAsk         float64
	LastPrice     float64
	PreviousPrice float64 // last price a day ago
	Volume        float64
	Volume24h     float64
	OpenInterest  float64
	Result        string
}

// wireMarket holds both eras of field names.
type wireMarket struct {
	Ticker               string   `json:"ticker,required"`
	EventTicker          string   `json:"event_ticker"`
	Title                string   `json:"title"`
	YesSubTitle          string   `json:"yes_sub_title"`
	Status               string   `json:"status"`
	CloseTime            string   `json:"close_time"`
	Result               string   `json:"result"`
	YesBidDollars        *string  `json:"yes_bid_dollars"`
	YesAskDollars        *string  `json:"yes_ask_dollars"`
	NoBidDollars         *string  `json:"no_bid_dollars"`
	NoAskDollars         *string  `json:"no_ask_dollars"`
	LastPriceDollars     *string  `json:"last_price_dollars"`
	PreviousPriceDollars *string  `json:"previous_price_dollars"`
	VolumeFP             *string  `json:"volume_fp"`
	Volume24hFP          *string  `json:"volume_24h_fp"`
	OpenInterestFP       *string  `json:"open_interest_fp"`
	YesBidCents          *float64 `json:"yes_bid"`
	YesAskCents          *float64 `json:"yes_ask"`
	NoBidCents           *float64 `json:"no_bid"`
	NoAskCents           *float64 `json:"no_ask"`
	LastPriceCents       *float64 `json:"last_price"`
	PreviousPriceCents   *float64 `json:"previous_price"`
	LegacyVolume         *float64 `json:"volume"`
	LegacyVolume24h      *float64 `json:"volume_24h"`
	LegacyOpenInterest   *float64 `json:"open_interest"`
}

func (m *Market) UnmarshalJSON(b []byte) error {
	var w wireMarket
	if err := upstreams.DecodeJSON(Source.Name, b, &w); err != nil {
		return err
	}
	*m = Market{
		Ticker: w.Ticker, EventTicker: w.EventTicker, Title: w.Title, YesSubTitle: w.YesSubTitle,
		Status: w.Status, CloseTime: w.CloseTime, Result: w.Result,
		YesBid:        either(w.YesBidDollars, w.YesBidCents, 100),
		YesAsk:        either(w.YesAskDollars, w.YesAskCents, 100),
		NoBid:         either(w.NoBidDollars, w.NoBidCents, 100),
		NoAsk:         either(w.NoAskDollars, w.NoAskCents, 100),
		LastPrice:     either(w.LastPriceDollars, w.LastPriceCents, 100),
		PreviousPrice: either(w.PreviousPriceDollars, w.PreviousPriceCents, 100),
		Volume:        either(w.VolumeFP, w.LegacyVolume, 1),
		Volume24h:     either(w.Volume24hFP, w.LegacyVolume24h, 1),
		OpenInterest:  either(w.OpenInterestFP, w.LegacyOpenInterest, 1),
	}
	return nil
}

// either prefers the fixed-point string and falls back to the legacy number
// divided by scale (cents → dollars).
func either(fixed *string, legacy *float64, scale float64) float64 {
	if fixed != nil {
		if f, err := strconv.ParseFloat(strings.TrimSpace(*fixed), 64); err == nil {
			return f
		}
	}
	if legacy != nil {
		return *legacy / scale
	}
	return 0
}

// Event is a Kalshi event with its nested markets.
type Event struct {
	EventTicker       string   `json:"event_ticker,required"`
	SeriesTicker      string   `json:"series_ticker"`
	Title             string   `json:"title"`
	SubTitle          string   `json:"sub_title"`
	MutuallyExclusive bool     `json:"mutually_exclusive"`
	StrikeDate        string   `json:"strike_date"`
	Markets           []Market `json:"markets"`
}

// MarketPage is one page of /markets; Cursor is empty on the last page.
type MarketPage struct {
	Markets []Market `json:"markets,required"`
	Cursor  string   `json:"cursor"`
}

// EventPage is one page of /events.
type EventPage struct {
	Events []Event `json:"events,required"`
	Cursor string  `json:"cursor"`
}

// OpenMarkets asks for open markets, without multivariate combos, optionally
// of one event.
func OpenMarkets(limit int, eventTicker, cursor string) *upstreams.Request {
	v := url.Values{}
	v.Set("status", "open")
	v.Set("mve_filter", "exclude")
	v.Set("limit", strconv.Itoa(limit))
	if eventTicker != "" {
		v.Set("event_ticker", eventTicker)
	}
	if cursor != "" {
		v.Set("cursor", cursor)
	}
	return get("/markets", v)
}

// OpenEvents asks for one page of open events with their markets nested.
func OpenEvents(cursor string) *upstreams.Request {
	v := url.Values{}
	v.Set("status", "open")
	v.Set("with_nested_markets", "true")
	v.Set("limit", "200")
	if cursor != "" {
		v.Set("cursor", cursor)
	}
	return get("/events", v)
}

func get(path string, v url.Values) *upstreams.Request {
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path + "?" + v.Encode()}
}

// DecodeMarketPage decodes /markets.
func DecodeMarketPage(body []byte) (MarketPage, error) { return decode[MarketPage](body) }

// DecodeEventPage decodes /events.
func DecodeEventPage(body []byte) (EventPage, error) { return decode[EventPage](body) }

func decode[T any](body []byte) (T, error) {
	var v T
	err := upstreams.DecodeJSON(Source.Name, body, &v)
	return v, err
}
