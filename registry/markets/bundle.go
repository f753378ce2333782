package markets

import (
	"fmt"
	"math"
	"time"

	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// bundleViolation is a binary market whose two outcomes can be bought for
// less than 1 (long) or minted for 1 and sold for more (short), after fees,
// at executable order-book prices.
type bundleViolation struct {
	MarketID   string   `json:"market_id"`
	Slug       string   `json:"slug"`
	Question   string   `json:"question"`
	Side       string   `json:"side"` // long or short
	Edge       float64  `json:"edge"` // per share pair, after fees
	YesPrice   float64  `json:"yes_price"`
	NoPrice    float64  `json:"no_price"`
	YesFee     float64  `json:"yes_fee"`
	NoFee      float64  `json:"no_fee"`
	FeeRate    float64  `json:"fee_rate"`
	MaxSize    float64  `json:"max_size"` // share pairs available at these prices
	MaxProfit  float64  `json:"max_profit_usd"`
	Liquidity  *float64 `json:"liquidity"` // null when the venue does not report it
	EndDate    string   `json:"end_date"`
	Confidence float64  `json:"confidence"` // 0-1: depth, spreads, time left
	Action     string   `json:"action"`
}

// binaryTokens returns a market's YES and NO token ids.
func binaryTokens(m polymarket.Market) (yes, no string, ok bool) {
	if len(m.ClobTokenIDs) != 2 {
		return "", "", false
	}
	return m.ClobTokenIDs[0], m.ClobTokenIDs[1], true
}

// bundleViolations applies the YES+NO bundle rule to one market's books.
func bundleViolations(m polymarket.Market, yes, no polymarket.Book, minEdge float64, now time.Time) []bundleViolation {
	rate := feeRate(m)
	bidY, okBY := yes.BestBid()
	askY, okAY := yes.BestAsk()
	bidN, okBN := no.BestBid()
	askN, okAN := no.BestAsk()
	spreads := math.Inf(1)
	if okBY && okAY && okBN && okAN {
		spreads = float64(askY.Price-bidY.Price) + float64(askN.Price-bidN.Price)
	}
	days, dated := daysUntil(now, m.EndDate)
	var out []bundleViolation
	add := func(side string, edge float64, y, n polymarket.Level, action string) {
		size := math.Min(float64(y.Size), float64(n.Size))
		out = append(out, bundleViolation{
			MarketID: string(m.ID), Slug: m.Slug, Question: m.Question, Side: side,
			Edge: tidy.Round(edge, 4), YesPrice: tidy.Round(float64(y.Price), 4), NoPrice: tidy.Round(float64(n.Price), 4),
			YesFee: tidy.Round(venueAFee(rate, float64(y.Price)), 6), NoFee: tidy.Round(venueAFee(rate, float64(n.Price)), 6),
			FeeRate: rate, MaxSize: size, MaxProfit: tidy.Round(edge*size, 2), Liquidity: m.LiquidityNum.Ptr(),
			EndDate: m.EndDate, Confidence: bundleConfidence(size*float64(y.Price+n.Price), spreads, days, dated),
			Action: fmt.Sprintf(action, tidy.Round(float64(y.Price), 4), tidy.Round(float64(n.Price), 4)),
		})
	}
	if okAY && okAN {
		if edge := bundleLongEdge(rate, float64(askY.Price), float64(askN.Price)); edge >= minEdge {
			add("long", edge, askY, askN, "buy YES at %v and NO at %v, redeem the pair for 1")
		}
	}
	if okBY && okBN {
		if edge := bundleShortEdge(rate, float64(bidY.Price), float64(bidN.Price)); edge >= minEdge {
			add("short", edge, bidY, bidN, "split 1 USDC into YES+NO, sell YES at %v and NO at %v")
		}
	}
	return out
}

// bundleConfidence weighs how real an edge is: half from the dollars
// available at the quoted prices (full at $1,000), 0.3 from tight books
// (the two spreads summing to 0 scores full, 10 cents or more scores 0) and
// 0.2 from time left (a day or more; expired markets may not trade).
func bundleConfidence(notional, spreads, days float64, dated bool) float64 {
	depth := math.Min(1, notional/1000)
	tight := math.Max(0, 1-spreads/0.10)
	timeLeft := 0.0
	switch {
	case !dated:
		timeLeft = 0.5
	case days >= 1:
		timeLeft = 1
	case days > 0:
		timeLeft = 0.5
	}
	return tidy.Round(0.5*depth+0.3*tight+0.2*timeLeft, 2)
}
