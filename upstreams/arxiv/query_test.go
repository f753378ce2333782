package arxiv

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestDecodeFeed(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Query(`all:"mixture of experts"`, 5))
	if err != nil {
		t.Fatal(err)
	}
	feed, err := DecodeFeed(resp.Body)
	if err != nil || feed.TotalResults != 2184 || len(feed.Papers) != 2 {
		t.Fatalf("feed = %+v, %v", feed, err)
	}
	p := feed.Papers[1]
	if p.ID != "2101.03961v3" || p.JournalRef != "Journal of Machine Learning Research 23 (2022) 1-40" || p.PDFURL != "https://arxiv.org/pdf/2101.03961v3" {
		t.Errorf("paper = %+v", p)
	}
	// The namespace is declared on <feed> here, not on each element.
	resp, err = upstreams.Replay.Do(context.Background(), Query("all:zzyzx", 5))
	if err != nil {
		t.Fatal(err)
	}
	if feed, err := DecodeFeed(resp.Body); err != nil || feed.TotalResults != 0 || len(feed.Papers) != 0 {
		t.Errorf("empty feed = %+v, %v", feed, err)
	}
}

func TestErrorFeed(t *testing.T) {
	body := `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_1234.1234v</id>
    <title>Error</title>
    <summary>incorrect id format for 1234.1234v</summary>
  </entry>
</feed>`
	_, err := DecodeFeed([]byte(body))
	if err == nil || err.Error() != "arxiv: arXiv rejected the query: incorrect id format for 1234.1234v" {
		t.Errorf("err = %v", err)
	}
	if _, err := DecodeFeed([]byte(`{"not":"xml"}`)); err == nil {
		t.Error("JSON decoded as a feed")
	}
}
