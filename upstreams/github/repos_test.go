package github

import (
	"io/fs"
	"testing"
)

func TestRepoRequests(t *testing.T) {
	cases := map[string]string{
		RepoRequest("coinbase", "x402").URL:                  "https://api.github.com/repos/coinbase/x402",
		LanguagesRequest("coinbase", "x402").URL:             "https://api.github.com/repos/coinbase/x402/languages",
		ContributorsRequest("coinbase", "x402", 5).URL:       "https://api.github.com/repos/coinbase/x402/contributors?per_page=5",
		ReleasesRequest("octo-org", "site.github.io", 3).URL: "https://api.github.com/repos/octo-org/site.github.io/releases?per_page=3",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	if h := RepoRequest("a", "b").Header; h.Get("Accept") != "application/vnd.github+json" {
		t.Errorf("headers %v", h)
	}
}

func TestDecodeRepoDetail(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/repo_x402.json")
	r, err := DecodeRepoDetail(body)
	if err != nil {
		t.Fatal(err)
	}
	if r.FullName != "coinbase/x402" || r.Stars != 5712 || r.Subscribers != 96 || r.License.SPDX != "Apache-2.0" ||
		r.Owner.Type != "Organization" || *r.Homepage != "https://x402.org" || r.DefaultBranch != "main" || len(r.Topics) != 5 {
		t.Errorf("decoded %+v", r)
	}
	body, _ = fs.ReadFile(testdata, "testdata/repo_not_found.json")
	if _, err := DecodeRepoDetail(body); err == nil {
		t.Error("a not-found message decoded as a repository")
	}
}

func TestDecodeRepoLists(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/repo_x402_languages.json")
	langs, err := DecodeLanguages(body)
	if err != nil || len(langs) != 6 || langs["Go"] != 402719 {
		t.Errorf("languages %v, %v", langs, err)
	}
	body, _ = fs.ReadFile(testdata, "testdata/repo_x402_contributors.json")
	people, err := DecodeContributors(body)
	if err != nil || len(people) != 5 || people[1].Type != "Bot" || people[0].Contributions != 412 {
		t.Errorf("contributors %+v, %v", people, err)
	}
	body, _ = fs.ReadFile(testdata, "testdata/repo_x402_releases.json")
	rels, err := DecodeReleases(body)
	if err != nil || len(rels) != 4 || rels[2].Name != nil || !rels[2].Prerelease || *rels[0].PublishedAt != "2026-11-18T16:52:31Z" {
		t.Errorf("releases %+v, %v", rels, err)
	}
	if empty, err := DecodeContributors(nil); err != nil || len(empty) != 0 || empty == nil {
		t.Errorf("an empty repository's 204: %v, %v", empty, err)
	}
	for _, bad := range []string{`{"message":"Not Found"}`, `null`} {
		if _, err := DecodeReleases([]byte(bad)); err == nil {
			t.Errorf("%s decoded as releases", bad)
		}
	}
}
