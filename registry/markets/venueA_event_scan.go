package markets

import (
	"context"
	"fmt"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "venueA_event_scan", Path: "/paid/venueA/event-scan", Price: "0.03",
		Description: "Scans one multi-outcome Polymarket event for fee-adjusted outcome-sum violations: buy every YES below 1 " +
			"(long) or sell every YES above 1 (short), at order-book prices, with each leg's quote and fee shown.",
		Params: []registry.Param{
			registry.Str("slug").Req().Len(1, 200).Describe("event slug"),
			registry.Num("min_edge").Range(0, 1).WithDefault(0.02).Describe("minimum edge per full set after fees"),
			registry.Num("min_liquidity").AtLeast(0).WithDefault(1000).Describe("minimum liquidity of every leg, USD; above 0 a leg whose liquidity the venue does not report blocks the trade"),
		},
		BodyRequired: true,
		Example:      map[string]any{"slug": "next-prime-minister-of-ethiopia"},
		Synonyms:     []string{"one event all outcomes", "election candidates sum", "negrisk event", "outcome sum", "multi candidate market"},
		Expected:     "Envelope whose data prices buying or selling every leg of one event after fees, with the long and short edges, candidates and what blocks them; the event's end date is reported, not weighed, a leg below min_liquidity (default 1000 USD, so one with liquidity 0) blocks the trade and says so, and a leg missing a quote leaves that side without an edge; the event's volume_24h and liquidity and a leg's liquidity are null when the venue does not report them (unknown, not 0), and a leg of unreported liquidity blocks the trade under a min_liquidity above 0.",
		Shape:        registry.Envelope,
		Result:       eventScan{},
		Sources:      []string{polymarket.Gamma.Name, polymarket.CLOB.Name},
		Handler:      venueAEventScan,
	})
}

type eventScan struct {
	Event      eventSummary   `json:"event"`
	Applicable bool           `json:"applicable"`
	Reason     string         `json:"reason,omitempty"`
	FeeModel   string         `json:"fee_model"`
	Legs       []sumLeg       `json:"legs"`
	LongEdge   *float64       `json:"long_edge"`
	ShortEdge  *float64       `json:"short_edge"`
	Candidates []sumCandidate `json:"candidates"`
	Blocked    []string       `json:"blocked"`
}

type eventSummary struct {
	ID        string   `json:"id"`
	Slug      string   `json:"slug"`
	Title     string   `json:"title"`
	NegRisk   bool     `json:"neg_risk"`
	Legs      int      `json:"legs"`
	EndDate   string   `json:"end_date"`
	Volume24h *float64 `json:"volume_24h"` // null when the venue does not report it
	Liquidity *float64 `json:"liquidity"`  // null when the venue does not report it
}

type sumCandidate struct {
	Side       string   `json:"side"`
	Edge       float64  `json:"edge"`
	MaxSets    *float64 `json:"max_sets"`
	MaxProfit  *float64 `json:"max_profit_usd"`
	Confidence string   `json:"confidence"` // high: every leg from the order book
	Action     string   `json:"action"`
}

func venueAEventScan(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	slug := c.Args.String("slug")
	ev, err := upstreams.Fetch(ctx, s.Session, polymarket.EventBySlug(slug), polymarket.DecodeEvent)
	if err != nil {
		return nil, upstreams.Missing(err, fmt.Sprintf("no venueA event with slug %q", slug))
	}
	out := eventScan{Event: summarize(ev), FeeModel: venueAFeeModel, Legs: []sumLeg{},
		Candidates: []sumCandidate{}, Blocked: []string{}}
	if reason := sumRuleUnsafe(ev); reason != "" {
		out.Reason = reason
		return s.result(out, 0), nil
	}
	out.Applicable = true
	var tokens []string
	for _, m := range ev.Markets {
		if len(m.ClobTokenIDs) > 0 {
			tokens = append(tokens, m.ClobTokenIDs[0])
		}
	}
	books, err := booksOf(ctx, s, tokens)
	if err != nil {
		return nil, err
	}
	minLiquidity := c.Args.Float("min_liquidity")
	for _, m := range ev.Markets {
		var book *polymarket.Book
		if len(m.ClobTokenIDs) > 0 {
			if b, ok := books[m.ClobTokenIDs[0]]; ok {
				book = &b
			}
		}
		leg := legFromBook(m, book)
		out.Legs = append(out.Legs, leg)
		switch {
		case reaches(m.LiquidityNum, minLiquidity):
		case !m.LiquidityNum.Known:
			out.Blocked = append(out.Blocked, fmt.Sprintf("leg %s (%s) has liquidity the venue does not report, so min_liquidity %.2f is not shown to be met",
				leg.MarketID, leg.Outcome, minLiquidity))
		default:
			out.Blocked = append(out.Blocked, fmt.Sprintf("leg %s (%s) has liquidity %.2f, below min_liquidity %.2f",
				leg.MarketID, leg.Outcome, m.LiquidityNum.Value, minLiquidity))
		}
	}
	long, short, longOK, shortOK := sumEdges(out.Legs)
	if longOK {
		out.LongEdge = ptr(tidy.Round(long, 4))
	}
	if shortOK {
		out.ShortEdge = ptr(tidy.Round(short, 4))
	}
	if len(out.Blocked) == 0 {
		out.Candidates = sumCandidates(out.Legs, c.Args.Float("min_edge"))
	}
	return s.result(out, len(out.Candidates)), nil
}

func summarize(ev polymarket.Event) eventSummary {
	return eventSummary{ID: string(ev.ID), Slug: ev.Slug, Title: ev.Title, NegRisk: ev.NegRisk, Legs: len(ev.Markets),
		EndDate: ev.EndDate, Volume24h: ev.Volume24hr.Ptr(), Liquidity: ev.Liquidity.Ptr()}
}

// sumRuleUnsafe says why the outcome-sum rule does not hold for an event,
// or "" when it does.
func sumRuleUnsafe(ev polymarket.Event) string {
	switch {
	case !ev.NegRisk:
		return "outcomes are not mutually exclusive (not a negRisk event), so their prices need not sum to 1"
	case ev.NegRiskAugmented:
		return "outcomes can still be added (negRiskAugmented), so the outcome sum is not safe"
	case len(ev.Markets) < 2:
		return "fewer than two outcomes"
	}
	for _, m := range ev.Markets {
		if m.Closed || !m.Active {
			return fmt.Sprintf("outcome %s is closed or inactive", m.GroupItemTitle)
		}
	}
	return ""
}

// sumCandidates reports each side whose edge reaches minEdge.
func sumCandidates(legs []sumLeg, minEdge float64) []sumCandidate {
	long, short, longOK, shortOK := sumEdges(legs)
	confidence := "high"
	for _, l := range legs {
		if l.QuoteSource != "clob_book" {
			confidence = "medium"
		}
	}
	out := []sumCandidate{}
	add := func(side string, edge float64, action string) {
		c := sumCandidate{Side: side, Edge: tidy.Round(edge, 4), Confidence: confidence, Action: action,
			MaxSets: sumSize(legs, side == "long")}
		if c.MaxSets != nil {
			c.MaxProfit = ptr(tidy.Round(edge**c.MaxSets, 2))
		}
		out = append(out, c)
	}
	if longOK && long >= minEdge {
		add("long", long, fmt.Sprintf("buy YES on all %d outcomes at their asks; exactly one pays 1", len(legs)))
	}
	if shortOK && short >= minEdge {
		add("short", short, fmt.Sprintf("sell YES on all %d outcomes at their bids (or buy every NO); at most one pays out", len(legs)))
	}
	return out
}
