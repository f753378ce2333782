package hackernews

import (
	"net/url"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Search is one query. Tags is an Algolia tag filter such as "story" or
// "front_page"; a zero Since sets no creation-time bound.
type Search struct {
	Query  string
	Tags   string
	Since  time.Time
	Hits   int
	ByDate bool // newest first instead of by relevance
}

// Request builds GET /search or /search_by_date.
func (s Search) Request() *upstreams.Request {
	path := "/search"
	if s.ByDate {
		path = "/search_by_date"
	}
	v := url.Values{"tags": {s.Tags}, "hitsPerPage": {strconv.Itoa(s.Hits)}}
	if s.Query != "" {
		v.Set("query", s.Query)
	}
	if !s.Since.IsZero() {
		v.Set("numericFilters", "created_at_i>"+strconv.FormatInt(s.Since.Unix(), 10))
	}
	return &upstreams.Request{Source: Source.Name, URL: Source.BaseURL + path + "?" + v.Encode()}
}

// Hit is one story.
type Hit struct {
	ObjectID    string  `json:"objectID,required"`
	Title       string  `json:"title"`
	URL         *string `json:"url"` // absent for Ask/Show HN text posts
	Author      string  `json:"author"`
	Points      *int    `json:"points"`
	NumComments *int    `json:"num_comments"`
	CreatedAtI  int64   `json:"created_at_i"`
}

// Created is the story's creation time.
func (h Hit) Created() time.Time { return time.Unix(h.CreatedAtI, 0).UTC() }

// DiscussionURL is the story's page on Hacker News.
func (h Hit) DiscussionURL() string { return "https://news.ycombinator.com/item?id=" + h.ObjectID }

// Link is the story's own URL, or its discussion page for text posts.
func (h Hit) Link() string {
	if h.URL != nil && *h.URL != "" {
		return *h.URL
	}
	return h.DiscussionURL()
}

// DecodeHits reads a search answer.
func DecodeHits(body []byte) ([]Hit, error) {
	var r struct {
		Hits []Hit `json:"hits,required"`
	}
	if err := upstreams.DecodeJSON(Source.Name, body, &r); err != nil {
		return nil, err
	}
	return r.Hits, nil
}
