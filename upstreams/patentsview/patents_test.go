package patentsview

import (
	"context"
	"net/url"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearchRequest(t *testing.T) {
	u, err := url.Parse(Search("solid state battery", 5).URL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if got := q.Get("q"); got != `{"_or":[{"_text_all":{"patent_title":"solid state battery"}},{"_text_all":{"patent_abstract":"solid state battery"}}]}` {
		t.Errorf("q = %s", got)
	}
	if q.Get("o") != `{"size":5}` || q.Get("s") != `[{"patent_date":"desc"}]` || u.Path != "/api/v1/patent/" {
		t.Errorf("o = %s, s = %s, path %s", q.Get("o"), q.Get("s"), u.Path)
	}
}

func TestDecodePatents(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search("language model", 20))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodePatents(resp.Body)
	if err != nil || page.TotalHits != 1843 || len(page.Patents) != 2 {
		t.Fatalf("page = %+v, %v", page, err)
	}
	// A null organisation (an individual assignee) is left out.
	if p := page.Patents[1]; len(p.Assignees) != 0 || p.Inventors[0] != "Jane Doe" || p.URL != "https://patents.google.com/patent/US11886788" {
		t.Errorf("patent = %+v", p)
	}
	if _, err := DecodePatents([]byte(`{"error":true,"count":0}`)); err == nil {
		t.Error("an error answer decoded")
	}
}
