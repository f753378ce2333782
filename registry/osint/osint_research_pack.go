package osint

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
)

func init() {
	family.Register(&registry.Tool{
		Name: "osint_research_pack", Path: "/paid/osint/research-pack", Price: "0.04", BodyRequired: true,
		Description: "Research pack on a topic from four open sources (global news, Hacker News, GitHub, SEC full-text search), ranked by combined_score with four verification layers.",
		Params: []registry.Param{
			registry.Str("topic").Req().Len(3, 200),
			registry.List("domains", registry.String).Most(20).Describe("keep only items from these web domains"),
			registry.List("include_sources", registry.String).OneOf("gdelt", "hackernews", "github", "sec", "all").Describe("gdelt, hackernews, github, sec or all; default all"),
			registry.Int("hours_back").Range(1, 720).WithDefault(72),
		},
		Example:  map[string]any{"topic": "x402 payments"},
		Synonyms: []string{"background research", "due diligence", "open source intelligence", "investigate a topic", "dossier"},
		Expected: "Envelope whose data is an array of items gathered from the queried sources, scored for relevance, recency and engagement and checked for corroboration, best first.",
		Shape:    registry.Envelope,
		Result:   []packEntry(nil),
		Sources:  packSourceNames(),
		Handler:  osintResearchPack,
	})
}

type packVerification struct {
	CorroboratedBy []string `json:"corroborated_by"`
	DomainMatch    *bool    `json:"domain_match"`
	WithinWindow   bool     `json:"within_window"`
	LinkChecked    bool     `json:"link_checked"`
}

type packEntry struct {
	Source        string           `json:"source"`
	Title         string           `json:"title"`
	URL           string           `json:"url"`
	Domain        string           `json:"domain"`
	Published     string           `json:"published"`
	CombinedScore float64          `json:"combined_score"`
	Relevance     float64          `json:"relevance"`
	Recency       float64          `json:"recency"`
	Engagement    float64          `json:"engagement"`
	Verification  packVerification `json:"verification"`
}

// osintResearchPack scores every item as
// combined_score = 0.4 relevance + 0.3 recency + 0.2 engagement + 0.1 source weight,
// where relevance is 1 for a full-text phrase match (news, filings) and
// otherwise the share of the topic's words in the title, recency
// falls linearly from 1 (now) to 0 (hours_back ago), and engagement is the
// log-scaled points and comments (forum) or stars (code host), 0 for news and
// filings. Verification: other sources with a title sharing two or more
// words with this one; the domain filter; the window check; links are never
// fetched, so link_checked is always false.
func osintResearchPack(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	topic := strings.TrimSpace(c.Args.String("topic"))
	hours := c.Args.Int("hours_back")
	since := c.Now.Add(-time.Duration(hours) * time.Hour)
	chosen := c.Args.Strings("include_sources")
	var sources []packSource
	for _, s := range packSources {
		if chosen == nil || slices.Contains(chosen, "all") || slices.Contains(chosen, s.id) {
			sources = append(sources, s)
		}
	}
	up := upstreams.NewSession(c.Upstream)
	found := make([][]packItem, len(sources))
	if err := upstreams.Each(ctx, sources, func(ctx context.Context, i int, s packSource) (err error) {
		found[i], err = s.search(ctx, up, topic, since, c.Now)
		return err
	}); err != nil {
		return nil, err
	}

	domains := c.Args.Strings("domains")
	topicWords := words(topic)
	var all []packItem
	for _, items := range found {
		all = append(all, items...)
	}
	titleWords := make([]map[string]bool, len(all))
	for i, it := range all {
		titleWords[i] = words(it.Title)
	}
	out := []packEntry{}
	for i, it := range all {
		e := packEntry{Source: it.Source, Title: it.Title, URL: it.URL, Domain: domainOf(it.URL), Published: it.Published.UTC().Format(time.RFC3339)}
		if domains != nil {
			match := domainAllowed(e.Domain, domains)
			if !match {
				continue
			}
			e.Verification.DomainMatch = &match
		}
		e.Relevance = 1
		if !it.FullText {
			e.Relevance = tidy.Round(overlap(topicWords, titleWords[i]), 3)
		}
		e.Recency = tidy.Round(tidy.Clamp(1-c.Now.Sub(it.Published).Hours()/float64(hours), 0, 1), 3)
		e.Engagement = tidy.Round(it.Engagement, 3)
		e.CombinedScore = tidy.Round(0.4*e.Relevance+0.3*e.Recency+0.2*e.Engagement+0.1*sourceWeight(it.Source), 3)
		e.Verification.WithinWindow = !it.Published.Before(since) && !it.Published.After(c.Now)
		e.Verification.CorroboratedBy = []string{}
		for j, other := range all {
			if other.Source != it.Source && !slices.Contains(e.Verification.CorroboratedBy, other.Source) && shared(titleWords[i], titleWords[j]) >= 2 {
				e.Verification.CorroboratedBy = append(e.Verification.CorroboratedBy, other.Source)
			}
		}
		sort.Strings(e.Verification.CorroboratedBy)
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].CombinedScore > out[j].CombinedScore })
	titles := make([]string, len(sources))
	for i, s := range sources {
		titles[i] = s.title
	}
	return &registry.Result{Data: out, Count: len(out), Source: strings.Join(titles, ", "), Cached: up.Cached()}, nil
}

func sourceWeight(id string) float64 {
	for _, s := range packSources {
		if s.id == id {
			return s.weight
		}
	}
	return 0
}

// stopWords carry no topic.
var stopWords = map[string]bool{
	"the": true, "a": true, "an": true, "of": true, "for": true, "and": true, "or": true, "to": true, "in": true,
	"on": true, "with": true, "is": true, "are": true, "by": true, "at": true, "from": true, "as": true, "its": true,
	"how": true, "what": true, "why": true, "new": true, "this": true, "that": true, "inc": true,
}

// words are the lower-cased words of s, without stop words and single letters.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) > 1 && !stopWords[w] {
			out[w] = true
		}
	}
	return out
}

func shared(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return n
}

// overlap is the share of want's words found in got.
func overlap(want, got map[string]bool) float64 {
	if len(want) == 0 {
		return 0
	}
	return float64(shared(want, got)) / float64(len(want))
}

// domainAllowed matches a domain or any of its subdomains.
func domainAllowed(domain string, allowed []string) bool {
	for _, a := range allowed {
		a = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(a)), "www.")
		if domain == a || strings.HasSuffix(domain, "."+a) {
			return true
		}
	}
	return false
}

// logScale maps a count to 0-1 on a log scale that reaches 1 at full.
func logScale(n, full float64) float64 {
	return math.Min(1, math.Log1p(max(n, 0))/math.Log1p(full))
}

func packSourceNames() []string {
	out := make([]string, len(packSources))
	for i, s := range packSources {
		out[i] = s.upstream
	}
	return out
}
