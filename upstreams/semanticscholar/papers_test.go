package semanticscholar

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestPaperRequests(t *testing.T) {
	if got := PaperByID("DOI:10.1000/a b").URL; got != Source.BaseURL+"/paper/DOI:10.1000/a%20b?fields="+
		"paperId%2CexternalIds%2Curl%2Ctitle%2Cabstract%2Cvenue%2Cyear%2CpublicationDate%2Cauthors%2CcitationCount%2CinfluentialCitationCount%2CisOpenAccess%2CopenAccessPdf%2CreferenceCount%2CfieldsOfStudy%2CpublicationTypes%2Cjournal%2Ctldr" {
		t.Errorf("URL = %s", got)
	}
}

func TestDecoders(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search("attention", 20))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeSearch(resp.Body)
	if err != nil || page.Total != 15117 || len(page.Papers) != 2 {
		t.Fatalf("page = %+v, %v", page, err)
	}
	// CorpusId is a number upstream and a string here, like every other id.
	if p := page.Papers[0]; p.ExternalIDs["CorpusId"] != "13756489" || p.ExternalIDs["ArXiv"] != "1706.03762" || p.OpenAccessPDF != "" {
		t.Errorf("paper = %+v", p)
	}
	if page, err := DecodeSearch([]byte(`{"total":0,"offset":0}`)); err != nil || len(page.Papers) != 0 || page.Papers == nil {
		t.Errorf("empty search = %+v, %v", page, err)
	}
	resp, err = upstreams.Replay.Do(context.Background(), Citations("DOI:10.1145/3442188.3445922", 100))
	if err != nil {
		t.Fatal(err)
	}
	edges, err := DecodeEdges(resp.Body)
	if err != nil || len(edges) != 2 || edges[0].Title != "A Survey of Large Language Models" || !edges[1].IsInfluential {
		t.Errorf("edges = %+v, %v", edges, err)
	}
	for _, body := range []string{`{"error":"Paper with id x not found"}`, `<html>`} {
		if _, err := DecodeDetails([]byte(body)); err == nil {
			t.Errorf("%s decoded as a paper", body)
		}
		if _, err := DecodeEdges([]byte(body)); err == nil {
			t.Errorf("%s decoded as edges", body)
		}
	}
}
