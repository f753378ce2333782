package osint

import (
	"context"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/hackernews"
)

func init() {
	family.Register(&registry.Tool{
		Name: "news_frontpage", Path: "/paid/osint/news-frontpage", Price: "0.02",
		Description: "The news front page ranked by dwell = points/(age_hours+2). Results are cached for 10 minutes.",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 50).WithDefault(30),
			registry.Int("min_points").AtLeast(0),
		},
		Example:  map[string]any{"limit": 10},
		Synonyms: []string{"top stories", "headlines", "hacker news front page", "tech news", "hn front page"},
		Expected: "Envelope whose data is an array of Hacker News front-page stories with points, comments and age, highest dwell = points/(age_hours+2) first.",
		Shape:    registry.Envelope,
		Result:   []frontPageStory(nil),
		Sources:  []string{hackernews.Source.Name},
		CacheTTL: 10 * time.Minute,
		Handler:  newsFrontpage,
		// The front page may hold fewer stories than asked, and min_points leaves some out.
		Metered: registry.PerItem("limit"),
	})
}

// frontPageSize is the whole front page, fetched whatever the limit so that
// every call shares one cached answer.
const frontPageSize = 50

type frontPageStory struct {
	ID            string  `json:"id"`
	Title         string  `json:"title"`
	URL           string  `json:"url"`
	Author        string  `json:"author"`
	Points        int     `json:"points"`
	Comments      int     `json:"comments"`
	AgeHours      float64 `json:"age_hours"`
	Dwell         float64 `json:"dwell"`
	DiscussionURL string  `json:"discussion_url"`
}

func newsFrontpage(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	hits, err := upstreams.Fetch(ctx, up, hackernews.Search{Tags: "front_page", Hits: frontPageSize}.Request(), hackernews.DecodeHits)
	if err != nil {
		return nil, err
	}
	minPoints := c.Args.Int("min_points")
	out := make([]frontPageStory, 0, len(hits))
	for _, h := range hits {
		points, comments := deref(h.Points), deref(h.NumComments)
		if points < minPoints {
			continue
		}
		age := max(c.Now.Sub(h.Created()).Hours(), 0)
		out = append(out, frontPageStory{
			ID: h.ObjectID, Title: h.Title, URL: h.Link(), Author: h.Author, Points: points, Comments: comments,
			AgeHours: tidy.Round(age, 2), Dwell: tidy.Round(float64(points)/(age+2), 3), DiscussionURL: h.DiscussionURL(),
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Dwell > out[j].Dwell })
	out = out[:min(len(out), c.Args.Int("limit"))]
	return &registry.Result{Data: out, Count: len(out), Source: hackernews.Source.Title, Cached: up.Cached()}, nil
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
