package hackernews

import (
	"io/fs"
	"testing"
	"time"
)

func TestSearchRequest(t *testing.T) {
	since := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	cases := map[string]Search{
		"https://hn.algolia.com/api/v1/search?hitsPerPage=50&tags=front_page":                                                         {Tags: "front_page", Hits: 50},
		"https://hn.algolia.com/api/v1/search_by_date?hitsPerPage=100&numericFilters=created_at_i%3E1795165200&query=rust&tags=story": {Query: "rust", Tags: "story", Since: since, Hits: 100, ByDate: true},
	}
	for want, s := range cases {
		if got := s.Request().URL; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func TestDecodeHits(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/front_page.json")
	hits, err := DecodeHits(body)
	if err != nil {
		t.Fatal(err)
	}
	ask := hits[2]
	if len(hits) != 8 || *hits[0].Points != 412 || ask.URL != nil || ask.Link() != "https://news.ycombinator.com/item?id=46014410" {
		t.Errorf("decoded %d hits: %+v", len(hits), ask)
	}
	if hits[0].Created() != time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC) {
		t.Errorf("created %v", hits[0].Created())
	}
	if _, err := DecodeHits([]byte(`{"message":"invalid"}`)); err == nil {
		t.Error("an answer without hits decoded")
	}
}
