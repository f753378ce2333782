package github

import (
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// RepoSearch is a repository search. Q uses GitHub's qualifiers, e.g.
// "created:>2026-11-13 language:go"; Sort is stars, forks, updated or "" for
// best match.
type RepoSearch struct {
	Q       string
	Sort    string
	PerPage int
}

// Request builds GET /search/repositories.
func (s RepoSearch) Request() *upstreams.Request {
	v := url.Values{"q": {s.Q}, "per_page": {strconv.Itoa(s.PerPage)}}
	if s.Sort != "" {
		v.Set("sort", s.Sort)
		v.Set("order", "desc")
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + "/search/repositories?" + v.Encode(), Header: header()}
}

// Repo is a repository as search and the repos API return it.
type Repo struct {
	FullName    string   `json:"full_name,required"`
	HTMLURL     string   `json:"html_url"`
	Description *string  `json:"description"`
	Language    *string  `json:"language"`
	Stars       int      `json:"stargazers_count"`
	Forks       int      `json:"forks_count"`
	OpenIssues  int      `json:"open_issues_count"`
	Topics      []string `json:"topics"`
	Fork        bool     `json:"fork"`
	Archived    bool     `json:"archived"`
	CreatedAt   string   `json:"created_at"`
	PushedAt    string   `json:"pushed_at"`
}

// RepoPage is one page of search results.
type RepoPage struct {
	TotalCount        int    `json:"total_count,required"`
	IncompleteResults bool   `json:"incomplete_results"` // the search timed out; items are partial
	Items             []Repo `json:"items,required"`
}

// DecodeRepoPage reads a repository search answer.
func DecodeRepoPage(body []byte) (RepoPage, error) {
	var p RepoPage
	if err := upstreams.DecodeJSON(Source.Name, body, &p); err != nil {
		return RepoPage{}, err
	}
	return p, nil
}
