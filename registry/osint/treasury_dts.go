package osint

import (
	"context"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/treasury"
)

func init() {
	family.Register(&registry.Tool{
		Name: "treasury_dts", Path: "/paid/osint/treasury-dts", Price: "0.04",
		Description: "Daily Treasury Statement monitor: Treasury General Account closing balance, day-over-day change, largest deposit and withdrawal, and an anomaly score per day.",
		Params: []registry.Param{
			registry.Int("days").Range(2, 30).WithDefault(7),
			registry.Num("min_score").Range(0, 1).Describe("minimum anomaly score of a day, |z|/3 capped at 1"),
		},
		Example:  map[string]any{"days": 7},
		Synonyms: []string{"treasury cash balance", "tga", "government cash", "daily treasury statement", "treasury general account"},
		Expected: "Envelope whose data is an array of Daily Treasury Statement days with the TGA balance, deposits and withdrawals in millions of USD, newest first.",
		Shape:    registry.Envelope,
		Result:   []dtsDay(nil),
		Sources:  []string{treasury.Source.Name},
		Handler:  treasuryDTS,
	})
}

const tgaClosing = "Treasury General Account (TGA) Closing Balance"

type dtsFlow struct {
	Category string  `json:"category"`
	MUSD     float64 `json:"musd"`
}

type dtsDay struct {
	Date          string   `json:"date"`
	TGACloseMUSD  float64  `json:"tga_close_musd"`
	ChangeMUSD    float64  `json:"change_musd"`
	DepositsMUSD  float64  `json:"deposits_musd"`
	WithdrawMUSD  float64  `json:"withdrawals_musd"`
	TopDeposit    *dtsFlow `json:"top_deposit"`
	TopWithdrawal *dtsFlow `json:"top_withdrawal"`
	Score         float64  `json:"score"`
}

// treasuryDTS reads the last days+1 statements (one more than asked, for the
// first day's change). A day's score is |z|/3 capped at 1, where z compares
// its balance change with the mean and sample deviation of all the window's
// changes; with fewer than three changes every score is 0.
func treasuryDTS(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	days := c.Args.Int("days")
	// Statements come out on business days: look back far enough to find
	// days+1 of them across weekends and holidays.
	since := "record_date:gte:" + c.Now.AddDate(0, 0, -(days*7/5+10)).Format(time.DateOnly)
	up := upstreams.NewSession(c.Upstream)
	var balances, flows treasury.Page
	cash := treasury.Query{Dataset: treasury.OperatingCashBalance, Fields: []string{"record_date", "account_type", "open_today_bal"},
		Filter: since, Sort: "-record_date", PageSize: 1000}
	moves := treasury.Query{Dataset: treasury.DepositsWithdrawals, Fields: []string{"record_date", "transaction_type", "transaction_catg", "transaction_today_amt"},
		Filter: since, Sort: "-record_date", PageSize: 10000}
	if err := upstreams.All(ctx,
		upstreams.Into(up, &balances, cash.Request(), treasury.DecodePage),
		upstreams.Into(up, &flows, moves.Request(), treasury.DecodePage),
	); err != nil {
		return nil, err
	}

	closing := map[string]float64{}
	for _, r := range balances.Rows {
		if v, ok := r.Amount("open_today_bal"); ok && r["account_type"] == tgaClosing {
			closing[r["record_date"]] = v
		}
	}
	dates := make([]string, 0, len(closing))
	for d := range closing {
		dates = append(dates, d)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dates)))
	if len(dates) < 2 {
		return nil, upstreams.Errorf(treasury.Source.Name, upstreams.BadAnswer, "too few statements in the window")
	}
	dates = dates[:min(len(dates), days+1)]

	byDate := map[string]*dtsDay{}
	out := make([]dtsDay, len(dates)-1)
	changes := make([]float64, len(out))
	for i := range out {
		d := dates[i]
		out[i] = dtsDay{Date: d, TGACloseMUSD: closing[d], ChangeMUSD: closing[d] - closing[dates[i+1]]}
		changes[i] = out[i].ChangeMUSD
		byDate[d] = &out[i]
	}
	for _, r := range flows.Rows {
		day, ok := byDate[r["record_date"]]
		amt, has := r.Amount("transaction_today_amt")
		catg := r["transaction_catg"]
		if !ok || !has || isSubtotal(catg) {
			continue
		}
		switch r["transaction_type"] {
		case "Deposits":
			day.DepositsMUSD += amt
			day.TopDeposit = larger(day.TopDeposit, catg, amt)
		case "Withdrawals":
			day.WithdrawMUSD += amt
			day.TopWithdrawal = larger(day.TopWithdrawal, catg, amt)
		}
	}
	if len(changes) >= 3 {
		mean, sd := meanSD(changes)
		for i := range out {
			if sd > 0 {
				out[i].Score = tidy.Round(math.Min(math.Abs(changes[i]-mean)/sd/3, 1), 3)
			}
		}
	}
	minScore := c.Args.Float("min_score")
	kept := out[:0]
	for _, d := range out {
		if d.Score >= minScore {
			kept = append(kept, d)
		}
	}
	return &registry.Result{Data: kept, Count: len(kept), Source: treasury.Source.Title, Cached: up.Cached()}, nil
}

// isSubtotal spots the table's own total rows, which would double-count.
func isSubtotal(category string) bool {
	c := strings.ToLower(category)
	return strings.HasPrefix(c, "total") || strings.HasPrefix(c, "sub-total") || strings.HasPrefix(c, "subtotal")
}

func larger(cur *dtsFlow, category string, musd float64) *dtsFlow {
	if cur == nil || musd > cur.MUSD {
		return &dtsFlow{Category: category, MUSD: musd}
	}
	return cur
}
