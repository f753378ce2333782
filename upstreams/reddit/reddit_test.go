package reddit

import (
	"context"
	"io/fs"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearchRequest(t *testing.T) {
	cases := map[string]Search{
		"https://www.reddit.com/search.json?limit=25&q=x402&raw_json=1&sort=new": {Query: "x402", Sort: "new", Limit: 25},
		"https://www.reddit.com/r/StableDiffusion+comfyui/search.json?limit=10&q=wan+i2v&raw_json=1&restrict_sr=1&sort=relevance&t=year": {
			Query: "wan i2v", Communities: []string{"StableDiffusion", "comfyui"}, Sort: "relevance", Time: "year", Limit: 10,
		},
	}
	for want, s := range cases {
		if got := s.Request().URL; got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

func TestDecodeListing(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/search_x402.json")
	posts, err := DecodeListing(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 4 {
		t.Fatalf("decoded %d posts, want 4", len(posts))
	}
	text, link := posts[0], posts[1]
	if text.ID != "1gw0a9c" || text.Community != "ethdev" || text.Score != 178 || text.NumComments != 46 || text.Link() != "" ||
		text.Discussion() != "https://www.reddit.com/r/ethdev/comments/1gw0a9c/x402_paypercall_http_apis_with_usdc_one_header/" ||
		text.Created() != time.Date(2026, 11, 17, 11, 30, 0, 0, time.UTC) || *text.Flair != "Discussion" {
		t.Errorf("text post %+v", text)
	}
	if link.Link() != "https://www.coinbase.com/developer-platform/discover/launches/x402" || link.Flair != nil {
		t.Errorf("link post %+v", link)
	}
	if !posts[2].Over18 {
		t.Error("the NSFW post is not flagged")
	}
}

func TestDecodeListingRefusesOtherAnswers(t *testing.T) {
	for _, body := range []string{`{"message":"Not Found","error":404}`, `{"kind":"Listing","data":{}}`, `[`} {
		if _, err := DecodeListing([]byte(body)); err == nil {
			t.Errorf("%s decoded", body)
		}
	}
}

func TestMissingCommunityIsAnError(t *testing.T) {
	req := Search{Query: "x", Communities: []string{"no_such_community"}, Limit: 5}.Request()
	_, err := upstreams.Replay.Do(context.Background(), req)
	if e, ok := upstreams.AsError(err); !ok || e.Status != 404 {
		t.Errorf("err = %v, want the recorded 404", err)
	}
}
