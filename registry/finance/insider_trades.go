package finance

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

func init() {
	family.Register(&registry.Tool{
		Name: "insider_trades", Path: "/paid/finance/insider-trades", Price: "0.03",
		Description: "Insider transactions from SEC Form 4 filings: who traded, their role, the transaction code, shares, " +
			"price, value and holdings after, for one company by ticker or across the market's latest filings.",
		Params: []registry.Param{
			registry.Str("ticker").Len(1, 10).Describe("company ticker, e.g. AAPL; omit for the latest filings of all companies"),
			registry.Int("limit").Range(5, 50).WithDefault(20).Describe("transactions to return"),
		},
		Example:  map[string]any{"ticker": "AAPL", "limit": 10},
		Synonyms: []string{"form 4", "insider selling", "ceo sold shares", "executive stock trades", "director purchases"},
		Expected: "Envelope whose data is an array of SEC EDGAR Form 4 insider transactions with role, code, shares, price and value, newest first.",
		Shape:    registry.Envelope,
		Result:   []insiderTrade(nil),
		Sources:  []string{sec.EDGAR.Name, sec.Data.Name, sec.Search.Name},
		Handler:  insiderTrades,
		// A company may have fewer recent Form 4 transactions than asked.
		Metered: registry.PerItem("limit"),
	})
}

// insiderMarketDays is how far back the market-wide view looks.
const insiderMarketDays = 7

// insiderTrades reads at most limit filings: a company's newest Form 4s from
// its submissions, or the market's from full-text search.
func insiderTrades(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	limit := c.Args.Int("limit")
	up := upstreams.NewSession(c.Upstream)
	var refs []form4Ref
	if t := c.Args.String("ticker"); t != "" {
		company, err := resolveTicker(ctx, up, t)
		if err != nil {
			return nil, err
		}
		req, err := sec.Submissions(company.CIK)
		if err != nil {
			return nil, upstreams.Errorf(sec.Data.Name, upstreams.BadAnswer, "the company's CIK could not be read")
		}
		subs, err := upstreams.Fetch(ctx, up, req, sec.DecodeSubmissions)
		if err != nil {
			return nil, err
		}
		for _, r := range subs.Filings {
			if r.Form == "4" && len(refs) < limit {
				refs = append(refs, form4Ref{CIK: company.CIK, Accession: r.Accession, File: sec.RawOwnershipFile(r.PrimaryDocument), Filed: r.FilingDate})
			}
		}
	} else {
		var err error
		if refs, err = recentForm4s(ctx, up, c.Now, insiderMarketDays, nil, limit); err != nil {
			return nil, err
		}
	}
	trades, err := loadTrades(ctx, up, refs)
	if err != nil {
		return nil, err
	}
	trades = trades[:min(len(trades), limit)]
	if trades == nil {
		trades = []insiderTrade{}
	}
	return &registry.Result{Data: trades, Count: len(trades), Source: sec.EDGAR.Title, Cached: up.Cached()}, nil
}
