package github

import (
	"bytes"
	"net/url"
	"strconv"

	"github.com/coinslot/coinslot/upstreams"
)

// RepoRequest builds GET /repos/{owner}/{name}. GitHub redirects a renamed
// repository, and the answer carries its current full_name.
func RepoRequest(owner, name string) *upstreams.Request {
	return repoGet(owner, name, "", 0)
}

// LanguagesRequest builds GET /repos/{owner}/{name}/languages.
func LanguagesRequest(owner, name string) *upstreams.Request {
	return repoGet(owner, name, "/languages", 0)
}

// ContributorsRequest builds GET /repos/{owner}/{name}/contributors, the
// top perPage by commits.
func ContributorsRequest(owner, name string, perPage int) *upstreams.Request {
	return repoGet(owner, name, "/contributors", perPage)
}

// ReleasesRequest builds GET /repos/{owner}/{name}/releases, newest first.
func ReleasesRequest(owner, name string, perPage int) *upstreams.Request {
	return repoGet(owner, name, "/releases", perPage)
}

func repoGet(owner, name, sub string, perPage int) *upstreams.Request {
	u := Source.BaseURL + "/repos/" + url.PathEscape(owner) + "/" + url.PathEscape(name) + sub
	if perPage > 0 {
		u += "?per_page=" + strconv.Itoa(perPage)
	}
	return &upstreams.Request{Source: Source.Name, URL: u, Header: header()}
}

// RepoDetail is a repository as "Get a repository" returns it.
type RepoDetail struct {
	Repo
	Homepage      *string `json:"homepage"`
	Subscribers   int     `json:"subscribers_count"` // people watching; watchers_count is a star alias
	DefaultBranch string  `json:"default_branch"`
	Owner         struct {
		Login string `json:"login"`
		Type  string `json:"type"` // User or Organization
	} `json:"owner"`
	License *struct {
		SPDX string `json:"spdx_id"`
		Name string `json:"name"`
	} `json:"license"`
}

// DecodeRepoDetail reads a repository.
func DecodeRepoDetail(body []byte) (RepoDetail, error) {
	var r RepoDetail
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return RepoDetail{}, err
	}
	return r, nil
}

// DecodeLanguages reads language → bytes of code.
func DecodeLanguages(body []byte) (map[string]int64, error) {
	var m map[string]int64
	if err := upstreams.DecodeJSON(Source.Name, body, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// Contributor is one committer and their commit count on the default branch.
type Contributor struct {
	Login         string `json:"login,required"`
	Type          string `json:"type"` // User or Bot
	Contributions int    `json:"contributions"`
}

// DecodeContributors reads the contributor list. An empty repository
// answers 204 with no body, which is an empty list.
func DecodeContributors(body []byte) ([]Contributor, error) {
	return decodeList[Contributor](body)
}

// Release is one published release.
type Release struct {
	TagName     string  `json:"tag_name,required"`
	Name        *string `json:"name"`
	PublishedAt *string `json:"published_at"` // null for drafts
	Prerelease  bool    `json:"prerelease"`
	HTMLURL     string  `json:"html_url"`
}

// DecodeReleases reads the release list.
func DecodeReleases(body []byte) ([]Release, error) {
	return decodeList[Release](body)
}

func decodeList[T any](body []byte) ([]T, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return []T{}, nil
	}
	var out []T
	if err := upstreams.DecodeJSON(Source.Name, body, &out); err != nil {
		return nil, err
	}
	return out, nil
}
