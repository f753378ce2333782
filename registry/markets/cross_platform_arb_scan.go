package markets

import (
	"context"
	"fmt"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/kalshi"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "cross_platform_arb_scan", Path: "/paid/markets/cross-platform-scan", Price: "0.10",
		Description: "Matches open Polymarket and Kalshi markets about a topic by question similarity and reports fee-adjusted " +
			"cross-venue spreads: YES on one venue plus NO on the other bought for less than 1 after both venues' taker fees.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(2, 100).Describe("topic, e.g. fed december"),
			registry.Num("min_similarity").Range(0, 1).WithDefault(0.62),
			registry.Num("min_net_edge").Range(0, 1).WithDefault(0.015).Describe("minimum edge per contract pair after fees"),
			registry.Int("venueB_max_pages").Range(1, 20).WithDefault(3).Describe("pages of 200 open venueB events to read"),
		},
		BodyRequired: true,
		Example:      map[string]any{"query": "fed"},
		Synonyms:     []string{"polymarket vs kalshi", "compare venues", "same market two exchanges", "cross exchange spread", "arbitrage between betting sites"},
		Expected:     "Envelope whose data pairs matching markets across the two venues with the edge of each cross trade after fees, candidates flagged, and the basis risk stated; near either market's end the two venues may settle on different sources or times (part of the basis risk), a side with no order (liquidity 0) is null and gives no edge, and a price either venue leaves out is null, never 0.",
		Shape:        registry.Envelope,
		Result:       crossScan{},
		Sources:      []string{polymarket.Gamma.Name, kalshi.Source.Name},
		Handler:      crossPlatformArbScan,
	})
}

type crossScan struct {
	Query         string      `json:"query"`
	VenueAMarkets int         `json:"venueA_markets"`
	VenueBMarkets int         `json:"venueB_markets"`
	VenueBPages   int         `json:"venueB_pages"`
	FeeModels     []string    `json:"fee_models"`
	Pairs         []crossPair `json:"pairs"`
	BasisRisk     string      `json:"basis_risk"`
}

type crossPair struct {
	Similarity  float64     `json:"similarity"`
	VenueA      venueAQuote `json:"venueA"`
	VenueB      venueBQuote `json:"venueB"`
	EdgeYesANoB *float64    `json:"edge_yes_a_no_b"`
	EdgeNoAYesB *float64    `json:"edge_no_a_yes_b"`
	BestEdge    *float64    `json:"best_edge"`
	Candidate   bool        `json:"candidate"`
	Action      string      `json:"action,omitempty"`
}

type venueAQuote struct {
	MarketID string   `json:"market_id"`
	Slug     string   `json:"slug"`
	Question string   `json:"question"`
	YesBid   *float64 `json:"yes_bid"`
	YesAsk   *float64 `json:"yes_ask"`
	FeeRate  float64  `json:"fee_rate"`
	EndDate  string   `json:"end_date"`
}

const basisRisk = "the venues may resolve on different sources, wording or times; read both rule texts before trading a pair"

func crossPlatformArbScan(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	query := c.Args.String("query")
	found, err := upstreams.Fetch(ctx, s.Session, polymarket.PublicSearch(query, 20), polymarket.DecodeSearch)
	if err != nil {
		return nil, err
	}
	var as []polymarket.Market
	for _, ev := range found.Events {
		for _, m := range ev.Markets {
			if m.Active && !m.Closed {
				as = append(as, m)
			}
		}
	}
	bs, pages, err := venueBAbout(ctx, s, query, c.Args.Int("venueB_max_pages"))
	if err != nil {
		return nil, err
	}
	out := crossScan{Query: query, VenueAMarkets: len(as), VenueBMarkets: len(bs), VenueBPages: pages,
		FeeModels: []string{venueAFeeModel, venueBFeeModel}, Pairs: []crossPair{}, BasisRisk: basisRisk}
	var scored []scoredPair
	for i, a := range as {
		for j, b := range bs {
			scored = append(scored, scoredPair{i, j, similarity(a.Question, b.text, a.EndDate, b.market.CloseTime)})
		}
	}
	candidates := 0
	for _, p := range matchGreedy(scored, c.Args.Float("min_similarity")) {
		pair := pricePair(as[p.a], bs[p.b], c.Args.Float("min_net_edge"))
		pair.Similarity = tidy.Round(p.score, 4)
		if pair.Candidate {
			candidates++
		}
		out.Pairs = append(out.Pairs, pair)
	}
	sort.SliceStable(out.Pairs, func(i, j int) bool { return edgeOf(out.Pairs[i]) > edgeOf(out.Pairs[j]) })
	return s.result(out, candidates), nil
}

