package openalex

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestAbstract(t *testing.T) {
	got := Abstract(map[string][]int{"the": {0, 3}, "cat": {1}, "saw": {2}, "dog": {4}})
	if got != "the cat saw the dog" {
		t.Errorf("abstract = %q", got)
	}
	if Abstract(nil) != "" {
		t.Error("no index gave text")
	}
}

func TestDecodeWorks(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search("open access", 5))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeWorks(resp.Body)
	if err != nil || page.Count != 18234 || len(page.Works) != 2 {
		t.Fatalf("page = %+v, %v", page, err)
	}
	// Two Canadian institutions give one country.
	if a := page.Works[0].Authors[2]; len(a.Institutions) != 2 || len(a.Countries) != 1 {
		t.Errorf("author = %+v", a)
	}
	if w := page.Works[1]; w.DOI != "" || w.Venue != "" || w.Abstract != "" {
		t.Errorf("work = %+v", w)
	}
	if _, err := DecodeWorks([]byte(`{"error":"Invalid query parameters error."}`)); err == nil {
		t.Error("an error body decoded")
	}
}
