package gov

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/treasury"
)

func init() {
	family.Register(&registry.Tool{
		Name: "national_debt", Path: "/paid/gov/national-debt", Price: "0.02",
		Description: "U.S. total public debt outstanding to the penny, split into debt held by the public and intragovernmental " +
			"holdings, with its change over the last month.",
		Example:  map[string]any{},
		Synonyms: []string{"us debt", "debt to the penny", "government debt", "federal debt", "what the us owes"},
		Expected: "Envelope whose data holds the latest U.S. total public debt in dollars, its split and its change per day.",
		Shape:    registry.Envelope,
		Result:   nationalDebtView{},
		Sources:  []string{treasury.Source.Name},
		Handler:  nationalDebt,
	})
}

// debtLookbackDays is the span the change is measured over.
const debtLookbackDays = 31

type debtChange struct {
	Since  string  `json:"since"`
	Total  float64 `json:"total"`
	PerDay float64 `json:"per_day"` // per calendar day
}

type nationalDebtView struct {
	RecordDate        string      `json:"record_date"`
	Total             float64     `json:"total_public_debt"`
	HeldByPublic      float64     `json:"debt_held_by_public"`
	Intragovernmental float64     `json:"intragovernmental_holdings"`
	Change            *debtChange `json:"change"`
}

func nationalDebt(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := treasury.Query{
		Dataset: treasury.DebtToPenny, Fields: []string{"record_date", "tot_pub_debt_out_amt", "debt_held_public_amt", "intragov_hold_amt"},
		Filter: "record_date:gte:" + c.Now.AddDate(0, 0, -debtLookbackDays).Format("2006-01-02"), Sort: "-record_date", PageSize: 100,
	}
	page, err := upstreams.Fetch(ctx, up, q.Request(), treasury.DecodePage)
	if err != nil {
		return nil, err
	}
	var rows []treasury.Row
	for _, r := range page.Rows {
		if _, ok := r.Amount("tot_pub_debt_out_amt"); ok {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return nil, upstreams.Errorf(treasury.Source.Name, upstreams.BadAnswer, "no debt records in the last month")
	}
	latest := rows[0]
	out := nationalDebtView{RecordDate: latest["record_date"]}
	out.Total, _ = latest.Amount("tot_pub_debt_out_amt")
	out.HeldByPublic, _ = latest.Amount("debt_held_public_amt")
	out.Intragovernmental, _ = latest.Amount("intragov_hold_amt")
	if oldest := rows[len(rows)-1]; len(rows) > 1 {
		was, _ := oldest.Amount("tot_pub_debt_out_amt")
		ch := &debtChange{Since: oldest["record_date"], Total: tidy.Round(out.Total-was, 2)}
		if days, ok := tidy.DaysBetween(oldest["record_date"], out.RecordDate); ok && days > 0 {
			ch.PerDay = tidy.Round(ch.Total/days, 2)
		}
		out.Change = ch
	}
	return &registry.Result{Data: out, Count: 1, Source: treasury.Source.Title, Cached: up.Cached()}, nil
}
