package markets

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "venueA_market_scan", Path: "/paid/venueA/market-scan", Price: "0.05",
		Description: "Scans the most traded Polymarket markets for resolution candidates (an outcome priced at or above " +
			"min_certainty, with fee-adjusted return and annualised yield to the end date) and fee-adjusted YES+NO " +
			"bundle violations at order-book prices.",
		Params: []registry.Param{
			registry.Int("limit").Range(10, 200).WithDefault(100).Describe("markets to scan, by 24h volume"),
			registry.Num("min_certainty").Range(0.5, 1).WithDefault(0.95).Describe("leading outcome price that makes a resolution candidate"),
			registry.Num("min_edge").Range(0, 1).WithDefault(0.02).Describe("minimum bundle edge per share pair after fees"),
		},
		Example:  map[string]any{"limit": 50},
		Synonyms: []string{"near certain bets", "high probability markets", "yield on sure things", "bonds of prediction markets", "safe bets", "annualized return"},
		Expected: "Envelope whose data lists outcomes priced at or above min_certainty with their fee-adjusted return and a simple annualised yield only when the end is 7 or more days away (null otherwise, with yield_basis saying why), and YES+NO bundle violations at order-book prices, markets not trading left out; an empty book leaves the display price as the only quote (quote_source says which), a market without both prices is not listed, one without an end date has a null yield, and liquidity is null when the venue does not report it (unknown, not 0).",
		Shape:    registry.Envelope,
		Result:   marketScan{},
		Sources:  []string{polymarket.Gamma.Name, polymarket.CLOB.Name},
		Handler:  venueAMarketScan,
	})
}

type marketScan struct {
	MarketsScanned       int               `json:"markets_scanned"`
	MarketsNotTrading    int               `json:"markets_not_trading"`
	MarketsWithBooks     int               `json:"markets_with_books"`
	FeeModel             string            `json:"fee_model"`
	ResolutionCandidates []resolutionPick  `json:"resolution_candidates"`
	BundleViolations     []bundleViolation `json:"bundle_violations"`
}

// resolutionPick is a market whose leading outcome is nearly certain: buying
// it returns (1 − cost)/cost if it resolves as priced.
type resolutionPick struct {
	MarketID        string   `json:"market_id"`
	Slug            string   `json:"slug"`
	Question        string   `json:"question"`
	Outcome         string   `json:"outcome"`
	DisplayPrice    float64  `json:"display_price"`
	Ask             float64  `json:"ask"`
	Fee             float64  `json:"fee"`
	Cost            float64  `json:"cost"`
	DaysToEnd       *float64 `json:"days_to_end"`
	Return          float64  `json:"return"`
	AnnualizedYield *float64 `json:"annualized_yield"` // null within minAnnualizeDays of the end, after it, or without one
	YieldBasis      string   `json:"yield_basis"`      // how annualized_yield was made, or why it is null
	QuoteSource     string   `json:"quote_source"`     // clob_book or display_price
	Liquidity       *float64 `json:"liquidity"`        // null when the venue does not report it
	EndDate         string   `json:"end_date"`
}

// minAnnualizeDays is the shortest horizon a return is annualised over: a
// 1% return ten minutes before the end scales to a yield of 500x a year,
// which no buyer can repeat.
const minAnnualizeDays = 7

func venueAMarketScan(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	all, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "volume24hr"}, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	scanned := len(all)
	// Gamma's open markets include some that stopped taking orders long
	// ago without being closed: nothing can be bought there.
	all = slices.DeleteFunc(all, func(m polymarket.Market) bool { return m.Closed || !m.AcceptingOrders })
	var tokens []string
	for _, m := range all {
		if yes, no, ok := binaryTokens(m); ok {
			tokens = append(tokens, yes, no)
		}
	}
	books, err := booksOf(ctx, s, tokens)
	if err != nil {
		return nil, err
	}
	out := marketScan{MarketsScanned: scanned, MarketsNotTrading: scanned - len(all), FeeModel: venueAFeeModel,
		ResolutionCandidates: []resolutionPick{}, BundleViolations: []bundleViolation{}}
	for _, m := range all {
		yes, no, ok := binaryTokens(m)
		if !ok {
			continue
		}
		yb, okY := books[yes]
		nb, okN := books[no]
		if okY && okN {
			out.MarketsWithBooks++
			out.BundleViolations = append(out.BundleViolations, bundleViolations(m, yb, nb, c.Args.Float("min_edge"), c.Now)...)
		}
		if pick, ok := resolutionCandidate(m, [2]polymarket.Book{yb, nb}, c.Args.Float("min_certainty"), c); ok {
			out.ResolutionCandidates = append(out.ResolutionCandidates, pick)
		}
	}
	sortByEdge(out.BundleViolations)
	sort.SliceStable(out.ResolutionCandidates, func(i, j int) bool {
		a, b := out.ResolutionCandidates[i].AnnualizedYield, out.ResolutionCandidates[j].AnnualizedYield
		if (a == nil) != (b == nil) {
			return a != nil
		}
		return a != nil && *a > *b
	})
	return s.result(out, len(out.ResolutionCandidates)+len(out.BundleViolations)), nil
}

// resolutionCandidate picks the leading outcome by display price and prices
// it at its order-book ask when there is one.
func resolutionCandidate(m polymarket.Market, books [2]polymarket.Book, minCertainty float64, c *registry.Call) (resolutionPick, bool) {
	if len(m.OutcomePrices) != 2 || len(m.Outcomes) != 2 {
		return resolutionPick{}, false
	}
	lead := 0
	if m.OutcomePrices[1] > m.OutcomePrices[0] {
		lead = 1
	}
	display := m.OutcomePrices[lead]
	if display < minCertainty || display >= 1 {
		return resolutionPick{}, false
	}
	ask, source := display, "display_price"
	if level, ok := books[lead].BestAsk(); ok {
		ask, source = float64(level.Price), "clob_book"
	}
	rate := feeRate(m)
	cost := venueABuy(rate, ask)
	ret := (1 - cost) / cost
	pick := resolutionPick{
		MarketID: string(m.ID), Slug: m.Slug, Question: m.Question, Outcome: m.Outcomes[lead],
		DisplayPrice: tidy.Round(display, 4), Ask: tidy.Round(ask, 4), Fee: tidy.Round(venueAFee(rate, ask), 6), Cost: tidy.Round(cost, 6),
		Return: tidy.Round(ret, 4), QuoteSource: source, Liquidity: m.LiquidityNum.Ptr(), EndDate: m.EndDate,
	}
	days, ok := daysUntil(c.Now, m.EndDate)
	switch {
	case !ok:
		pick.YieldBasis = "not annualised: the market has no end date"
		return pick, true
	case days <= 0:
		pick.YieldBasis = "not annualised: the end date has passed, resolution is pending"
	case days < minAnnualizeDays:
		pick.YieldBasis = fmt.Sprintf("not annualised: %s days to the end, under the %d-day minimum horizon", fmtDays(days), minAnnualizeDays)
	default:
		pick.AnnualizedYield = ptr(tidy.Round(ret*365/days, 4))
		pick.YieldBasis = fmt.Sprintf("simple yield over %s days", fmtDays(days))
	}
	pick.DaysToEnd = ptr(tidy.Round(days, 2))
	return pick, true
}

func fmtDays(days float64) string { return strconv.FormatFloat(tidy.Round(days, 2), 'f', -1, 64) }
