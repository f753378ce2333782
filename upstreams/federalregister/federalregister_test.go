package federalregister

import (
	"io/fs"
	"testing"
	"time"
)

func TestSearchRequest(t *testing.T) {
	s := Search{Term: "stablecoins", Agencies: []string{"comptroller-of-the-currency", "treasury-department"}, Types: []string{Rule, ProposedRule},
		Since: time.Date(2026, 11, 13, 0, 0, 0, 0, time.UTC), Order: "newest", PerPage: 100, Page: 2, OnlySignif: true}
	want := "https://www.federalregister.gov/api/v1/documents.json?conditions%5Bagencies%5D%5B%5D=comptroller-of-the-currency&conditions%5Bagencies%5D%5B%5D=treasury-department" +
		"&conditions%5Bpublication_date%5D%5Bgte%5D=2026-11-13&conditions%5Bsignificant%5D=1&conditions%5Bterm%5D=stablecoins&conditions%5Btype%5D%5B%5D=RULE&conditions%5Btype%5D%5B%5D=PRORULE" +
		"&fields%5B%5D=title&fields%5B%5D=type&fields%5B%5D=abstract&fields%5B%5D=document_number&fields%5B%5D=html_url&fields%5B%5D=pdf_url&fields%5B%5D=publication_date" +
		"&fields%5B%5D=agencies&fields%5B%5D=significant&fields%5B%5D=comments_close_on&fields%5B%5D=effective_on&order=newest&page=2&per_page=100"
	if got := s.Request().URL; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestDecodeResults(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/documents_stablecoins.json")
	r, err := DecodeResults(body)
	if err != nil {
		t.Fatal(err)
	}
	d := r.Documents[1]
	if r.Count != 5 || d.Type != "Rule" || d.AgencyName() != "Treasury Department" || !*d.Significant || *d.EffectiveOn != "2026-12-14" || d.CommentsCloseOn != nil {
		t.Errorf("count %d, second %+v", r.Count, d)
	}
	body, _ = fs.ReadFile(testdata, "testdata/documents_empty.json")
	if r, err := DecodeResults(body); err != nil || r.Count != 0 || r.Documents == nil || len(r.Documents) != 0 {
		t.Errorf("empty: %+v %v", r, err)
	}
	if _, err := DecodeResults([]byte(`{"errors":{"conditions":"invalid"}}`)); err == nil {
		t.Error("an error body decoded")
	}
}
