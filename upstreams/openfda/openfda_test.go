package openfda

import (
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

// Buyer text cannot break out of the quoted openFDA phrase.
func TestSearchQuotesTheTerm(t *testing.T) {
	req := Search(DrugEnforcement, Query{Term: `aspirin" OR (x:y)`, Match: []string{"a", "b"}, Sort: "report_date", Limit: 5})
	want := "https://api.fda.gov/drug/enforcement.json?limit=5&search=a%3A%22aspirin+OR+x+y%22+b%3A%22aspirin+OR+x+y%22&sort=report_date%3Adesc"
	if req.URL != want {
		t.Errorf("URL = %s\nwant  %s", req.URL, want)
	}
	if req := Search(FoodEnforcement, Query{Limit: 20}); req.URL != "https://api.fda.gov/food/enforcement.json?limit=20" {
		t.Errorf("no term: %s", req.URL)
	}
}

func TestNoMatch(t *testing.T) {
	if !NoMatch(&upstreams.Error{Source: Source.Name, Kind: upstreams.NotFound, Status: 404}) {
		t.Error("404 is not a no-match")
	}
	if NoMatch(&upstreams.Error{Source: Source.Name, Kind: upstreams.BadAnswer, Status: 500}) || NoMatch(nil) {
		t.Error("500 or nil is a no-match")
	}
	if _, err := DecodeRecalls([]byte(`{"results":[]}`)); err == nil {
		t.Error("an answer without meta decoded")
	}
}
