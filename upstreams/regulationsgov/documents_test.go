package regulationsgov

import (
	"context"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestDocumentsRequest(t *testing.T) {
	got := Documents(Query{Term: "ozone", Open: true, PageSize: 25}).URL
	if want := "https://api.regulations.gov/v4/documents?filter%5BsearchTerm%5D=ozone&filter%5BwithinCommentPeriod%5D=true&page%5Bsize%5D=25&sort=-postedDate"; got != want {
		t.Errorf("URL = %s", got)
	}
	got = Documents(Query{Term: "ozone", ClosedBy: time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)}).URL
	if want := "https://api.regulations.gov/v4/documents?filter%5BcommentEndDate%5D%5Ble%5D=2026-03-04&filter%5BsearchTerm%5D=ozone&sort=-postedDate"; got != want {
		t.Errorf("URL = %s", got)
	}
}

func TestDecodeDocuments(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Documents(Query{Term: "emissions"}))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeDocuments(resp.Body)
	if err != nil || page.Total != 312 || len(page.Documents) != 2 {
		t.Fatalf("page = %+v, %v", page, err)
	}
	if d := page.Documents[1]; d.DocumentType != "Proposed Rule" || *d.CommentEndDate != "2021-09-07T03:59:59Z" || d.URL != "https://www.regulations.gov/document/EPA-HQ-OAR-2021-0257-0001" {
		t.Errorf("document = %+v", d)
	}
	if _, err := DecodeDocuments([]byte(`{"errors":[{"status":"400","title":"The filter field name is invalid"}]}`)); err == nil {
		t.Error("an error answer decoded")
	}
}
