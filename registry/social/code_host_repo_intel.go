package social

import (
	"context"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/github"
)

func init() {
	family.Register(&registry.Tool{
		Name: "code_host_repo_intel", Path: "/paid/social/codehost-repo", Price: "0.03",
		Description: "One code-host repository at a glance: stars, forks, watchers, issues, license, topics, " +
			"language mix, top contributors, recent releases and days since the last push.",
		Params: []registry.Param{
			registry.Str("repo").Req().Len(3, 140).Matching(repoForm, repoShape).Describe("owner/repo, e.g. coinbase/x402"),
		},
		Example:  map[string]any{"repo": "coinbase/x402"},
		Synonyms: []string{"github repo stats", "repository health", "project maintenance", "stars and forks", "open source due diligence", "still maintained", "abandoned project"},
		Expected: "Envelope whose data profiles one GitHub repository: activity, languages, license, top contributors and releases, latest_release being the newest non-prerelease or null.",
		Shape:    registry.Envelope,
		Result:   repoIntel{},
		Sources:  []string{github.Source.Name},
		Check:    checkRepo,
		Handler:  codeHostRepoIntel,
	})
}

type repoIntel struct {
	FullName        string          `json:"full_name"`
	URL             string          `json:"url"`
	Description     *string         `json:"description"`
	Homepage        *string         `json:"homepage"`
	Owner           string          `json:"owner"`
	OwnerType       string          `json:"owner_type"`
	Stars           int             `json:"stars"`
	Forks           int             `json:"forks"`
	Watchers        int             `json:"watchers"`
	OpenIssues      int             `json:"open_issues"` // GitHub counts open pull requests here too
	Language        *string         `json:"language"`
	Languages       []languageShare `json:"languages"`
	License         *string         `json:"license"` // SPDX id; NOASSERTION when GitHub cannot tell
	Topics          []string        `json:"topics"`
	DefaultBranch   string          `json:"default_branch"`
	CreatedAt       string          `json:"created_at"`
	PushedAt        string          `json:"pushed_at"`
	DaysSincePush   int             `json:"days_since_push"`
	Archived        bool            `json:"archived"`
	Fork            bool            `json:"fork"`
	TopContributors []contributor   `json:"top_contributors"`
	LatestRelease   *release        `json:"latest_release"`
	Releases        []release       `json:"releases"`
}

type languageShare struct {
	Language string  `json:"language"`
	Bytes    int64   `json:"bytes"`
	Percent  float64 `json:"percent"`
}

type contributor struct {
	Login         string `json:"login"`
	Type          string `json:"type"`
	Contributions int    `json:"contributions"`
}

type release struct {
	Tag         string  `json:"tag"`
	Name        *string `json:"name"`
	PublishedAt *string `json:"published_at"`
	Prerelease  bool    `json:"prerelease"`
	URL         string  `json:"url"`
}

// repoForm follows GitHub's own limits on owner and repository names;
// the names . and .. are refused by the handler.
const repoForm = `^\s*[A-Za-z0-9-]{1,39}/[A-Za-z0-9._-]{1,100}\s*$`

const repoShape = "owner/repo, e.g. coinbase/x402"

const (
	topContributors = 5
	recentReleases  = 5
)

// checkRepo refuses the names repoForm admits that are not repositories.
func checkRepo(a registry.Args) []registry.FieldError {
	given := strings.TrimSpace(a.String("repo"))
	if _, name, _ := strings.Cut(given, "/"); name == "." || name == ".." {
		return registry.Bad("repo", "must be "+repoShape)
	}
	a["repo"] = given
	return nil
}

func codeHostRepoIntel(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	given := c.Args.String("repo")
	owner, name, _ := strings.Cut(given, "/")
	up := upstreams.NewSession(c.Upstream)
	d, err := upstreams.Fetch(ctx, up, github.RepoRequest(owner, name), github.DecodeRepoDetail)
	if err != nil {
		return nil, upstreams.Missing(err, "no public repository "+given)
	}
	// A renamed repository answers under its new name; the lists follow it.
	owner, name, _ = strings.Cut(d.FullName, "/")
	var (
		langs  map[string]int64
		people []github.Contributor
		rels   []github.Release
	)
	if err := upstreams.All(ctx,
		upstreams.Into(up, &langs, github.LanguagesRequest(owner, name), github.DecodeLanguages),
		upstreams.Into(up, &people, github.ContributorsRequest(owner, name, topContributors), github.DecodeContributors),
		upstreams.Into(up, &rels, github.ReleasesRequest(owner, name, recentReleases), github.DecodeReleases),
	); err != nil {
		return nil, err
	}
	out := repoIntel{
		FullName: d.FullName, URL: d.HTMLURL, Description: d.Description, Homepage: d.Homepage,
		Owner: d.Owner.Login, OwnerType: d.Owner.Type, Stars: d.Stars, Forks: d.Forks, Watchers: d.Subscribers,
		OpenIssues: d.OpenIssues, Language: d.Language, Languages: languageShares(langs), Topics: d.Topics,
		DefaultBranch: d.DefaultBranch, CreatedAt: d.CreatedAt, PushedAt: d.PushedAt,
		Archived: d.Archived, Fork: d.Fork, TopContributors: make([]contributor, 0, len(people)),
		Releases: make([]release, 0, len(rels)),
	}
	if d.License != nil {
		out.License = &d.License.SPDX
	}
	if out.Topics == nil {
		out.Topics = []string{}
	}
	if pushed, err := time.Parse(time.RFC3339, d.PushedAt); err == nil {
		out.DaysSincePush = int(c.Now.Sub(pushed).Hours() / 24)
	}
	for _, p := range people[:min(len(people), topContributors)] {
		out.TopContributors = append(out.TopContributors, contributor{p.Login, p.Type, p.Contributions})
	}
	for _, r := range rels[:min(len(rels), recentReleases)] {
		out.Releases = append(out.Releases, release{r.TagName, r.Name, r.PublishedAt, r.Prerelease, r.HTMLURL})
	}
	for i, r := range out.Releases {
		if !r.Prerelease {
			out.LatestRelease = &out.Releases[i]
			break
		}
	}
	return &registry.Result{Data: out, Count: 1, Source: github.Source.Title, Cached: up.Cached()}, nil
}

// languageShares orders languages by bytes of code, largest first, with each
// one's share of the total in percent.
func languageShares(langs map[string]int64) []languageShare {
	var total int64
	out := make([]languageShare, 0, len(langs))
	for lang, n := range langs {
		total += n
		out = append(out, languageShare{Language: lang, Bytes: n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Bytes != out[j].Bytes {
			return out[i].Bytes > out[j].Bytes
		}
		return out[i].Language < out[j].Language
	})
	for i := range out {
		out[i].Percent = math.Round(float64(out[i].Bytes)/float64(total)*1000) / 10
	}
	return out
}
