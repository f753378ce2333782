package finance

import (
	"context"
	"math"
	"sort"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/sec"
)

func init() {
	family.Register(&registry.Tool{
		Name: "insider_cluster_brief", Path: "/paid/finance/insider-cluster-brief", Price: "0.10",
		Description: "Turns the last two weeks of SEC Form 4 filings into signals: clusters of insiders buying the same stock " +
			"within ten days, scored, and a watchlist of large single purchases and insider selling.",
		Params: []registry.Param{
			registry.Str("ticker").Len(1, 10).Describe("one company's filings only, e.g. AAPL"),
			registry.Int("limit").Range(5, 80).WithDefault(40).Describe("Form 4 filings to analyze, newest first"),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"insider buying signal", "executives buying stock", "cluster buys", "insider buying alerts"},
		Expected: "A JSON object turning recent SEC Form 4 filings into insider buying and selling clusters with source-backed fields, a scored watchlist as its readout and the method as response metadata.",
		Shape:    registry.Object,
		Result:   clusterBrief{},
		Sources:  []string{sec.Search.Name, sec.EDGAR.Name},
		Handler:  insiderClusterBrief,
	})
}

const (
	clusterLookbackDays = 14
	clusterSpanDays     = 10        // buys this close together form a cluster
	clusterValueScale   = 1_000_000 // USD at which a cluster's value term is full
	largePurchaseUSD    = 100_000   // a lone purchase worth watching
	heavySellingUSD     = 1_000_000 // sales worth watching
)

const clusterMethod = "A cluster is 3 or more distinct insiders, or an officer and a director, buying (code P) the same " +
	"issuer within 10 days. score = (0.45*min(insiders/5,1) + 0.35*min(value/$1M,1) + 0.20 if a CEO, CFO or president " +
	"bought) * (1 - planned_share/2), where planned_share is the part of the value filed under a Rule 10b5-1 plan. " +
	"The watchlist holds other issuers with a purchase of $100k or more, or open-market sales (code S) of $1M or more."

type clusterBuyer struct {
	Name     string  `json:"name"`
	Role     string  `json:"role"`
	Date     string  `json:"date"`
	Shares   float64 `json:"shares"`
	Price    float64 `json:"price"`
	ValueUSD float64 `json:"value_usd"`
}

type cluster struct {
	Issuer        string         `json:"issuer"`
	Ticker        string         `json:"ticker"`
	IssuerCIK     string         `json:"issuer_cik"`
	Insiders      int            `json:"insiders"`
	Buyers        []clusterBuyer `json:"buyers"`
	FirstDate     string         `json:"first_date"`
	LastDate      string         `json:"last_date"`
	Shares        float64        `json:"shares"`
	ValueUSD      float64        `json:"value_usd"`
	AvgPrice      float64        `json:"avg_price"`
	ChiefInvolved bool           `json:"chief_involved"`
	PlannedShare  float64        `json:"planned_share"`
	Score         float64        `json:"score"`
}

type watchItem struct {
	Issuer       string  `json:"issuer"`
	Ticker       string  `json:"ticker"`
	IssuerCIK    string  `json:"issuer_cik"`
	Side         string  `json:"side"` // buy or sell
	Insiders     int     `json:"insiders"`
	ValueUSD     float64 `json:"value_usd"`
	PlannedShare float64 `json:"planned_share"`
	Reason       string  `json:"reason"`
}

type clusterWindow struct {
	From string `json:"from"`
	To   string `json:"to"`
	Days int    `json:"days"`
}

type clusterBrief struct {
	Window          clusterWindow `json:"window"`
	Ticker          string        `json:"ticker,omitempty"`
	FilingsAnalyzed int           `json:"filings_analyzed"`
	Transactions    int           `json:"transactions"`
	Purchases       int           `json:"purchases"`
	Sales           int           `json:"sales"`
	Clusters        []cluster     `json:"clusters"`
	Watchlist       []watchItem   `json:"watchlist"`
	Method          string        `json:"method"`
}

func insiderClusterBrief(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	brief := clusterBrief{
		Window: clusterWindow{From: c.Now.AddDate(0, 0, -clusterLookbackDays).Format("2006-01-02"), To: c.Now.Format("2006-01-02"), Days: clusterLookbackDays},
		Method: clusterMethod, Clusters: []cluster{}, Watchlist: []watchItem{},
	}
	var ciks []string
	issuerCIK := ""
	if t := c.Args.String("ticker"); t != "" {
		company, err := resolveTicker(ctx, up, t)
		if err != nil {
			return nil, err
		}
		brief.Ticker, issuerCIK, ciks = company.Ticker, company.CIK, []string{company.CIK}
	}
	refs, err := recentForm4s(ctx, up, c.Now, clusterLookbackDays, ciks, c.Args.Int("limit"))
	if err != nil {
		return nil, err
	}
	trades, err := loadTrades(ctx, up, refs)
	if err != nil {
		return nil, err
	}
	brief.FilingsAnalyzed = len(refs)

	buys, sells := map[string][]insiderTrade{}, map[string][]insiderTrade{}
	var issuers []string
	for _, t := range trades {
		if issuerCIK != "" && t.IssuerCIK != issuerCIK {
			continue // full-text search also matches the company's own insiders' other filings
		}
		brief.Transactions++
		if _, ok := buys[t.IssuerCIK]; !ok {
			if _, ok := sells[t.IssuerCIK]; !ok {
				issuers = append(issuers, t.IssuerCIK)
			}
		}
		switch t.Code {
		case "P":
			brief.Purchases++
			buys[t.IssuerCIK] = append(buys[t.IssuerCIK], t)
		case "S":
			brief.Sales++
			sells[t.IssuerCIK] = append(sells[t.IssuerCIK], t)
		}
	}
	for _, cik := range issuers {
		if cl, ok := bestCluster(buys[cik]); ok {
			brief.Clusters = append(brief.Clusters, cl)
			continue
		}
		if w, ok := largePurchase(buys[cik]); ok {
			brief.Watchlist = append(brief.Watchlist, w)
		}
		if w, ok := heavySelling(sells[cik]); ok {
			brief.Watchlist = append(brief.Watchlist, w)
		}
	}
	sort.SliceStable(brief.Clusters, func(i, j int) bool { return brief.Clusters[i].Score > brief.Clusters[j].Score })
	sort.SliceStable(brief.Watchlist, func(i, j int) bool { return brief.Watchlist[i].ValueUSD > brief.Watchlist[j].ValueUSD })
	return &registry.Result{Data: brief, Count: len(brief.Clusters), Source: sec.EDGAR.Title, Cached: up.Cached()}, nil
}

