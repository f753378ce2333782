package osint

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/federalregister"
)

func init() {
	family.Register(&registry.Tool{
		Name: "regulatory_impact_brief", Path: "/paid/osint/regulatory-impact-brief", Price: "0.12",
		Description: "Regulatory impact brief for a sector: recent Federal Register rules, proposed rules and notices that match it, scored for severity, with source links, agency context and an action read.",
		Params: []registry.Param{
			registry.Str("sector").Req().Len(2, 120).Describe("a sector name or custom phrase"),
			registry.Str("agency").Len(2, 120).Describe("agency name, acronym or Federal Register slug"),
			registry.Str("jurisdiction").OneOf("US").WithDefault("US").Describe("US federal"),
			registry.Int("hours").Range(6, 720).WithDefault(168),
			registry.Int("limit").Range(5, 25).WithDefault(10),
		},
		Example:  map[string]any{"sector": "stablecoins"},
		Synonyms: []string{"industry regulation", "compliance changes", "regulatory risk", "sector rules"},
		Expected: "A JSON object of Federal Register documents for a sector scored by severity with source-backed fields, agency context, response metadata and an action readout.",
		Shape:    registry.Object,
		Result:   impactBrief{},
		Sources:  []string{federalregister.Source.Name},
		Handler:  regulatoryImpactBrief,
	})
}

// impactCandidates is how many matching documents are scored before the
// top limit are kept.
const impactCandidates = 100

// soonDays is how near a comment deadline or effective date must be to
// raise severity and enter the action read.
const soonDays = 30

// typeWeight is the base severity of a document type: binding text first.
var typeWeight = map[string]int{"Rule": 3, "Presidential Document": 3, "Proposed Rule": 2, "Notice": 1}

type impactItem struct {
	Title           string   `json:"title"`
	Type            string   `json:"type"`
	Agency          string   `json:"agency"`
	Published       string   `json:"published"`
	Severity        string   `json:"severity"`
	SeverityScore   int      `json:"severity_score"`
	Reasons         []string `json:"reasons"`
	CommentsCloseOn *string  `json:"comments_close_on"`
	EffectiveOn     *string  `json:"effective_on"`
	DocumentNumber  string   `json:"document_number"`
	URL             string   `json:"url"`
	PDFURL          string   `json:"pdf_url"`
}

type agencyContext struct {
	Agency        string `json:"agency"`
	Documents     int    `json:"documents"`
	Rules         int    `json:"rules"`
	ProposedRules int    `json:"proposed_rules"`
	Notices       int    `json:"notices"`
}

type impactBrief struct {
	Sector         string          `json:"sector"`
	Agency         *string         `json:"agency"`
	Jurisdiction   string          `json:"jurisdiction"`
	WindowHours    int             `json:"window_hours"`
	Since          string          `json:"since"`
	DocumentsFound int             `json:"documents_found"`
	SeverityCounts map[string]int  `json:"severity_counts"`
	Items          []impactItem    `json:"items"`
	AgencyContext  []agencyContext `json:"agency_context"`
	ActionRead     string          `json:"action_read"`
	Method         string          `json:"method"`
}

const impactMethod = "severity_score = type weight (Rule or Presidential Document 3, Proposed Rule 2, Notice 1) + 2 if significant under E.O. 12866 + 1 if the sector phrase is in the title + 1 if comments close within 30 days + 1 if it takes effect within 30 days; high >= 5, medium >= 3, else low"

func regulatoryImpactBrief(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	sector := strings.TrimSpace(c.Args.String("sector"))
	hours := c.Args.Int("hours")
	since := c.Now.Add(-time.Duration(hours) * time.Hour)
	s := federalregister.Search{Term: sector, Since: since, Order: "newest", PerPage: impactCandidates}
	brief := impactBrief{
		Sector: sector, Jurisdiction: c.Args.String("jurisdiction"), WindowHours: hours, Since: since.Format(time.DateOnly),
		SeverityCounts: map[string]int{"high": 0, "medium": 0, "low": 0}, Items: []impactItem{}, AgencyContext: []agencyContext{}, Method: impactMethod,
	}
	if a := c.Args.String("agency"); a != "" {
		s.Agencies = []string{federalregister.AgencySlug(a)}
		brief.Agency = &a
	}
	up := upstreams.NewSession(c.Upstream)
	res, err := upstreams.Fetch(ctx, up, s.Request(), federalregister.DecodeResults)
	if err != nil {
		return nil, err
	}
	brief.DocumentsFound = res.Count
	byAgency := map[string]*agencyContext{}
	for _, d := range res.Documents {
		if d.PublicationDate < brief.Since {
			brief.DocumentsFound--
			continue
		}
		it := scoreDocument(d, sector, c.Now)
		brief.SeverityCounts[it.Severity]++
		brief.Items = append(brief.Items, it)
		ac := byAgency[it.Agency]
		if ac == nil {
			ac = &agencyContext{Agency: it.Agency}
			byAgency[it.Agency] = ac
		}
		ac.Documents++
		switch d.Type {
		case "Rule":
			ac.Rules++
		case "Proposed Rule":
			ac.ProposedRules++
		case "Notice":
			ac.Notices++
		}
	}
	for _, ac := range byAgency {
		brief.AgencyContext = append(brief.AgencyContext, *ac)
	}
	sort.Slice(brief.AgencyContext, func(i, j int) bool {
		a, b := brief.AgencyContext[i], brief.AgencyContext[j]
		if a.Documents != b.Documents {
			return a.Documents > b.Documents
		}
		return a.Agency < b.Agency
	})
	sort.SliceStable(brief.Items, func(i, j int) bool { return brief.Items[i].SeverityScore > brief.Items[j].SeverityScore })
	brief.ActionRead = actionRead(brief.Items, c.Now)
	brief.Items = brief.Items[:min(len(brief.Items), c.Args.Int("limit"))]
	return &registry.Result{Data: brief, Count: len(brief.Items), Source: federalregister.Source.Title, Cached: up.Cached()}, nil
}

