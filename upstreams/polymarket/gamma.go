package polymarket

import (
	"net/url"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Market is a Gamma market. Prices of Bid/Ask/LastTradePrice are for outcome
// index 0 (YES) and are 0 when the book side is empty; volumes and liquidity
// are unknown (Opt) when Gamma leaves them out.
type Market struct {
	ID                  Text         `json:"id,required"`
	Question            string       `json:"question"`
	Slug                string       `json:"slug"`
	ConditionID         string       `json:"conditionId,required"`
	Outcomes            Strings      `json:"outcomes"`
	OutcomePrices       Nums         `json:"outcomePrices"`
	ClobTokenIDs        Strings      `json:"clobTokenIds"`
	GroupItemTitle      string       `json:"groupItemTitle"`
	GroupItemThreshold  Text         `json:"groupItemThreshold"`
	Active              bool         `json:"active"`
	Closed              bool         `json:"closed"`
	AcceptingOrders     bool         `json:"acceptingOrders"`
	EndDate             string       `json:"endDate"`
	ClosedTime          string       `json:"closedTime"`
	UmaResolutionStatus string       `json:"umaResolutionStatus"`
	LiquidityNum        Opt          `json:"liquidityNum"`
	VolumeNum           Opt          `json:"volumeNum"`
	Volume24hr          Opt          `json:"volume24hr"`
	Volume1wk           Opt          `json:"volume1wk"`
	BestBid             Num          `json:"bestBid"`
	BestAsk             Num          `json:"bestAsk"`
	Spread              Num          `json:"spread"`
	LastTradePrice      Num          `json:"lastTradePrice"`
	OneDayPriceChange   *Num         `json:"oneDayPriceChange"` // nil when Gamma leaves it out
	NegRisk             bool         `json:"negRisk"`
	NegRiskOther        bool         `json:"negRiskOther"`
	FeesEnabled         bool         `json:"feesEnabled"`
	FeeType             string       `json:"feeType"`
	FeeSchedule         *FeeSchedule `json:"feeSchedule"`
	Events              []EventRef   `json:"events"`
}

// FeeSchedule is a market's taker fee parameters.
type FeeSchedule struct {
	Rate       Num  `json:"rate"`
	Exponent   Num  `json:"exponent"`
	TakerOnly  bool `json:"takerOnly"`
	RebateRate Num  `json:"rebateRate"`
}

// EventRef is the short event record nested in a market.
type EventRef struct {
	ID     Text   `json:"id"`
	Slug   string `json:"slug"`
	Ticker string `json:"ticker"` // the slug again, on the events a market lists
	Title  string `json:"title"`
}

// Event is a Gamma event with its markets.
type Event struct {
	ID               Text     `json:"id,required"`
	Slug             string   `json:"slug,required"`
	Title            string   `json:"title"`
	Active           bool     `json:"active"`
	Closed           bool     `json:"closed"`
	NegRisk          bool     `json:"negRisk"`
	NegRiskAugmented bool     `json:"negRiskAugmented"`
	Volume           Opt      `json:"volume"`
	Volume24hr       Opt      `json:"volume24hr"`
	Liquidity        Opt      `json:"liquidity"`
	EndDate          string   `json:"endDate"`
	Tags             []Tag    `json:"tags"`
	Markets          []Market `json:"markets"`
}

// Tag is a Gamma category tag.
type Tag struct {
	ID    Text   `json:"id,required"`
	Label string `json:"label"`
	Slug  string `json:"slug,required"`
}

// MarketPage is one page of /markets/keyset; NextCursor is empty on the last page.
type MarketPage struct {
	Markets    []Market `json:"markets,required"`
	NextCursor string   `json:"next_cursor"`
}

// EventPage is one page of /events/keyset.
type EventPage struct {
	Events     []Event `json:"events,required"`
	NextCursor string  `json:"next_cursor"`
}

// SearchResult is the events part of /public-search.
type SearchResult struct {
	Events []Event `json:"events,required"`
}

// MarketQuery selects markets from /markets/keyset.
type MarketQuery struct {
	Limit       int    // at most 100 per page
	Order       string // e.g. "volume24hr", "endDate"
	Ascending   bool
	Closed      bool
	TagID       string
	EndDateMin  time.Time
	VolumeMin   float64
	AfterCursor string
}

// EventQuery selects events from /events/keyset.
type EventQuery struct {
	Limit       int // at most 500 per page
	Order       string
	Ascending   bool
	AfterCursor string
}

// MaxMarketsPage is the page-size cap of /markets/keyset.
const MaxMarketsPage = 100

// EventBySlug asks for one event and its markets.
func EventBySlug(slug string) *upstreams.Request {
	return gammaGet("/events/slug/"+url.PathEscape(slug), nil)
}

// Markets asks for one keyset page of markets.
func Markets(q MarketQuery) *upstreams.Request {
	v := url.Values{}
	v.Set("limit", strconv.Itoa(min(q.Limit, MaxMarketsPage)))
	v.Set("closed", strconv.FormatBool(q.Closed))
	if q.Order != "" {
		v.Set("order", q.Order)
		v.Set("ascending", strconv.FormatBool(q.Ascending))
	}
	if q.TagID != "" {
		v.Set("tag_id", q.TagID)
	}
	if !q.EndDateMin.IsZero() {
		v.Set("end_date_min", q.EndDateMin.UTC().Format(time.RFC3339))
	}
	if q.VolumeMin > 0 {
		v.Set("volume_num_min", strconv.FormatFloat(q.VolumeMin, 'f', -1, 64))
	}
	if q.AfterCursor != "" {
		v.Set("after_cursor", q.AfterCursor)
	}
	return gammaGet("/markets/keyset", v)
}

// Events asks for one keyset page of open events.
func Events(q EventQuery) *upstreams.Request {
	v := url.Values{}
	v.Set("limit", strconv.Itoa(q.Limit))
	v.Set("closed", "false")
	if q.Order != "" {
		v.Set("order", q.Order)
		v.Set("ascending", strconv.FormatBool(q.Ascending))
	}
	if q.AfterCursor != "" {
		v.Set("after_cursor", q.AfterCursor)
	}
	return gammaGet("/events/keyset", v)
}

// TagBySlug resolves a category slug (e.g. "politics") to its tag id.
func TagBySlug(slug string) *upstreams.Request {
	return gammaGet("/tags/slug/"+url.PathEscape(slug), nil)
}

// PublicSearch asks for active events matching text.
func PublicSearch(text string, limitPerType int) *upstreams.Request {
	v := url.Values{}
	v.Set("q", text)
	v.Set("limit_per_type", strconv.Itoa(limitPerType))
	v.Set("events_status", "active")
	return gammaGet("/public-search", v)
}

func gammaGet(path string, v url.Values) *upstreams.Request {
	u := Gamma.BaseURL + path
	if len(v) > 0 {
		u += "?" + v.Encode()
	}
	return &upstreams.Request{Source: Gamma.Name, URL: u}
}

// DecodeEvent decodes /events/slug/{slug}.
func DecodeEvent(body []byte) (Event, error) { return decode[Event](Gamma.Name, body) }

// DecodeMarketPage decodes /markets/keyset.
func DecodeMarketPage(body []byte) (MarketPage, error) { return decode[MarketPage](Gamma.Name, body) }

// DecodeEventPage decodes /events/keyset.
func DecodeEventPage(body []byte) (EventPage, error) { return decode[EventPage](Gamma.Name, body) }

// DecodeTag decodes /tags/slug/{slug}.
func DecodeTag(body []byte) (Tag, error) { return decode[Tag](Gamma.Name, body) }

// DecodeSearch decodes /public-search.
func DecodeSearch(body []byte) (SearchResult, error) { return decode[SearchResult](Gamma.Name, body) }

func decode[T any](source string, body []byte) (T, error) {
	var v T
	err := upstreams.DecodeJSON(source, body, &v)
	return v, err
}
