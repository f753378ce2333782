package markets

import (
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
		Name: "combinatorial_arb", Path: "/paid/venueA/combinatorial-arb", Price: "0.06",
		Description: "Inspects the most traded open Polymarket events for combinatorial mispricing after taker fees: " +
			"outcome sums of mutually exclusive events away from 1, and threshold ladders whose further level is priced above a nearer one.",
		Params: []registry.Param{
			registry.Int("limit").Range(1, 100).WithDefault(20).Describe("active events inspected, by 24h volume, before filtering"),
		},
		Example:  map[string]any{"limit": 20},
		Synonyms: []string{"mispriced events", "multi outcome arbitrage", "negrisk", "outcome ladder", "free money", "riskless profit"},
		Expected: "Envelope whose data lists open events whose outcome prices sum away from 1, or whose threshold ladders price a further level above a nearer one, after fees, each with its legs and an action, best edge first; end dates are not weighed (an event near its end is scanned like any other, and may stop trading before an edge is taken), a leg with liquidity 0 or no quote on a side is null there and leaves that side without an edge, and a missing price is never read as 0.",
		Shape:    registry.Envelope,
		Result:   combinatorialScan{},
		Sources:  []string{polymarket.Gamma.Name},
		Handler:  combinatorialArb,
	})
}

type combinatorialScan struct {
	EventsInspected int                    `json:"events_inspected"`
	FeeModel        string                 `json:"fee_model"`
	Candidates      []combinationCandidate `json:"candidates"`
	Skipped         []skippedEvent         `json:"skipped"`
}

type combinationCandidate struct {
	Rule        string           `json:"rule"`
	EventSlug   string           `json:"event_slug"`
	EventTitle  string           `json:"event_title"`
	Edge        float64          `json:"edge"`
	Legs        []combinationLeg `json:"legs"`
	Action      string           `json:"action"`
	QuoteSource string           `json:"quote_source"`
}

type combinationLeg struct {
	MarketID string  `json:"market_id"`
	Outcome  string  `json:"outcome"`
	Trade    string  `json:"trade"` // buy YES, sell YES, buy NO
	Price    float64 `json:"price"`
	Fee      float64 `json:"fee"`
}

type skippedEvent struct {
	EventSlug string `json:"event_slug"`
	Reason    string `json:"reason"`
}

func combinatorialArb(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	page, err := upstreams.Fetch(ctx, s.Session, polymarket.Events(polymarket.EventQuery{Limit: c.Args.Int("limit"), Order: "volume24hr"}),
		polymarket.DecodeEventPage)
	if err != nil {
		return nil, err
	}
	events := page.Events[:min(len(page.Events), c.Args.Int("limit"))]
	out := combinatorialScan{EventsInspected: len(events), FeeModel: venueAFeeModel,
		Candidates: []combinationCandidate{}, Skipped: []skippedEvent{}}
	for _, ev := range events {
		if ev.NegRisk {
			if reason := sumRuleUnsafe(ev); reason != "" {
				out.Skipped = append(out.Skipped, skippedEvent{ev.Slug, reason})
			} else {
				out.Candidates = append(out.Candidates, outcomeSumCandidates(ev)...)
			}
		}
		for _, ladder := range ladders(ev.Markets) {
			out.Candidates = append(out.Candidates, ladderCandidates(ev, ladder)...)
		}
	}
	sort.SliceStable(out.Candidates, func(i, j int) bool { return out.Candidates[i].Edge > out.Candidates[j].Edge })
	return s.result(out, len(out.Candidates)), nil
}

// outcomeSumCandidates applies the outcome-sum rule on Gamma's top of book.
func outcomeSumCandidates(ev polymarket.Event) []combinationCandidate {
	legs := make([]sumLeg, len(ev.Markets))
	for i, m := range ev.Markets {
		legs[i] = legFromBook(m, nil)
	}
	var out []combinationCandidate
	for _, cand := range sumCandidates(legs, 1e-9) {
		cc := combinationCandidate{Rule: "outcome_sum_" + cand.Side, EventSlug: ev.Slug, EventTitle: ev.Title,
			Edge: cand.Edge, Action: cand.Action, QuoteSource: "gamma_top_of_book"}
		for _, l := range legs {
			leg := combinationLeg{MarketID: l.MarketID, Outcome: l.Outcome}
			if cand.Side == "long" {
				leg.Trade, leg.Price = "buy YES", *l.Ask
				leg.Fee = tidy.Round(*l.AskWithFee-*l.Ask, 6)
			} else {
				leg.Trade, leg.Price = "sell YES", *l.Bid
				leg.Fee = tidy.Round(*l.Bid-*l.BidNetFee, 6)
			}
			cc.Legs = append(cc.Legs, leg)
		}
		out = append(out, cc)
	}
	return out
}

// ladderCandidates checks every nearer/further pair of one ladder.
func ladderCandidates(ev polymarket.Event, ladder []ladderRung) []combinationCandidate {
	var out []combinationCandidate
	for i := range ladder {
		for j := i + 1; j < len(ladder); j++ {
			near, far := ladder[i].market, ladder[j].market
			edge, ok := ladderEdge(near, far)
			if !ok || edge <= 0 {
				continue
			}
			ask, bid := float64(near.BestAsk), float64(far.BestBid)
			out = append(out, combinationCandidate{
				Rule: "threshold_ladder", EventSlug: ev.Slug, EventTitle: ev.Title, Edge: tidy.Round(edge, 4),
				Legs: []combinationLeg{
					{MarketID: string(near.ID), Outcome: near.GroupItemTitle, Trade: "buy YES", Price: tidy.Round(ask, 4), Fee: tidy.Round(venueAFee(feeRate(near), ask), 6)},
					{MarketID: string(far.ID), Outcome: far.GroupItemTitle, Trade: "buy NO", Price: tidy.Round(1-bid, 4), Fee: tidy.Round(venueAFee(feeRate(far), bid), 6)},
				},
				Action: fmt.Sprintf("%s is priced above %s (bid %v > ask %v): buy YES %s and NO %s; every outcome pays at least 1",
					far.GroupItemTitle, near.GroupItemTitle, tidy.Round(bid, 4), tidy.Round(ask, 4), near.GroupItemTitle, far.GroupItemTitle),
				QuoteSource: "gamma_top_of_book",
			})
		}
	}
	return out
}
