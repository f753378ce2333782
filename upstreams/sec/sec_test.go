package sec

import (
	"io/fs"
	"testing"
	"time"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	body, err := fs.ReadFile(testdata, "testdata/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func TestCurrentFilings(t *testing.T) {
	want := "https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&company=&count=100&dateb=&output=atom&owner=include&start=100&type=8-K"
	if got := CurrentFilings("8-K", 100).URL; got != want {
		t.Errorf("got %s", got)
	}
	filings, err := DecodeCurrentFilings(read(t, "current_8k_0.xml"))
	if err != nil {
		t.Fatal(err)
	}
	f := filings[0]
	if len(filings) != 100 || f.Form != "8-K" || f.Company != "NORTHWIND ENERGY CORP" || f.CIK != "0001000137" || f.Role != "Filer" ||
		f.Accession != "0001000137-26-000001" || !f.Updated.Equal(time.Date(2026, 11, 20, 14, 56, 39, 0, time.UTC)) ||
		len(f.Items) != 2 || f.Items[0] != "5.02" || f.Items[1] != "9.01" {
		t.Errorf("decoded %d filings, first %+v", len(filings), f)
	}
	if filings[5].Form != "8-K/A" {
		t.Errorf("amendment read as %q", filings[5].Form)
	}
	if _, err := DecodeCurrentFilings([]byte("<html><body>Request Rate Threshold Exceeded</body></html>")); err == nil {
		t.Error("an HTML page decoded as a feed")
	}
}

func TestFullText(t *testing.T) {
	q := FullText{Query: `"x402 payments"`, Forms: []string{"8-K", "10-Q"}, Start: time.Date(2026, 11, 17, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), From: 100}
	want := "https://efts.sec.gov/LATEST/search-index?dateRange=custom&enddt=2026-11-20&forms=8-K%2C10-Q&from=100&q=%22x402+payments%22&startdt=2026-11-17"
	if got := q.Request().URL; got != want {
		t.Errorf("got %s", got)
	}
	hits, err := DecodeFullText(read(t, "efts_x402.json"))
	if err != nil {
		t.Fatal(err)
	}
	d := hits.Documents[1]
	if hits.Total != 3 || d.FileName != "ex99-1.htm" || d.FileType != "EX-99.1" || d.Accession != "0001679788-26-000212" ||
		d.URL() != "https://www.sec.gov/Archives/edgar/data/1679788/000167978826000212/ex99-1.htm" {
		t.Errorf("total %d, second %+v %s", hits.Total, d, d.URL())
	}
}

func TestSubmissions(t *testing.T) {
	req, err := Submissions("320193")
	if err != nil || req.URL != "https://data.sec.gov/submissions/CIK0000320193.json" || req.Source != "sec_data" {
		t.Fatalf("%v %v", req, err)
	}
	for _, bad := range []string{"", "abc", "12345678901", "0"} {
		if _, err := Submissions(bad); err == nil {
			t.Errorf("CIK %q accepted", bad)
		}
	}
	c, err := DecodeSubmissions(read(t, "submissions_0000320193.json"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Apple Inc." || c.CIK != "320193" || len(c.Filings) != 3 || c.Filings[1].Form != "8-K" || c.Filings[1].Items != "2.02,9.01" {
		t.Errorf("%+v", c)
	}
}
