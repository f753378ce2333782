package eutils

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearchThenSummary(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search("CRISPR sickle cell", 2))
	if err != nil {
		t.Fatal(err)
	}
	hits, err := DecodeSearch(resp.Body)
	if err != nil || hits.Count != 5123 || len(hits.IDs) != 2 {
		t.Fatalf("hits = %+v, %v", hits, err)
	}
	resp, err = upstreams.Replay.Do(context.Background(), Summary(hits.IDs))
	if err != nil {
		t.Fatal(err)
	}
	arts, err := DecodeSummary(resp.Body)
	if err != nil || len(arts) != 2 || arts[0].PMID != "38661449" || arts[0].DOI != "10.1056/NEJMoa2309676" || arts[1].PMCID != "PMC10123456" {
		t.Errorf("articles = %+v, %v", arts, err)
	}
}

func TestSummarySkipsWithdrawnIDs(t *testing.T) {
	body := `{"result":{"uids":["1","2"],"1":{"uid":"1","error":"cannot get document summary"},"2":{"uid":"2","title":"T","source":"J"}}}`
	arts, err := DecodeSummary([]byte(body))
	if err != nil || len(arts) != 1 || arts[0].PMID != "2" || arts[0].Journal != "J" {
		t.Errorf("articles = %+v, %v", arts, err)
	}
	if _, err := DecodeSearch([]byte(`{"esearchresult":{"ERROR":"Invalid query"}}`)); err == nil {
		t.Error("an ESearch error decoded")
	}
	if _, err := DecodeSummary([]byte(`{"error":"API rate limit exceeded"}`)); err == nil {
		t.Error("a rate-limit body decoded")
	}
}
