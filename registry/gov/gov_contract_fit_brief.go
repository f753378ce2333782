package gov

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/usaspending"
)

func init() {
	family.Register(&registry.Tool{
		Name: "gov_contract_fit_brief", Path: "/paid/gov/contract-fit-brief", Price: "0.15",
		Description: "Federal contract market brief for a keyword over three years (USAspending.gov): incumbents and buyer " +
			"agencies scored by dollars, award sizes, recompete timing, a fit score and pursuit notes, optionally for your company's domain.",
		Params: []registry.Param{
			registry.Str("keyword").Req().Len(3, 100).Describe("what is bought, e.g. zero trust"),
			registry.Str("agency").Len(2, 120).Describe("awarding agency name or abbreviation, e.g. DHS"),
			registry.Str("company_domain").Len(3, 253).Describe("your company's web domain, matched to recipient names, e.g. zscaler.com"),
			registry.Int("limit").Range(5, 50).WithDefault(25).Describe("largest awards to sample"),
		},
		Example:  map[string]any{"keyword": "zero trust", "company_domain": "zscaler.com"},
		Synonyms: []string{"win government contracts", "govcon", "incumbents", "recompete", "capture planning", "bid on federal work"},
		Expected: "A JSON object sizing a federal contracting market from USAspending.gov with source-backed fields (concentration, incumbents, buyer agencies, recompetes), a fit score and pursuit notes as its readout, and the method as response metadata.",
		Shape:    registry.Object,
		Result:   fitBrief{},
		Sources:  []string{usaspending.Source.Name},
		Handler:  govContractFitBrief,
	})
}

const (
	fitYears         = 3
	fitCategoryRows  = 10
	fitTopAwards     = 10
	recompeteMonths  = 18 // awards ending this soon are recompete candidates
	smallAwardUSD    = 10_000_000
	midAwardUSD      = 50_000_000
	entrenchedShare  = 0.4
	fragmentedTop3   = 0.5
	meaningfulBuyers = 0.05 // an agency with this share of obligations counts as a buyer
)

const fitMethod = "Dollars are obligations on prime contracts matching the keyword over the window. Shares divide by the " +
	"total of the top 10 buyer agencies. hhi is the Herfindahl index of recipient shares (0-10000). fit_score (0-100) = " +
	"40*(1 - top3_share) + 20*min(agencies with 5%+ share / 5, 1) + 20*award size (1 if the median sampled award is at most " +
	"$10M, 0.5 at most $50M, else 0.2) + 20*company presence (1 if the domain matches a top recipient, 0 if not, 0.5 without a domain)."

type fitWindow struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

type fitMarket struct {
	TotalObligatedUSD float64 `json:"total_obligated_usd"`
	AwardsSampled     int     `json:"awards_sampled"`
	MedianAwardUSD    float64 `json:"median_award_usd"`
	LargestAwardUSD   float64 `json:"largest_award_usd"`
}

type fitConcentration struct {
	TopShare  float64 `json:"top_share"`
	Top3Share float64 `json:"top3_share"`
	HHI       float64 `json:"hhi"`
}

type fitShare struct {
	Name      string  `json:"name"`
	ID        string  `json:"id,omitempty"` // recipient UEI or agency code
	AmountUSD float64 `json:"amount_usd"`
	Share     float64 `json:"share"`
}

type fitCompany struct {
	Domain    string  `json:"domain"`
	NameHint  string  `json:"name_hint"`
	Matched   bool    `json:"matched"`
	Recipient string  `json:"recipient,omitempty"`
	Rank      int     `json:"rank,omitempty"`
	AmountUSD float64 `json:"amount_usd"`
	Share     float64 `json:"share"`
}

type fitBrief struct {
	Keyword       string           `json:"keyword"`
	Agency        string           `json:"agency,omitempty"`
	Window        fitWindow        `json:"window"`
	Market        fitMarket        `json:"market"`
	Concentration fitConcentration `json:"concentration"`
	Incumbents    []fitShare       `json:"incumbents"`
	BuyerAgencies []fitShare       `json:"buyer_agencies"`
	TopAwards     []awardRow       `json:"top_awards"`
	Recompetes    []awardRow       `json:"recompetes"`
	Company       *fitCompany      `json:"company,omitempty"`
	FitScore      int              `json:"fit_score"`
	PursuitNotes  []string         `json:"pursuit_notes"`
	Method        string           `json:"method"`
}

