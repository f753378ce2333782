package gdelt

import (
	"io/fs"
	"testing"
	"time"
)

func TestSearchRequest(t *testing.T) {
	s := Search{Query: `"x402 payments"`, Mode: ArtList, Timespan: 72 * time.Hour, MaxRecords: 25, Sort: "HybridRel"}
	want := "https://api.gdeltproject.org/api/v2/doc/doc?format=json&maxrecords=25&mode=ArtList&query=%22x402+payments%22&sort=HybridRel&timespan=72h"
	if got := s.Request().URL; got != want {
		t.Errorf("got %s", got)
	}
	if got := (Search{Query: "a", Mode: TimelineTone, Timespan: 20 * time.Minute}).Request().URL; got != "https://api.gdeltproject.org/api/v2/doc/doc?format=json&mode=TimelineTone&query=a&timespan=1h" {
		t.Errorf("short span: %s", got)
	}
}

func TestDecode(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/artlist_x402.json")
	arts, err := DecodeArticles(body)
	if err != nil {
		t.Fatal(err)
	}
	seen, ok := arts[0].Seen()
	if len(arts) != 5 || arts[0].Domain != "coindesk.com" || !ok || !seen.Equal(time.Date(2026, 11, 20, 9, 15, 0, 0, time.UTC)) {
		t.Errorf("%d articles, first %+v", len(arts), arts[0])
	}
	if arts, err := DecodeArticles([]byte(`{}`)); err != nil || arts == nil || len(arts) != 0 {
		t.Errorf("no match: %v %v", arts, err)
	}
	body, _ = fs.ReadFile(testdata, "testdata/timeline_middle_east.json")
	pts, err := DecodeTimeline(body)
	if err != nil || len(pts) != 168 || pts[0].Norm == 0 || !pts[167].Date.Equal(time.Date(2026, 11, 20, 14, 0, 0, 0, time.UTC)) {
		t.Errorf("%d points %v", len(pts), err)
	}
	if _, err := DecodeTimeline([]byte("Please limit requests to one every 5 seconds")); err == nil {
		t.Error("a plain-text notice decoded")
	}
}
