package markets

import (
	"context"
	"math"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	registry.Register(&registry.Tool{
		Name: "smart_money", Path: "/paid/venueA/smart-money", Price: "0.05", Category: "Prediction Markets",
		Description: "The most profitable venueA wallets over a timeframe (PnL, volume, PnL per dollar traded) and the " +
			"net flow of their recent trades per market and outcome: buys minus sells in USD.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 50).WithDefault(10).Describe("wallets from the top of the PnL leaderboard"),
			registry.Str("timeframe").OneOf("7d", "30d", "all").WithDefault("7d"),
		},
		Example: map[string]any{"limit": 5, "timeframe": "7d"},
		Expected: "Envelope: data {timeframe, wallets: [{rank, wallet, name, pnl, volume, pnl_per_volume, verified, " +
			"trades_in_timeframe}], market_flows: [{condition_id, title, slug, outcome, net_usd, buy_usd, sell_usd, wallets, " +
			"trades}]}, flows by absolute net USD.",
		Shape:   registry.Envelope,
		Sources: []string{polymarket.Data.Name},
		Handler: smartMoney,
	})
}

// Leaderboard periods and trade windows of each timeframe.
var timeframes = map[string]struct {
	period string
	window time.Duration // 0: all trades read
}{
	"7d":  {polymarket.Week, 7 * 24 * time.Hour},
	"30d": {polymarket.Month, 30 * 24 * time.Hour},
	"all": {polymarket.All, 0},
}

// tradesPerWallet bounds the trades read per wallet.
const tradesPerWallet = 100

type smartMoneyReport struct {
	Timeframe   string        `json:"timeframe"`
	Wallets     []smartWallet `json:"wallets"`
	MarketFlows []marketFlow  `json:"market_flows"`
}

type smartWallet struct {
	Rank         string   `json:"rank"`
	Wallet       string   `json:"wallet"`
	Name         string   `json:"name"`
	Pnl          float64  `json:"pnl"`
	Volume       float64  `json:"volume"`
	PnlPerVolume *float64 `json:"pnl_per_volume"`
	Verified     bool     `json:"verified"`
	Trades       int      `json:"trades_in_timeframe"`
}

type marketFlow struct {
	ConditionID string  `json:"condition_id"`
	Title       string  `json:"title"`
	Slug        string  `json:"slug"`
	Outcome     string  `json:"outcome"`
	NetUSD      float64 `json:"net_usd"`
	BuyUSD      float64 `json:"buy_usd"`
	SellUSD     float64 `json:"sell_usd"`
	Wallets     int     `json:"wallets"`
	Trades      int     `json:"trades"`
	wallets     map[string]bool
}

func smartMoney(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := newSession(c)
	tf := timeframes[c.Args.String("timeframe")]
	leaders, err := upstreams.Fetch(ctx, s.Session, polymarket.Leaderboard(tf.period, c.Args.Int("limit")), polymarket.DecodeLeaderboard)
	if err != nil {
		return nil, err
	}
	report := smartMoneyReport{Timeframe: c.Args.String("timeframe"), Wallets: []smartWallet{}, MarketFlows: []marketFlow{}}
	flows := map[string]*marketFlow{}
	for _, l := range leaders[:min(len(leaders), c.Args.Int("limit"))] {
		w := smartWallet{Rank: string(l.Rank), Wallet: l.ProxyWallet, Name: string(l.UserName),
			Pnl: round2(float64(l.Pnl)), Volume: round2(float64(l.Vol)), Verified: l.VerifiedBadge}
		if l.Vol > 0 {
			w.PnlPerVolume = ptr(round4(float64(l.Pnl / l.Vol)))
		}
		trades, err := upstreams.Fetch(ctx, s.Session, polymarket.TradesOf(l.ProxyWallet, tradesPerWallet), polymarket.DecodeTrades)
		if err != nil {
			return nil, err
		}
		for _, t := range trades {
			if tf.window > 0 && time.Unix(t.Timestamp, 0).Before(c.Now.Add(-tf.window)) {
				continue
			}
			w.Trades++
			key := t.ConditionID + "/" + t.Outcome
			f := flows[key]
			if f == nil {
				f = &marketFlow{ConditionID: t.ConditionID, Title: t.Title, Slug: t.Slug, Outcome: t.Outcome, wallets: map[string]bool{}}
				flows[key] = f
			}
			usd := float64(t.Size * t.Price)
			if t.Side == "SELL" {
				f.SellUSD += usd
			} else {
				f.BuyUSD += usd
			}
			f.Trades++
			f.wallets[l.ProxyWallet] = true
		}
		report.Wallets = append(report.Wallets, w)
	}
	for _, f := range flows {
		f.NetUSD, f.BuyUSD, f.SellUSD = round2(f.BuyUSD-f.SellUSD), round2(f.BuyUSD), round2(f.SellUSD)
		f.Wallets = len(f.wallets)
		report.MarketFlows = append(report.MarketFlows, *f)
	}
	sort.Slice(report.MarketFlows, func(i, j int) bool {
		a, b := report.MarketFlows[i], report.MarketFlows[j]
		if math.Abs(a.NetUSD) != math.Abs(b.NetUSD) {
			return math.Abs(a.NetUSD) > math.Abs(b.NetUSD)
		}
		return a.ConditionID+a.Outcome < b.ConditionID+b.Outcome
	})
	return s.result(report, len(report.MarketFlows)), nil
}
