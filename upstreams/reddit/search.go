package reddit

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Search is one post search, site-wide or restricted to Communities (joined
// into one multi-community path). Sort is relevance, hot, new, top or
// comments; Time (hour, day, week, month, year, all) bounds relevance and
// top searches and is left to Reddit's default when empty.
type Search struct {
	Query       string
	Communities []string
	Sort        string
	Time        string
	Limit       int // at most 100
}

// Request builds GET /search.json or /r/<a+b>/search.json. raw_json=1 asks
// for text without HTML entity escaping.
func (s Search) Request() *upstreams.Request {
	v := url.Values{"q": {s.Query}, "limit": {strconv.Itoa(s.Limit)}, "raw_json": {"1"}}
	if s.Sort != "" {
		v.Set("sort", s.Sort)
	}
	if s.Time != "" {
		v.Set("t", s.Time)
	}
	path := "/search.json"
	if len(s.Communities) > 0 {
		path = "/r/" + strings.Join(s.Communities, "+") + "/search.json"
		v.Set("restrict_sr", "1")
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path + "?" + v.Encode()}
}

// Post is one link or text post (a "t3" thing).
type Post struct {
	ID          string  `json:"id"`
	Community   string  `json:"subreddit"`
	Title       string  `json:"title"`
	Text        string  `json:"selftext"`
	Author      string  `json:"author"`
	Score       int     `json:"score"`
	UpvoteRatio float64 `json:"upvote_ratio"`
	NumComments int     `json:"num_comments"`
	CreatedUTC  float64 `json:"created_utc"`
	Permalink   string  `json:"permalink"`
	URL         string  `json:"url"`
	IsSelf      bool    `json:"is_self"`
	Over18      bool    `json:"over_18"`
	Flair       *string `json:"link_flair_text"`
}

// Created is when the post was submitted.
func (p Post) Created() time.Time { return time.Unix(int64(p.CreatedUTC), 0).UTC() }

// Discussion is the post's own page on Reddit.
func (p Post) Discussion() string { return Source.BaseURL + p.Permalink }

// Link is where a link post points; empty for text posts.
func (p Post) Link() string {
	if p.IsSelf {
		return ""
	}
	return p.URL
}

// DecodeListing reads a search answer: a Listing of t3 things. Things of
// other kinds are skipped.
func DecodeListing(body []byte) ([]Post, error) {
	var l struct {
		Kind string `json:"kind,required"`
		Data struct {
			Children []struct {
				Kind string `json:"kind,required"`
				Data Post   `json:"data,required"`
			} `json:"children,required"`
		} `json:"data,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &l); err != nil {
		return nil, err
	}
	if l.Kind != "Listing" {
		return nil, upstreams.Errorf(Source.Name, upstreams.BadAnswer, "answer is not a listing")
	}
	posts := make([]Post, 0, len(l.Data.Children))
	for _, c := range l.Data.Children {
		if c.Kind == "t3" {
			posts = append(posts, c.Data)
		}
	}
	return posts, nil
}
