package github

import (
	"io/fs"
	"testing"
)

func TestRepoSearchRequest(t *testing.T) {
	req := RepoSearch{Q: "created:>2026-11-13 language:go", Sort: "stars", PerPage: 10}.Request()
	want := "https://api.github.com/search/repositories?order=desc&per_page=10&q=created%3A%3E2026-11-13+language%3Ago&sort=stars"
	if req.URL != want || req.Header.Get("Accept") != "application/vnd.github+json" || req.Header.Get("X-GitHub-Api-Version") != "2022-11-28" {
		t.Errorf("got %s %v", req.URL, req.Header)
	}
	if got := (RepoSearch{Q: "x402", PerPage: 5}).Request().URL; got != "https://api.github.com/search/repositories?per_page=5&q=x402" {
		t.Errorf("best-match search: %s", got)
	}
}

func TestDecodeRepoPage(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/search_created.json")
	page, err := DecodeRepoPage(body)
	if err != nil {
		t.Fatal(err)
	}
	r := page.Items[1]
	if page.TotalCount != 1873 || len(page.Items) != 5 || r.FullName != "agentkit-dev/x402-go" || r.Stars != 1310 || *r.Language != "Go" {
		t.Errorf("page %d/%d, second %+v", page.TotalCount, len(page.Items), r)
	}
	body, _ = fs.ReadFile(testdata, "testdata/rate_limited.json")
	if _, err := DecodeRepoPage(body); err == nil {
		t.Error("a rate-limit message decoded as a page")
	}
}
