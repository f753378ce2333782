package social

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/reddit"
)

func init() {
	family.Register(&registry.Tool{
		Name: "forum_search", Path: "/paid/social/forum", Price: "0.02",
		Description: "Search forum posts site-wide or in one community, by relevance, hot, new or top, " +
			"with score, comment count, date, link and a text excerpt.",
		Params: []registry.Param{
			registry.Str("query").Req().Len(1, 512).Describe("search words"),
			registry.Str("community").Len(2, 23).
				Matching(communityName, "a community name such as LocalLLaMA: 2-21 letters, digits or underscores").
				Describe("community name, e.g. LocalLLaMA or r/LocalLLaMA; site-wide when absent"),
			registry.Str("sort").OneOf("relevance", "hot", "new", "top").WithDefault("relevance"),
			registry.Int("limit").Range(5, 50).WithDefault(25),
		},
		Example:  map[string]any{"query": "mcp server", "community": "LocalLLaMA", "limit": 10},
		Synonyms: []string{"reddit", "forum posts", "community opinions", "community discussion", "subreddit", "what people are saying"},
		Expected: "Envelope whose data is an array of Reddit posts in the chosen order with score, comments and an excerpt of 300 characters, NSFW posts left out so fewer than limit may return.",
		Shape:    registry.Envelope,
		Result:   []forumPost(nil),
		Sources:  []string{reddit.Source.Name},
		Handler:  forumSearch,
	})
}

type forumPost struct {
	ID          string  `json:"id"`
	Title       string  `json:"title"`
	Community   string  `json:"community"`
	Author      string  `json:"author"`
	Score       int     `json:"score"`
	UpvoteRatio float64 `json:"upvote_ratio"`
	NumComments int     `json:"num_comments"`
	Created     string  `json:"created"`
	URL         string  `json:"url"`
	Link        string  `json:"link"`
	Flair       *string `json:"flair"`
	Excerpt     string  `json:"excerpt"`
}

// Reddit community names: 3-21 letters, digits or underscores; a few old
// ones are two characters long. An r/ or /r/ prefix is forgiven.
const communityName = `^\s*/?(r/)?[A-Za-z0-9][A-Za-z0-9_]{1,20}\s*$`

const excerptLen = 300

func forumSearch(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	s := reddit.Search{Query: strings.TrimSpace(c.Args.String("query")), Sort: c.Args.String("sort"), Limit: c.Args.Int("limit")}
	if c.Args.Has("community") {
		name := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(c.Args.String("community")), "/"), "r/")
		s.Communities = []string{name}
	}
	up := upstreams.NewSession(c.Upstream)
	posts, err := upstreams.Fetch(ctx, up, s.Request(), reddit.DecodeListing)
	if err != nil {
		return nil, upstreams.Missing(err, "no such community, or it is banned")
	}
	out := make([]forumPost, 0, len(posts))
	for _, p := range posts {
		if p.Over18 {
			continue
		}
		out = append(out, forumPost{
			ID: p.ID, Title: p.Title, Community: p.Community, Author: p.Author, Score: p.Score,
			UpvoteRatio: p.UpvoteRatio, NumComments: p.NumComments, Created: p.Created().Format(time.RFC3339),
			URL: p.Discussion(), Link: p.Link(), Flair: p.Flair, Excerpt: tidy.Clip(lexical.Collapse(p.Text), excerptLen),
		})
	}
	return &registry.Result{Data: out, Count: len(out), Source: reddit.Source.Title, Cached: up.Cached()}, nil
}