// venueBMarket is an open venueB market with the text it is matched on.
type venueBMarket struct {
	market kalshi.Market
	title  string // the event's title
	text   string // title and the market's YES label
}

// venueBAbout reads open venueB events page by page and keeps the markets
// sharing a word with the query (venueB has no text search).
func venueBAbout(ctx context.Context, s *session, query string, maxPages int) ([]venueBMarket, int, error) {
	topic := words(query)
	var out []venueBMarket
	cursor, pages := "", 0
	for pages < maxPages {
		page, err := upstreams.Fetch(ctx, s.Session, kalshi.OpenEvents(cursor), kalshi.DecodeEventPage)
		if err != nil {
			return nil, pages, err
		}
		pages++
		for _, ev := range page.Events {
			for _, m := range ev.Markets {
				text := ev.Title + " " + m.YesSubTitle
				if overlaps(topic, words(text)) {
					out = append(out, venueBMarket{m, ev.Title, text})
				}
			}
		}
		if page.Cursor == "" || page.Cursor == cursor {
			break
		}
		cursor = page.Cursor
	}
	return out, pages, nil
}

// pricePair computes both cross-venue bundles. venueA's NO ask mirrors its
// YES bid (NO ask = 1 − YES bid).
func pricePair(a polymarket.Market, b venueBMarket, minEdge float64) crossPair {
	rate := feeRate(a)
	bid, ask := float64(a.BestBid), float64(a.BestAsk)
	m := b.market
	pair := crossPair{
		VenueA: venueAQuote{MarketID: string(a.ID), Slug: a.Slug, Question: a.Question, YesBid: price(bid), YesAsk: price(ask),
			FeeRate: rate, EndDate: a.EndDate},
		VenueB: quoteOf(m, b.title),
	}
	if ask > 0 && ask < 1 && m.NoAsk > 0 && m.NoAsk < 1 {
		pair.EdgeYesANoB = ptr(tidy.Round(crossEdge(rate, ask, m.NoAsk), 4))
	}
	if bid > 0 && bid < 1 && m.YesAsk > 0 && m.YesAsk < 1 {
		pair.EdgeNoAYesB = ptr(tidy.Round(crossEdge(rate, 1-bid, m.YesAsk), 4))
	}
	switch {
	case pair.EdgeYesANoB != nil && (pair.EdgeNoAYesB == nil || *pair.EdgeYesANoB >= *pair.EdgeNoAYesB):
		pair.BestEdge = pair.EdgeYesANoB
		pair.Action = fmt.Sprintf("buy YES on venueA at %v and NO on venueB at %v", tidy.Round(ask, 4), tidy.Round(m.NoAsk, 4))
	case pair.EdgeNoAYesB != nil:
		pair.BestEdge = pair.EdgeNoAYesB
		pair.Action = fmt.Sprintf("buy NO on venueA at %v and YES on venueB at %v", tidy.Round(1-bid, 4), tidy.Round(m.YesAsk, 4))
	}
	pair.Candidate = pair.BestEdge != nil && *pair.BestEdge >= minEdge
	if !pair.Candidate {
		pair.Action = ""
	}
	return pair
}

func edgeOf(p crossPair) float64 {
	if p.BestEdge == nil {
		return -1
	}
	return *p.BestEdge
}