func govContractFitBrief(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	agency, err := resolveAgency(ctx, up, c.Args.String("agency"))
	if err != nil {
		return nil, err
	}
	keyword := strings.TrimSpace(c.Args.String("keyword"))
	filters := usaspending.Filters{Keywords: []string{keyword}, Agency: agency}
	filters.Start, filters.End = lastYears(c.Now, fitYears)

	var page usaspending.AwardPage
	var recipients, agencies []usaspending.Total
	if err := upstreams.All(ctx,
		upstreams.Into(up, &page, usaspending.Awards(filters, c.Args.Int("limit")), usaspending.DecodeAwards),
		upstreams.Into(up, &recipients, usaspending.Totals(usaspending.ByRecipient, filters, fitCategoryRows), usaspending.DecodeTotals),
		upstreams.Into(up, &agencies, usaspending.Totals(usaspending.ByAwardingAgency, filters, fitCategoryRows), usaspending.DecodeTotals),
	); err != nil {
		return nil, err
	}

	b := fitBrief{
		Keyword: keyword, Agency: agency, Window: fitWindow{filters.Start.Format(time.DateOnly), filters.End.Format(time.DateOnly)},
		Incumbents: []fitShare{}, BuyerAgencies: []fitShare{}, Recompetes: []awardRow{}, PursuitNotes: []string{}, Method: fitMethod,
	}
	total := 0.0
	for _, a := range agencies {
		total += float64(a.Amount)
	}
	b.Market.TotalObligatedUSD = tidy.Round(total, 2)
	share := func(v float64) float64 { // unrounded: the index sums their squares
		if total <= 0 {
			return 0
		}
		return v / total
	}
	for _, a := range agencies {
		b.BuyerAgencies = append(b.BuyerAgencies, fitShare{Name: a.Name, ID: a.Code, AmountUSD: float64(a.Amount), Share: tidy.Round(share(float64(a.Amount)), 4)})
	}
	var top3 float64
	for i, r := range recipients {
		s := share(float64(r.Amount))
		b.Incumbents = append(b.Incumbents, fitShare{Name: r.Name, ID: r.UEI, AmountUSD: float64(r.Amount), Share: tidy.Round(s, 4)})
		b.Concentration.HHI += (s * 100) * (s * 100)
		if i < 3 {
			top3 += s
		}
	}
	b.Concentration.HHI = tidy.Round(b.Concentration.HHI, 1)
	b.Concentration.Top3Share = tidy.Round(top3, 4)
	if len(b.Incumbents) > 0 {
		b.Concentration.TopShare = b.Incumbents[0].Share
	}

	rows := toAwardRows(page.Awards)
	b.TopAwards = rows[:min(len(rows), fitTopAwards)]
	b.Market.AwardsSampled = len(rows)
	amounts := make([]float64, len(rows))
	for i, r := range rows {
		amounts[i] = r.AmountUSD
	}
	sort.Float64s(amounts)
	if n := len(amounts); n > 0 {
		b.Market.LargestAwardUSD = amounts[n-1]
		b.Market.MedianAwardUSD = tidy.Round(tidy.Median(amounts), 2)
	}
	horizon := c.Now.AddDate(0, recompeteMonths, 0).Format(time.DateOnly)
	today := c.Now.Format(time.DateOnly)
	for _, r := range rows {
		if r.EndDate >= today && r.EndDate <= horizon {
			b.Recompetes = append(b.Recompetes, r)
		}
	}
	sort.SliceStable(b.Recompetes, func(i, j int) bool { return b.Recompetes[i].EndDate < b.Recompetes[j].EndDate })
	if d := strings.TrimSpace(c.Args.String("company_domain")); d != "" {
		b.Company = matchCompany(d, b.Incumbents)
	}
	b.FitScore = fitScore(b)
	b.PursuitNotes = pursuitNotes(b)
	return &registry.Result{Data: b, Count: len(b.Incumbents), Source: usaspending.Source.Title, Cached: up.Cached()}, nil
}

