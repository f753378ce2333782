package markets

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/polymarket"
)

func init() {
	family.Register(&registry.Tool{
		Name: "smart_money", Path: "/paid/venueA/smart-money", Price: "0.05",
		Description: "The most profitable Polymarket wallets over a timeframe (PnL, volume, PnL per dollar traded) and the " +
			"net flow of their recent trades per market and outcome: buys minus sells in USD.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 50).WithDefault(10).Describe("wallets from the top of the PnL leaderboard"),
			registry.Str("timeframe").OneOf("7d", "30d", "all").WithDefault("7d"),
		},
		Example:  map[string]any{"limit": 5, "timeframe": "7d"},
		Synonyms: []string{"whales", "top traders", "leaderboard", "copy trading", "profitable wallets", "big bettors", "sharps"},
		Expected: "Envelope whose data ranks the top wallets by PnL and sums their trades into net flows per market outcome, by absolute net USD, naming in warnings any wallet whose trades could not be read; trades count the same however near their market's end, a market nobody traded has no flow, and an unreadable wallet is never counted as 0.",
		Shape:    registry.Envelope,
		Result:   smartMoneyReport{},
		Sources:  []string{polymarket.Data.Name},
		Handler:  smartMoney,
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
	Warnings    []string      `json:"warnings"`
}

type smartWallet struct {
	Rank         string   `json:"rank"`
	Wallet       string   `json:"wallet"`
	Name         string   `json:"name"`
	Pnl          float64  `json:"pnl"`
	Volume       float64  `json:"volume"`
	PnlPerVolume *float64 `json:"pnl_per_volume"`
	Verified     bool     `json:"verified"`
	Trades       *int     `json:"trades_in_timeframe"` // null when the wallet's trades could not be read
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
	report := smartMoneyReport{Timeframe: c.Args.String("timeframe"), Wallets: []smartWallet{}, MarketFlows: []marketFlow{}, Warnings: []string{}}
	flows := map[string]*marketFlow{}
	var firstErr error
	read := 0
	var since time.Time // all trades read when the timeframe has no window
	if tf.window > 0 {
		since = c.Now.Add(-tf.window)
	}
	for _, l := range leaders[:min(len(leaders), c.Args.Int("limit"))] {
		w := smartWallet{Rank: string(l.Rank), Wallet: l.ProxyWallet, Name: string(l.UserName),
			Pnl: tidy.Round(float64(l.Pnl), 2), Volume: tidy.Round(float64(l.Vol), 2), Verified: l.VerifiedBadge}
		if l.Vol > 0 {
			w.PnlPerVolume = ptr(tidy.Round(float64(l.Pnl/l.Vol), 4))
		}
		trades, err := upstreams.Fetch(ctx, s.Session, polymarket.TradesOf(l.ProxyWallet, tradesPerWallet), polymarket.DecodeTrades)
		switch _, upstream := upstreams.AsError(err); {
		case err != nil && (!upstream || ctx.Err() != nil):
			return nil, err
		case err != nil: // one wallet's unreadable trades leave the others' flows standing
			firstErr = cmp.Or(firstErr, err)
			report.Warnings = append(report.Warnings, fmt.Sprintf("trades of wallet %s (rank %s) could not be read, so they are left out of the flows: %v", l.ProxyWallet, l.Rank, err))
		default:
			read++
			n := addFlows(flows, l.ProxyWallet, trades, since)
			w.Trades = &n
		}
		report.Wallets = append(report.Wallets, w)
	}
	if read == 0 && firstErr != nil {
		return nil, firstErr
	}
	for _, f := range flows {
		f.NetUSD, f.BuyUSD, f.SellUSD = tidy.Round(f.BuyUSD-f.SellUSD, 2), tidy.Round(f.BuyUSD, 2), tidy.Round(f.SellUSD, 2)
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

// addFlows adds a wallet's trades since the given time to the flows and
// returns how many there were.
func addFlows(flows map[string]*marketFlow, wallet string, trades []polymarket.Trade, since time.Time) int {
	n := 0
	for _, t := range trades {
		if time.Unix(t.Timestamp, 0).Before(since) {
			continue
		}
		n++
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
		f.wallets[wallet] = true
	}
	return n
}
