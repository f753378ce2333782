package markets

import (
	"math"

	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// The outcome-sum rule for a negRisk event, whose outcomes are mutually
// exclusive and exactly one resolves YES:
//   long  = 1 − Σ (askYES_i + fee(askYES_i))   buy every YES, one pays 1
//   short = Σ (bidYES_i − fee(bidYES_i)) − 1   sell every YES (or buy every NO)

// sumLeg is one outcome of an event with its executable YES quotes.
type sumLeg struct {
	MarketID    string   `json:"market_id"`
	Outcome     string   `json:"outcome"`
	Question    string   `json:"question"`
	YesToken    string   `json:"yes_token"`
	Ask         *float64 `json:"ask"`
	AskSize     *float64 `json:"ask_size,omitempty"`
	Bid         *float64 `json:"bid"`
	BidSize     *float64 `json:"bid_size,omitempty"`
	FeeRate     float64  `json:"fee_rate"`
	AskWithFee  *float64 `json:"ask_with_fee"`
	BidNetFee   *float64 `json:"bid_net_fee"`
	Liquidity   *float64 `json:"liquidity"`    // null when the venue does not report it
	QuoteSource string   `json:"quote_source"` // clob_book or gamma_top_of_book
}

// legFromBook quotes a leg from its CLOB book when present, else from
// Gamma's top of book (no sizes).
func legFromBook(m polymarket.Market, book *polymarket.Book) sumLeg {
	rate := feeRate(m)
	leg := sumLeg{MarketID: string(m.ID), Outcome: m.GroupItemTitle, Question: m.Question,
		FeeRate: rate, Liquidity: m.LiquidityNum.Ptr(), QuoteSource: "gamma_top_of_book"}
	if len(m.ClobTokenIDs) > 0 {
		leg.YesToken = m.ClobTokenIDs[0]
	}
	ask, bid := float64(m.BestAsk), float64(m.BestBid)
	var askSize, bidSize float64
	if book != nil {
		leg.QuoteSource = "clob_book"
		ask, bid = 0, 0
		if l, ok := book.BestAsk(); ok {
			ask, askSize = float64(l.Price), float64(l.Size)
		}
		if l, ok := book.BestBid(); ok {
			bid, bidSize = float64(l.Price), float64(l.Size)
		}
	}
	if ask > 0 && ask < 1 {
		leg.Ask, leg.AskWithFee = price(ask), ptr(tidy.Round(venueABuy(rate, ask), 6))
		if book != nil {
			leg.AskSize = ptr(askSize)
		}
	}
	if bid > 0 && bid < 1 {
		leg.Bid, leg.BidNetFee = price(bid), ptr(tidy.Round(venueASell(rate, bid), 6))
		if book != nil {
			leg.BidSize = ptr(bidSize)
		}
	}
	return leg
}

func ptr[T any](v T) *T { return &v }

// change is a price change the venue sent, rounded; nil when it sent none,
// which is not a change of 0.
func change(n *polymarket.Num) *float64 {
	if n == nil {
		return nil
	}
	return ptr(tidy.Round(float64(*n), 4))
}

// sumEdges returns the long and short edges over all legs; ok is false for a
// side when some leg has no quote on it.
func sumEdges(legs []sumLeg) (long, short float64, longOK, shortOK bool) {
	long, short = 1, -1
	longOK, shortOK = true, true
	for _, l := range legs {
		if l.AskWithFee == nil {
			longOK = false
		} else {
			long -= *l.AskWithFee
		}
		if l.BidNetFee == nil {
			shortOK = false
		} else {
			short += *l.BidNetFee
		}
	}
	return long, short, longOK, shortOK
}

// sumSize is the number of full sets available at the quoted prices, or nil
// when a leg's size is unknown.
func sumSize(legs []sumLeg, long bool) *float64 {
	size := math.Inf(1)
	for _, l := range legs {
		s := l.BidSize
		if long {
			s = l.AskSize
		}
		if s == nil {
			return nil
		}
		size = math.Min(size, *s)
	}
	return &size
}
