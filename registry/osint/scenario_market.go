package osint

import (
	"context"
	"maps"
	"math"
	"strings"

	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

// marketMatch is how alike a market's question must be to the buyer's
// (shared subject words over all of them) to be taken as the same market;
// its numbers (years, dates, thresholds) must be the same too, as a
// question for another date or level is another market.
const marketMatch = 0.6

// marketAnchor is the open venueA market the question names, with the YES
// price its traders give.
type marketAnchor struct {
	Venue       string  `json:"venue"`
	Slug        string  `json:"slug"`
	Question    string  `json:"question"`
	YesPrice    float64 `json:"yes_price"`
	PriceSource string  `json:"price_source"` // order_book_midpoint or last_price
	Match       float64 `json:"match"`        // shared subject words over all of them
}

// findMarket searches venueA for an open market asking the question. It
// returns nil when none matches; err only when the search itself failed.
func findMarket(ctx context.Context, up *upstreams.Session, question string) (*marketAnchor, error) {
	res, err := upstreams.Fetch(ctx, up, polymarket.PublicSearch(question, 10), polymarket.DecodeSearch)
	if err != nil {
		return nil, err
	}
	want := subjectWords(question)
	var best *marketAnchor
	for _, e := range res.Events {
		for _, m := range e.Markets {
			yes, source, ok := yesPrice(m)
			if m.Closed || !m.AcceptingOrders || !ok {
				continue
			}
			got := subjectWords(m.Question)
			if !maps.Equal(numbers(want), numbers(got)) {
				continue
			}
			if j := jaccard(want, got); j >= marketMatch && (best == nil || j > best.Match) {
				best = &marketAnchor{Venue: "venueA", Slug: m.Slug, Question: m.Question, YesPrice: tidy.Round(yes, 4), PriceSource: source, Match: tidy.Round(j, 3)}
			}
		}
	}
	return best, nil
}

// yesPrice is the order-book midpoint when both sides have orders, else the
// market's displayed YES price.
func yesPrice(m polymarket.Market) (float64, string, bool) {
	bid, ask := float64(m.BestBid), float64(m.BestAsk)
	switch {
	case bid > 0 && ask > 0:
		return (bid + ask) / 2, "order_book_midpoint", true
	case len(m.OutcomePrices) > 0 && m.OutcomePrices[0] > 0:
		return m.OutcomePrices[0], "last_price", true
	}
	return 0, "", false
}

// subjectWords are the words of a question that name its subject.
func subjectWords(q string) map[string]bool {
	out := words(q)
	for w := range out {
		if questionWords[w] {
			delete(out, w)
		}
	}
	return out
}

// numbers are the words that hold a digit.
func numbers(ws map[string]bool) map[string]bool {
	out := map[string]bool{}
	for w := range ws {
		if strings.ContainsAny(w, "0123456789") {
			out[w] = true
		}
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

// shiftOdds moves a probability by d in log-odds; 0 and 1 have no odds to
// move, and a shift of 0 leaves any price as it is.
func shiftOdds(p, d float64) float64 {
	if p <= 0 || p >= 1 || d == 0 {
		return p
	}
	return 1 / (1 + math.Exp(-(math.Log(p/(1-p)) + d)))
}
