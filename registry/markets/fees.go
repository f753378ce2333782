package markets

import (
	"math"

	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// Fee models, per share or contract bought or sold as a taker at price p in
// (0, 1). Every scan pays taker fees on every leg, so an edge it reports is
// what is left after fees.
//
// venueA (Polymarket, docs.polymarket.com/trading/fees): fee = C·rate·p·(1−p),
// with rate the market's feeSchedule.rate when feesEnabled, else 0. Makers pay
// nothing. Category rates (0.03 sports … 0.07 crypto, geopolitics free)
// change, so the per-market schedule is the only source used.
//
// venueB (Kalshi fee schedule): fee = round_up_to_cent(0.07·C·P·(1−P)) per
// order. The rounding depends on the order size, so per-contract fees are
// quoted for a lot of kalshiLot contracts.

// The fee models are stated in every scan result, so a buyer can redo the arithmetic.
const (
	venueAFeeModel = "venueA taker fee per share = rate·p·(1−p), rate from the market's feeSchedule (0 when fees are disabled)"
	venueBFeeModel = "venueB taker fee = ceil_to_cent(0.07·C·P·(1−P)), quoted per contract for a 100-contract order"
)

// feeRate is a venueA market's taker rate.
func feeRate(m polymarket.Market) float64 {
	if !m.FeesEnabled || m.FeeSchedule == nil {
		return 0
	}
	return float64(m.FeeSchedule.Rate)
}

// venueAFee is the taker fee on one share at price p.
func venueAFee(rate, p float64) float64 { return rate * p * (1 - p) }

// venueABuy is the cost of one share bought at ask p, fee included.
func venueABuy(rate, p float64) float64 { return p + venueAFee(rate, p) }

// venueASell is what one share sold at bid p brings, fee deducted.
func venueASell(rate, p float64) float64 { return p - venueAFee(rate, p) }

const (
	kalshiCoef = 0.07
	kalshiLot  = 100
)

// venueBFee is the fee on an order of contracts at price p, rounded up to the
// cent. The tiny epsilon keeps binary floating point from rounding 1.75 up to 1.76.
func venueBFee(contracts int, p float64) float64 {
	return math.Ceil(kalshiCoef*float64(contracts)*p*(1-p)*100-1e-9) / 100
}

// venueBBuy is the cost of one contract bought at ask p, with the fee of a
// kalshiLot-contract order spread over its contracts.
func venueBBuy(p float64) float64 { return p + venueBFee(kalshiLot, p)/kalshiLot }

// bundleLongEdge: buy YES and NO at their asks; one of them pays 1.
func bundleLongEdge(rate, askYes, askNo float64) float64 {
	return 1 - venueABuy(rate, askYes) - venueABuy(rate, askNo)
}

// bundleShortEdge: mint a YES+NO pair for 1 and sell both at their bids.
func bundleShortEdge(rate, bidYes, bidNo float64) float64 {
	return venueASell(rate, bidYes) + venueASell(rate, bidNo) - 1
}

// crossEdge: buy one side on venueA and the opposite side on venueB; exactly
// one pays 1 if both venues resolve the same way.
func crossEdge(rate, askA, askB float64) float64 {
	return 1 - venueABuy(rate, askA) - venueBBuy(askB)
}
