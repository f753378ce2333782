package osint

import (
	"context"
	"sort"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/github"
)

func init() {
	family.Register(&registry.Tool{
		Name: "code_host_trending", Path: "/paid/osint/codehost-trending", Price: "0.02",
		Description: "Repositories created recently on the code host that gather stars fastest (stars per day since creation).",
		Params: []registry.Param{
			registry.Int("limit").Range(5, 50).WithDefault(25),
			registry.Str("language").Len(1, 40).Describe("programming language, e.g. go"),
			registry.Int("since_days").Range(1, 90).WithDefault(7),
		},
		Example:  map[string]any{"limit": 10, "language": "go"},
		Synonyms: []string{"github trending", "new popular repos", "rising open source projects", "star growth"},
		Expected: "Envelope whose data is an array of recently created GitHub repositories with stars per day, fastest first.",
		Shape:    registry.Envelope,
		Result:   []trendingRepo(nil),
		Sources:  []string{github.Source.Name},
		Handler:  codeHostTrending,
		// A language or a short window may hold fewer new repositories than asked.
		Metered: registry.PerItem("limit"),
	})
}

type trendingRepo struct {
	FullName    string   `json:"full_name"`
	URL         string   `json:"url"`
	Description *string  `json:"description"`
	Language    *string  `json:"language"`
	Stars       int      `json:"stars"`
	Forks       int      `json:"forks"`
	CreatedAt   string   `json:"created_at"`
	AgeDays     float64  `json:"age_days"`
	StarsPerDay float64  `json:"stars_per_day"`
	Topics      []string `json:"topics"`
}

// The code host has no trending API: repositories created in the window are
// searched by stars, then ranked by stars per day of age (at least one day,
// so a repository an hour old is not credited with a day's pace per hour).
func codeHostTrending(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	since := c.Now.AddDate(0, 0, -c.Args.Int("since_days")).Format(time.DateOnly)
	q := "created:>" + since
	if lang := c.Args.String("language"); lang != "" {
		q += " language:" + lang
	}
	limit := c.Args.Int("limit")
	up := upstreams.NewSession(c.Upstream)
	page, err := upstreams.Fetch(ctx, up, github.RepoSearch{Q: q, Sort: "stars", PerPage: limit}.Request(), github.DecodeRepoPage)
	if err != nil {
		return nil, err
	}
	out := make([]trendingRepo, 0, len(page.Items))
	for _, r := range page.Items {
		created, err := time.Parse(time.RFC3339, r.CreatedAt)
		if err != nil {
			return nil, upstreams.Errorf(github.Source.Name, upstreams.BadAnswer, "a repository has no valid creation time")
		}
		age := c.Now.Sub(created).Hours() / 24
		topics := r.Topics
		if topics == nil {
			topics = []string{}
		}
		out = append(out, trendingRepo{
			FullName: r.FullName, URL: r.HTMLURL, Description: r.Description, Language: r.Language,
			Stars: r.Stars, Forks: r.Forks, CreatedAt: r.CreatedAt, AgeDays: tidy.Round(age, 2),
			StarsPerDay: tidy.Round(float64(r.Stars)/max(age, 1), 2), Topics: topics,
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].StarsPerDay > out[j].StarsPerDay })
	out = out[:min(len(out), limit)]
	return &registry.Result{Data: out, Count: len(out), Source: github.Source.Title, Cached: up.Cached()}, nil
}