// bestCluster finds the 10-day run of an issuer's purchases with the most
// distinct buyers (then the most value) and keeps it if it is a cluster.
// withinDays reports whether two YYYY-MM-DD dates lie at most span days
// apart; an unreadable date is never within.
func withinDays(a, b string, span float64) bool {
	d, ok := tidy.DaysBetween(a, b)
	return ok && math.Abs(d) <= span
}

func bestCluster(buys []insiderTrade) (cluster, bool) {
	sort.SliceStable(buys, func(i, j int) bool { return buys[i].Date < buys[j].Date })
	var best []insiderTrade
	bestInsiders, bestValue := 0, 0.0
	for i := range buys {
		j := i
		for j < len(buys) && withinDays(buys[i].Date, buys[j].Date, clusterSpanDays) {
			j++
		}
		run := buys[i:j]
		n, v := distinctInsiders(run), totalValue(run)
		if n > bestInsiders || (n == bestInsiders && v > bestValue) {
			best, bestInsiders, bestValue = run, n, v
		}
	}
	officer, director := false, false
	for _, t := range best {
		officer = officer || t.officer
		director = director || (t.director && !t.officer)
	}
	if bestInsiders < 3 && !(bestInsiders >= 2 && officer && director) {
		return cluster{}, false
	}
	first := best[0]
	cl := cluster{
		Issuer: first.Issuer, Ticker: first.Ticker, IssuerCIK: first.IssuerCIK, Insiders: bestInsiders,
		FirstDate: first.Date, LastDate: best[len(best)-1].Date, ValueUSD: tidy.Round(bestValue, 2), Buyers: []clusterBuyer{},
	}
	for _, t := range best {
		cl.Buyers = append(cl.Buyers, clusterBuyer{Name: t.Insider, Role: t.Role, Date: t.Date, Shares: t.Shares, Price: t.Price, ValueUSD: t.ValueUSD})
		cl.Shares += t.Shares
		cl.ChiefInvolved = cl.ChiefInvolved || t.chief
	}
	if cl.Shares > 0 {
		cl.AvgPrice = tidy.Round(bestValue/cl.Shares, 4)
	}
	cl.PlannedShare = plannedShare(best)
	chief := 0.0
	if cl.ChiefInvolved {
		chief = 0.20
	}
	cl.Score = tidy.Round((0.45*tidy.Clamp(float64(bestInsiders)/5, 0, 1)+0.35*tidy.Clamp(bestValue/clusterValueScale, 0, 1)+chief)*(1-cl.PlannedShare/2), 3)
	return cl, true
}

// largePurchase flags an issuer's biggest single purchase when it is large.
func largePurchase(buys []insiderTrade) (watchItem, bool) {
	var top *insiderTrade
	for i := range buys {
		if top == nil || buys[i].ValueUSD > top.ValueUSD {
			top = &buys[i]
		}
	}
	if top == nil || top.ValueUSD < largePurchaseUSD {
		return watchItem{}, false
	}
	w := watchItem{Issuer: top.Issuer, Ticker: top.Ticker, IssuerCIK: top.IssuerCIK, Side: "buy", Insiders: distinctInsiders(buys),
		ValueUSD: tidy.Round(totalValue(buys), 2), PlannedShare: plannedShare(buys), Reason: "open-market purchase by " + top.Role + " " + top.Insider}
	return w, true
}

// heavySelling flags an issuer whose insiders sold a lot on the open market.
func heavySelling(sells []insiderTrade) (watchItem, bool) {
	v := totalValue(sells)
	if v < heavySellingUSD {
		return watchItem{}, false
	}
	first := sells[0]
	reason := "open-market selling by insiders"
	if plannedShare(sells) == 1 {
		reason += ", all under Rule 10b5-1 plans"
	}
	return watchItem{Issuer: first.Issuer, Ticker: first.Ticker, IssuerCIK: first.IssuerCIK, Side: "sell", Insiders: distinctInsiders(sells),
		ValueUSD: tidy.Round(v, 2), PlannedShare: plannedShare(sells), Reason: reason}, true
}

func distinctInsiders(ts []insiderTrade) int {
	seen := map[string]bool{}
	for _, t := range ts {
		seen[t.InsiderCIK] = true
	}
	return len(seen)
}

func totalValue(ts []insiderTrade) float64 {
	v := 0.0
	for _, t := range ts {
		v += t.ValueUSD
	}
	return v
}

func plannedShare(ts []insiderTrade) float64 {
	total, planned := 0.0, 0.0
	for _, t := range ts {
		total += t.ValueUSD
		if t.Plan10b51 {
			planned += t.ValueUSD
		}
	}
	if total == 0 {
		return 0
	}
	return tidy.Round(planned/total, 3)
}
