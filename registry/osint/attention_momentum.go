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
		Name: "attention_momentum", Path: "/paid/osint/attention-momentum", Price: "0.02",
		Description: "Hacker News stories gaining attention fastest in the last 1, 6 or 24 hours: momentum_score = velocity*0.6 + score/100*0.3 + comments/50*0.1, with a viral flag.",
		Params: []registry.Param{
			registry.Str("query").Len(0, 200).Describe("keywords; empty for all stories"),
			registry.Str("window").OneOf("1h", "6h", "24h").WithDefault("6h"),
		},
		Example:  map[string]any{"window": "6h"},
		Synonyms: []string{"going viral", "hacker news trending", "tech buzz", "fast rising stories"},
		Expected: "Envelope whose data is an array of Hacker News stories scored by velocity and momentum, highest momentum first.",
		Shape:    registry.Envelope,
		Result:   []momentumStory(nil),
		Sources:  []string{hackernews.Source.Name},
		Handler:  attentionMomentum,
	})
}

var momentumWindows = map[string]time.Duration{"1h": time.Hour, "6h": 6 * time.Hour, "24h": 24 * time.Hour}

const (
	// momentumStories is the most stories one search returns.
	momentumStories = 100
	// viralMomentum marks a story as viral: at the 0.6 velocity weight it is
	// reached at about 33 points per hour, a front-page pace.
	viralMomentum = 20.0
	// minAgeHours keeps a story posted seconds ago from dividing by zero.
	minAgeHours = 0.25
)

type momentumStory struct {
	ID            string  `json:"id"`
	Title         string  `json:"title"`
	URL           string  `json:"url"`
	Points        int     `json:"points"`
	Comments      int     `json:"comments"`
	AgeHours      float64 `json:"age_hours"`
	Velocity      float64 `json:"velocity"`
	MomentumScore float64 `json:"momentum_score"`
	Viral         bool    `json:"viral"`
}

func attentionMomentum(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	// The bound is taken to the minute so that calls within one share a cached answer.
	since := c.Now.Add(-momentumWindows[c.Args.String("window")]).Truncate(time.Minute)
	s := hackernews.Search{Query: c.Args.String("query"), Tags: "story", Since: since, Hits: momentumStories, ByDate: true}
	up := upstreams.NewSession(c.Upstream)
	hits, err := upstreams.Fetch(ctx, up, s.Request(), hackernews.DecodeHits)
	if err != nil {
		return nil, err
	}
	out := make([]momentumStory, 0, len(hits))
	for _, h := range hits {
		points, comments := deref(h.Points), deref(h.NumComments)
		age := c.Now.Sub(h.Created()).Hours()
		velocity := float64(points) / max(age, minAgeHours)
		score := velocity*0.6 + float64(points)/100*0.3 + float64(comments)/50*0.1
		out = append(out, momentumStory{
			ID: h.ObjectID, Title: h.Title, URL: h.Link(), Points: points, Comments: comments,
			AgeHours: tidy.Round(max(age, 0), 2), Velocity: tidy.Round(velocity, 3), MomentumScore: tidy.Round(score, 3), Viral: score >= viralMomentum,
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].MomentumScore > out[j].MomentumScore })
	return &registry.Result{Data: out, Count: len(out), Source: hackernews.Source.Title, Cached: up.Cached()}, nil
}