// matchCompany guesses a company name from its domain's main label
// (boozallen.com -> boozallen) and looks for it among the recipients' names
// with spaces and punctuation removed.
func matchCompany(domain string, incumbents []fitShare) *fitCompany {
	d := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(domain, "https://"), "http://"))
	d, _, _ = strings.Cut(d, "/")
	d = strings.TrimPrefix(d, "www.")
	labels := strings.Split(d, ".")
	hint := labels[0]
	if len(labels) >= 3 && len(labels[len(labels)-2]) <= 3 { // e.g. example.co.uk
		hint = labels[len(labels)-3]
	} else if len(labels) >= 2 {
		hint = labels[len(labels)-2]
	}
	c := &fitCompany{Domain: d, NameHint: hint}
	if len(hint) < 3 {
		return c
	}
	for i, r := range incumbents {
		if strings.Contains(squash(r.Name), squash(hint)) {
			c.Matched, c.Recipient, c.Rank, c.AmountUSD, c.Share = true, r.Name, i+1, r.AmountUSD, r.Share
			break
		}
	}
	return c
}

// squash keeps lower-case letters and digits.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func fitScore(b fitBrief) int {
	buyers := 0
	for _, a := range b.BuyerAgencies {
		if a.Share >= meaningfulBuyers {
			buyers++
		}
	}
	size := 0.2
	switch m := b.Market.MedianAwardUSD; {
	case b.Market.AwardsSampled == 0:
		size = 0
	case m <= smallAwardUSD:
		size = 1
	case m <= midAwardUSD:
		size = 0.5
	}
	presence := 0.5
	if b.Company != nil {
		presence = 0
		if b.Company.Matched {
			presence = 1
		}
	}
	s := 40*(1-tidy.Clamp(b.Concentration.Top3Share, 0, 1)) + 20*tidy.Clamp(float64(buyers)/5, 0, 1) + 20*size + 20*presence
	return int(tidy.Round(s, 0))
}

func pursuitNotes(b fitBrief) []string {
	var notes []string
	if b.Market.TotalObligatedUSD == 0 {
		return append(notes, "No obligations matched the keyword in the window; try a broader keyword or drop the agency filter.")
	}
	if len(b.Incumbents) > 0 {
		top := b.Incumbents[0]
		switch {
		case top.Share >= entrenchedShare:
			notes = append(notes, fmt.Sprintf("Entrenched incumbent: %s holds %.0f%% of obligations; team with it or target its recompetes.", top.Name, top.Share*100))
		case b.Concentration.Top3Share < fragmentedTop3:
			notes = append(notes, fmt.Sprintf("Fragmented market: the top three recipients hold %.0f%% of obligations.", b.Concentration.Top3Share*100))
		default:
			notes = append(notes, fmt.Sprintf("Concentrated market: the top three recipients hold %.0f%%, led by %s.", b.Concentration.Top3Share*100, top.Name))
		}
	}
	if len(b.BuyerAgencies) > 0 {
		a := b.BuyerAgencies[0]
		notes = append(notes, fmt.Sprintf("Largest buyer: %s with %.0f%% of obligations.", a.Name, a.Share*100))
	}
	if n := len(b.Recompetes); n > 0 {
		notes = append(notes, fmt.Sprintf("%d sampled award(s) end within %d months; the earliest recompete is %s (%s, ends %s).",
			n, recompeteMonths, b.Recompetes[0].AwardID, b.Recompetes[0].Recipient, b.Recompetes[0].EndDate))
	}
	if b.Market.AwardsSampled > 0 {
		notes = append(notes, fmt.Sprintf("Median sampled award is $%.1fM; the largest is $%.1fM.", b.Market.MedianAwardUSD/1e6, b.Market.LargestAwardUSD/1e6))
	}
	if c := b.Company; c != nil {
		if c.Matched {
			notes = append(notes, fmt.Sprintf("%s matches %s, ranked #%d with %.1f%% of obligations: an incumbent to defend and expand.", c.Domain, c.Recipient, c.Rank, c.Share*100))
		} else {
			notes = append(notes, fmt.Sprintf("No top recipient matches %s: enter as a subcontractor to the incumbents or through small recompetes.", c.Domain))
		}
	}
	return notes
}
