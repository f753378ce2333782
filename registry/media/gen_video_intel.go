package media

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/reddit"
)

func init() {
	family.Register(&registry.Tool{
		Name: "gen_video_intel", Path: "/paid/media/gen-video", Price: "0.05",
		Description: "What the generative-video communities are saying about a model, workflow or capability: " +
			"per-community summaries and the most relevant posts of the past year with excerpts, dates and links.",
		Params: []registry.Param{
			registry.Str("query").Len(2, 200).Describe("topic, workflow or capability, e.g. image to video"),
			modelParam(),
		},
		Example:  map[string]any{"model": "wan", "query": "image to video"},
		Synonyms: []string{"ai video tools", "text to video", "video generation community", "sora", "runway", "video model reviews"},
		Expected: "A receipt-backed JSON object with the svc_receipt envelope, listing up to 25 generative-video posts from r/StableDiffusion, r/comfyui and r/aivideo by relevance over the past year and the channels they come from; no upstream model API access is included.",
		Shape:    registry.ReceiptBacked,
		Result:   videoIntel{},
		Sources:  []string{reddit.Source.Name},
		Handler:  genVideoIntel,
	})
}

type videoIntel struct {
	Query       string          `json:"query"`
	Model       string          `json:"model"`
	Searched    searched        `json:"searched"`
	PostsFound  int             `json:"posts_found"`
	Channels    []channelDigest `json:"channels"`
	Items       []videoPost     `json:"items"`
	SourceNotes []string        `json:"source_notes"`
}

type channelDigest struct {
	Channel       string  `json:"channel"`
	Posts         int     `json:"posts"`
	TotalScore    int     `json:"total_score"`
	TotalComments int     `json:"total_comments"`
	Newest        string  `json:"newest"`
	TopPost       postRef `json:"top_post"`
}

type postRef struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	score int
}

type videoPost struct {
	Title       string  `json:"title"`
	Channel     string  `json:"channel"`
	Author      string  `json:"author"`
	Date        string  `json:"date"`
	Score       int     `json:"score"`
	NumComments int     `json:"num_comments"`
	URL         string  `json:"url"`
	Link        string  `json:"link"`
	Flair       *string `json:"flair"`
	Excerpt     string  `json:"excerpt"`
}

const (
	videoPostLimit = 25
	videoExcerpt   = 280
)

func genVideoIntel(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	model := modelArg(c)
	query := lexical.Collapse(c.Args.String("query"))
	terms := strings.TrimSpace(model + " " + query)
	if terms == "" {
		terms = "video"
	}
	up := upstreams.NewSession(c.Upstream)
	posts, asked, err := searchCommunities(ctx, up, terms, videoPostLimit)
	if err != nil {
		return nil, err
	}
	out := videoIntel{
		Query: query, Model: model, Searched: asked, PostsFound: len(posts),
		Channels: digest(posts), Items: make([]videoPost, 0, len(posts)),
		SourceNotes: []string{
			"Posts come from Reddit's public search of " + strings.Join(asked.Communities, ", ") + ", in Reddit's relevance order; NSFW posts are left out.",
			"Scores are net upvotes and comment counts as Reddit reported them at search time; excerpts are the first 280 characters of a post's text.",
			"Channel summaries are counted here from the posts found, not from whole communities.",
			noModelAccess,
		},
	}
	for _, p := range posts {
		out.Items = append(out.Items, videoPost{
			Title: p.Title, Channel: channel(p), Author: p.Author, Date: day(p), Score: p.Score,
			NumComments: p.NumComments, URL: p.Discussion(), Link: p.Link(), Flair: p.Flair,
			Excerpt: tidy.Clip(lexical.Collapse(p.Text), videoExcerpt),
		})
	}
	return &registry.Result{Data: out, Count: len(out.Items), Source: reddit.Source.Title, Cached: up.Cached()}, nil
}

// digest summarises the posts found per community, busiest first.
func digest(posts []reddit.Post) []channelDigest {
	by := map[string]*channelDigest{}
	var order []string
	for _, p := range posts {
		ch := channel(p)
		d, ok := by[ch]
		if !ok {
			d = &channelDigest{Channel: ch, TopPost: postRef{score: math.MinInt}}
			by[ch] = d
			order = append(order, ch)
		}
		d.Posts++
		d.TotalScore += p.Score
		d.TotalComments += p.NumComments
		if day(p) > d.Newest {
			d.Newest = day(p)
		}
		if p.Score > d.TopPost.score {
			d.TopPost = postRef{Title: p.Title, URL: p.Discussion(), score: p.Score}
		}
	}
	out := make([]channelDigest, 0, len(order))
	for _, ch := range order {
		out = append(out, *by[ch])
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Posts != out[j].Posts {
			return out[i].Posts > out[j].Posts
		}
		return out[i].TotalScore > out[j].TotalScore
	})
	return out
}