func scoreDocument(d federalregister.Document, sector string, now time.Time) impactItem {
	it := impactItem{
		Title: strings.TrimSpace(d.Title), Type: d.Type, Agency: d.AgencyName(), Published: d.PublicationDate,
		CommentsCloseOn: d.CommentsCloseOn, EffectiveOn: d.EffectiveOn, DocumentNumber: d.DocumentNumber,
		URL: d.HTMLURL, PDFURL: d.PDFURL, Reasons: []string{},
	}
	w, ok := typeWeight[d.Type]
	if !ok {
		w = 1
	}
	it.SeverityScore = w
	it.Reasons = append(it.Reasons, fmt.Sprintf("%s (+%d)", strings.ToLower(d.Type), w))
	if d.Significant != nil && *d.Significant {
		it.SeverityScore += 2
		it.Reasons = append(it.Reasons, "significant under E.O. 12866 (+2)")
	}
	if strings.Contains(strings.ToLower(d.Title), strings.ToLower(sector)) {
		it.SeverityScore++
		it.Reasons = append(it.Reasons, "sector named in the title (+1)")
	}
	if within(d.CommentsCloseOn, now, soonDays) {
		it.SeverityScore++
		it.Reasons = append(it.Reasons, "comments close within 30 days (+1)")
	}
	if within(d.EffectiveOn, now, soonDays) {
		it.SeverityScore++
		it.Reasons = append(it.Reasons, "takes effect within 30 days (+1)")
	}
	switch {
	case it.SeverityScore >= 5:
		it.Severity = "high"
	case it.SeverityScore >= 3:
		it.Severity = "medium"
	default:
		it.Severity = "low"
	}
	return it
}

// within reports whether date (YYYY-MM-DD) falls between today and days ahead.
func within(date *string, now time.Time, days int) bool {
	if date == nil {
		return false
	}
	t, err := time.Parse(time.DateOnly, *date)
	if err != nil {
		return false
	}
	today := now.UTC().Truncate(24 * time.Hour)
	return !t.Before(today) && !t.After(today.AddDate(0, 0, days))
}

// actionRead summarises what a reader should do, from the scored items.
func actionRead(items []impactItem, now time.Time) string {
	if len(items) == 0 {
		return "No Federal Register documents matched this sector in the window; no action indicated."
	}
	high := 0
	var closing, effective []impactItem
	for _, it := range items {
		if it.Severity == "high" {
			high++
		}
		if within(it.CommentsCloseOn, now, soonDays) {
			closing = append(closing, it)
		}
		if within(it.EffectiveOn, now, soonDays) {
			effective = append(effective, it)
		}
	}
	parts := []string{fmt.Sprintf("%s, %d of high severity.", tidy.Plural(len(items), "matching document"), high)}
	if len(closing) > 0 {
		sort.SliceStable(closing, func(i, j int) bool { return *closing[i].CommentsCloseOn < *closing[j].CommentsCloseOn })
		parts = append(parts, fmt.Sprintf("%s within 30 days; the first closes %s (%s).",
			tidy.Plural(len(closing), "comment period closes", "comment periods close"), *closing[0].CommentsCloseOn, closing[0].DocumentNumber))
	}
	if len(effective) > 0 {
		sort.SliceStable(effective, func(i, j int) bool { return *effective[i].EffectiveOn < *effective[j].EffectiveOn })
		parts = append(parts, fmt.Sprintf("%s within 30 days; the first on %s (%s).",
			tidy.Plural(len(effective), "document takes effect", "documents take effect"), *effective[0].EffectiveOn, effective[0].DocumentNumber))
	}
	if high > 0 {
		parts = append(parts, "Review the high-severity items first.")
	} else {
		parts = append(parts, "Monitor; nothing requires immediate action.")
	}
	return strings.Join(parts, " ")
}
