package osint

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/gdelt"
	"github.com/coinslot/coinslot/upstreams/github"
	"github.com/coinslot/coinslot/upstreams/hackernews"
	"github.com/coinslot/coinslot/upstreams/sec"
)

// packItem is one source's finding before it is scored.
type packItem struct {
	Source     string
	Title      string
	URL        string
	Published  time.Time
	Engagement float64 // 0-1
	// FullText is set when the source matched the topic as a phrase in the
	// item's full text, which makes it fully relevant whatever its title says.
	FullText bool
}

// packSource is one of the research pack's four sources: its identifier in
// include_sources, its weight in combined_score, its upstream, and how it is
// searched for a topic.
type packSource struct {
	id       string
	weight   float64
	upstream string
	title    string
	search   func(ctx context.Context, up *upstreams.Session, topic string, since, now time.Time) ([]packItem, error)
}

// packSources weigh primary filings highest, then edited news, then
// community and code activity.
var packSources = []packSource{
	{"gdelt", 0.8, gdelt.Source.Name, gdelt.Source.Title, searchNews},
	{"hackernews", 0.6, hackernews.Source.Name, hackernews.Source.Title, searchForum},
	{"github", 0.6, github.Source.Name, github.Source.Title, searchCode},
	{"sec", 1.0, sec.Search.Name, sec.Search.Title, searchFilings},
}

const packPerSource = 25

// phrase quotes a multi-word topic so that sources match it as written.
func phrase(topic string) string {
	if strings.ContainsAny(topic, " \t") {
		return `"` + strings.ReplaceAll(topic, `"`, "") + `"`
	}
	return topic
}

func searchNews(ctx context.Context, up *upstreams.Session, topic string, since, now time.Time) ([]packItem, error) {
	s := gdelt.Search{Query: phrase(topic), Mode: gdelt.ArtList, Timespan: now.Sub(since), MaxRecords: packPerSource, Sort: "HybridRel"}
	arts, err := upstreams.Fetch(ctx, up, s.Request(), gdelt.DecodeArticles)
	if err != nil {
		return nil, err
	}
	out := make([]packItem, 0, len(arts))
	for _, a := range arts {
		if seen, ok := a.Seen(); ok {
			out = append(out, packItem{Source: "gdelt", Title: a.Title, URL: a.URL, Published: seen, FullText: true})
		}
	}
	return out, nil
}

func searchForum(ctx context.Context, up *upstreams.Session, topic string, since, _ time.Time) ([]packItem, error) {
	hits, err := upstreams.Fetch(ctx, up, hackernews.Search{Query: topic, Tags: "story", Since: since, Hits: packPerSource}.Request(), hackernews.DecodeHits)
	if err != nil {
		return nil, err
	}
	out := make([]packItem, 0, len(hits))
	for _, h := range hits {
		out = append(out, packItem{Source: "hackernews", Title: h.Title, URL: h.Link(), Published: h.Created(),
			Engagement: logScale(float64(deref(h.Points)+deref(h.NumComments)), 500)})
	}
	return out, nil
}

func searchCode(ctx context.Context, up *upstreams.Session, topic string, since, _ time.Time) ([]packItem, error) {
	q := github.RepoSearch{Q: topic + " pushed:>" + since.Format(time.DateOnly), PerPage: packPerSource}
	page, err := upstreams.Fetch(ctx, up, q.Request(), github.DecodeRepoPage)
	if err != nil {
		return nil, err
	}
	out := make([]packItem, 0, len(page.Items))
	for _, r := range page.Items {
		pushed, err := time.Parse(time.RFC3339, r.PushedAt)
		if err != nil {
			continue
		}
		title := r.FullName
		if r.Description != nil && *r.Description != "" {
			title += ": " + *r.Description
		}
		out = append(out, packItem{Source: "github", Title: title, URL: r.HTMLURL, Published: pushed, Engagement: logScale(float64(r.Stars), 10000)})
	}
	return out, nil
}

func searchFilings(ctx context.Context, up *upstreams.Session, topic string, since, now time.Time) ([]packItem, error) {
	hits, err := upstreams.Fetch(ctx, up, sec.FullText{Query: phrase(topic), Start: since, End: now}.Request(), sec.DecodeFullText)
	if err != nil {
		return nil, err
	}
	var out []packItem
	seen := map[string]bool{}
	for _, d := range hits.Documents {
		filed, err := time.Parse(time.DateOnly, d.FiledOn)
		if err != nil || seen[d.Accession] || len(d.Companies) == 0 {
			continue
		}
		seen[d.Accession] = true
		title := d.Form + " - " + lexical.Collapse(d.Companies[0])
		out = append(out, packItem{Source: "sec", Title: title, URL: d.URL(), Published: filed, FullText: true})
		if len(out) == packPerSource {
			break
		}
	}
	return out, nil
}

// domainOf is the URL's host without a leading www.
func domainOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}
