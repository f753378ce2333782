package markets

import (
	"context"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "rebalance_arb_scan", Path: "/paid/venueA/rebalance-scan", Price: "0.04",
		Description: "Scans Polymarket binary markets for YES+NO pricing violations at executable order-book prices, " +
			"after taker fees: long (buy both below 1) and short (mint and sell both above 1) opportunities with confidence scores.",
		Params: []registry.Param{
			registry.Int("limit").Range(10, 2000).WithDefault(500).Describe("markets to scan, by 24h volume"),
			registry.Num("min_edge").Range(0, 1).WithDefault(0.005).Describe("minimum edge per share pair after fees"),
			registry.Num("min_liquidity").AtLeast(0).WithDefault(1000).Describe("minimum market liquidity in USD; above 0 it leaves out markets whose liquidity the venue does not report"),
		},
		Example:  map[string]any{"limit": 100},
		Synonyms: []string{"yes plus no below one", "binary market arbitrage", "mispriced pairs", "risk free trade", "free money"},
		Expected: "Envelope whose data lists markets whose YES and NO asks sum below 1 after fees, with size, profit and confidence, best edge first; confidence falls for a market less than a day from its end (0.2 of it is time left), markets below min_liquidity (default 1000 USD) are left out, and so, unless min_liquidity is 0, is a market whose liquidity the venue does not report (liquidity null, not 0; counted in markets_liquidity_unknown), and a side missing from a book gives no edge, never a 0 price.",
		Shape:    registry.Envelope,
		Result:   rebalanceScan{},
		Sources:  []string{polymarket.Gamma.Name, polymarket.CLOB.Name},
		Handler:  rebalanceArbScan,
	})
}

type rebalanceScan struct {
	MarketsScanned   int               `json:"markets_scanned"`
	MarketsLiquid    int               `json:"markets_liquid"`
	LiquidityUnknown int               `json:"markets_liquidity_unknown"` // binary markets whose liquidity the venue does not report
	MarketsWithBooks int               `json:"markets_with_books"`
	FeeModel         string            `json:"fee_model"`
	Opportunities    []bundleViolation `json:"opportunities"`
}

func rebalanceArbScan(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	all, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "volume24hr"}, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	var liquid []polymarket.Market
	var tokens []string
	unknown := 0
	for _, m := range all {
		yes, no, ok := binaryTokens(m)
		if ok && !m.LiquidityNum.Known {
			unknown++
		}
		if ok && reaches(m.LiquidityNum, c.Args.Float("min_liquidity")) {
			liquid = append(liquid, m)
			tokens = append(tokens, yes, no)
		}
	}
	books, err := booksOf(ctx, s, tokens)
	if err != nil {
		return nil, err
	}
	out := rebalanceScan{MarketsScanned: len(all), MarketsLiquid: len(liquid), LiquidityUnknown: unknown, FeeModel: venueAFeeModel,
		Opportunities: []bundleViolation{}}
	for _, m := range liquid {
		yes, no, _ := binaryTokens(m)
		yb, okY := books[yes]
		nb, okN := books[no]
		if !okY || !okN {
			continue
		}
		out.MarketsWithBooks++
		out.Opportunities = append(out.Opportunities, bundleViolations(m, yb, nb, c.Args.Float("min_edge"), c.Now)...)
	}
	sortByEdge(out.Opportunities)
	return s.result(out, len(out.Opportunities)), nil
}

// sortByEdge orders violations best edge first, then by market id.
func sortByEdge(v []bundleViolation) {
	sort.SliceStable(v, func(i, j int) bool {
		if v[i].Edge != v[j].Edge {
			return v[i].Edge > v[j].Edge
		}
		return v[i].MarketID < v[j].MarketID
	})
}
