package markets

import (
	"context"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "volume_analytics", Path: "/paid/venueA/volume-analytics", Price: "0.03",
		Description: "Top Polymarket markets by 24h volume with total volume at least min_volume, their volume momentum " +
			"(24h volume against the daily average of the past week) and 24h price change.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 100).WithDefault(30),
			registry.Num("min_volume").AtLeast(0).WithDefault(1000).Describe("minimum lifetime volume, USD; above 0 it leaves out markets whose volume the venue does not report"),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"volume spikes", "momentum", "heating up", "trading activity", "unusual volume", "market movers"},
		Expected: "Envelope whose data is an array of markets with total, 24h and 7d volume, a momentum trend (accelerating, steady, cooling) and the 24h price change (null when the venue sends none), by 24h volume; markets near or past their end are listed while the venue lists them, liquidity 0 means no resting orders, and a missing price is null and momentum null without weekly volume; volume_total, volume_24h, volume_7d and liquidity are null when the venue does not report them (unknown, not 0): such a market comes after every reported 24h volume, a min_volume above 0 leaves it out when its total is unreported, and momentum is null with trend \"volume not reported\" when its 24h or 7d volume is.",
		Shape:    registry.Envelope,
		Result:   []volumeRow(nil),
		Sources:  []string{polymarket.Gamma.Name},
		Handler:  volumeAnalytics,
		// Markets of the limit read whose total volume is under min_volume are left out.
		Metered: registry.PerItem("limit"),
	})
}

type volumeRow struct {
	MarketID       string   `json:"market_id"`
	Question       string   `json:"question"`
	Slug           string   `json:"slug"`
	VolumeTotal    *float64 `json:"volume_total"` // volumes and liquidity: null when the venue does not report them
	Volume24h      *float64 `json:"volume_24h"`
	Volume7d       *float64 `json:"volume_7d"`
	Momentum       *float64 `json:"momentum"` // volume_24h / (volume_7d / 7); null without a week of volume or either unreported
	Trend          string   `json:"trend"`
	PriceChange24h *float64 `json:"price_change_24h"` // null when the venue sends none
	YesPrice       *float64 `json:"yes_price"`
	Liquidity      *float64 `json:"liquidity"`
}

// Momentum bands: a day at 1.5x the week's daily average is accelerating,
// at two thirds or less it is cooling.
const (
	accelerating = 1.5
	cooling      = 2.0 / 3
)

func volumeAnalytics(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	minVolume := c.Args.Float("min_volume")
	ms, err := marketsUpTo(ctx, s, polymarket.MarketQuery{Order: "volume24hr", VolumeMin: minVolume}, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	sort.SliceStable(ms, func(i, j int) bool { return greater(ms[i].Volume24hr, ms[j].Volume24hr) })
	rows := []volumeRow{}
	for _, m := range ms {
		if !reaches(m.VolumeNum, minVolume) {
			continue
		}
		row := volumeRow{MarketID: string(m.ID), Question: m.Question, Slug: m.Slug,
			VolumeTotal: amount(m.VolumeNum), Volume24h: amount(m.Volume24hr), Volume7d: amount(m.Volume1wk),
			Trend: "no weekly volume", PriceChange24h: change(m.OneDayPriceChange), Liquidity: amount(m.LiquidityNum)}
		if len(m.OutcomePrices) > 0 {
			row.YesPrice = ptr(tidy.Round(m.OutcomePrices[0], 4))
		}
		switch {
		case !m.Volume24hr.Known || !m.Volume1wk.Known:
			row.Trend = "volume not reported"
		case m.Volume1wk.Value > 0:
			mom := m.Volume24hr.Value / (m.Volume1wk.Value / 7)
			row.Momentum = ptr(tidy.Round(mom, 4))
			switch {
			case mom >= accelerating:
				row.Trend = "accelerating"
			case mom <= cooling:
				row.Trend = "cooling"
			default:
				row.Trend = "steady"
			}
		}
		rows = append(rows, row)
	}
	return s.result(rows, len(rows)), nil
}
