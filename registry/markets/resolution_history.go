package markets

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "resolution_history", Path: "/paid/venueA/resolution-history", Price: "0.03",
		Description: "Polymarket markets that closed within the last days_back days: winning outcome from the final prices, " +
			"resolution status (resolved, proposed, disputed), close time and volume.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Int("days_back").Range(1, 90).WithDefault(7),
		},
		Example:  map[string]any{"limit": 10, "days_back": 7},
		Synonyms: []string{"settled markets", "winners", "past results", "market outcomes", "resolved bets", "calibration"},
		Expected: "Envelope whose data is an array of resolved markets with the winning outcome (settled at 1, within 1e-4, or null) and final prices, most recent first; a market closed but not yet settled at 1 (proposed, disputed) has a null winner, an outcome the venue gives no final price for is left out of final_prices, a market without a closing or end time is left out, liquidity plays no part, and volume is null when the venue does not report it (unknown, not 0).",
		Shape:    registry.Envelope,
		Result:   []resolvedRow(nil),
		Sources:  []string{polymarket.Gamma.Name},
		Handler:  resolutionHistory,
	})
}

type resolvedRow struct {
	MarketID         string             `json:"market_id"`
	Question         string             `json:"question"`
	Slug             string             `json:"slug"`
	Winner           *string            `json:"winner"`
	FinalPrices      map[string]float64 `json:"final_prices"`
	ResolutionStatus string             `json:"resolution_status"`
	EndDate          string             `json:"end_date"`
	ClosedTime       string             `json:"closed_time"`
	Volume           *float64           `json:"volume"` // null when the venue does not report it
}

// settledTolerance is how far from 1 a final price may be and still be the
// settlement payout: far below any price a trade leaves on a closed market.
const settledTolerance = 1e-4

func resolutionHistory(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	since := c.Now.Add(-time.Duration(c.Args.Int("days_back")) * 24 * time.Hour)
	ms, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "endDate", Closed: true, EndDateMin: since}, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	rows := []resolvedRow{}
	for _, m := range ms {
		closedAt, ok := parseTime(m.ClosedTime)
		if !ok {
			closedAt, ok = parseTime(m.EndDate)
		}
		if !m.Closed || !ok || closedAt.Before(since) {
			continue
		}
		row := resolvedRow{MarketID: string(m.ID), Question: m.Question, Slug: m.Slug, FinalPrices: map[string]float64{},
			ResolutionStatus: m.UmaResolutionStatus, EndDate: m.EndDate, ClosedTime: closedAt.Format(time.RFC3339),
			Volume: amount(m.VolumeNum)}
		for i, o := range m.Outcomes {
			if i < len(m.OutcomePrices) {
				row.FinalPrices[o] = tidy.Round(m.OutcomePrices[i], 4)
				// A market settles by paying 1 on the winning outcome;
				// Gamma reports that price as it came from the chain,
				// 0.99999959 as well as 1.
				if m.OutcomePrices[i] >= 1-settledTolerance {
					row.Winner = &m.Outcomes[i]
				}
			}
		}
		rows = append(rows, row)
	}
	return s.result(rows, len(rows)), nil
}
