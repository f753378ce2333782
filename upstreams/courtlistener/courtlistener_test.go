package courtlistener

import (
	"context"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearchRequest(t *testing.T) {
	req := Search(Query{Type: Judges, Text: "Gorsuch", Courts: "scotus ca10", FiledAfter: time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)})
	if want := Source.BaseURL + "/search/?court=scotus+ca10&filed_after=2026-01-02&q=Gorsuch&type=p"; req.URL != want {
		t.Errorf("URL = %s", req.URL)
	}
	if req.Header.Get("Accept") != "application/json" {
		t.Errorf("Accept = %q", req.Header.Get("Accept"))
	}
}

func TestDecodeOpinionsAndDocket(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Search(Query{Type: Opinions, Text: "fair use"}))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := DecodeOpinions(resp.Body)
	if err != nil || len(ops) != 2 || ops[1].CaseName != "Google LLC v. Oracle America, Inc." || ops[1].Citations[0] != "593 U.S. 1" {
		t.Fatalf("opinions = %+v, %v", ops, err)
	}
	resp, err = upstreams.Replay.Do(context.Background(), DocketByID(4214664))
	if err != nil {
		t.Fatal(err)
	}
	d, err := DecodeDocket(resp.Body)
	if err != nil || d.DocketNumber != "1:16-cv-00745" || d.AssignedTo != "Paul L. Friedman" || d.DateTerminated != nil {
		t.Errorf("docket = %+v, %v", d, err)
	}
}

func TestBadAnswers(t *testing.T) {
	if _, err := DecodeOpinions([]byte(`{"detail":"Invalid cursor"}`)); err == nil {
		t.Error("a page without results decoded")
	}
	if _, err := DecodeJudges([]byte(`<html>`)); err == nil {
		t.Error("HTML decoded")
	}
	if _, err := DecodeDocket([]byte(`{"detail":"No Docket matches the given query."}`)); err == nil {
		t.Error("a 404 body decoded as a docket")
	}
	_, err := upstreams.Replay.Do(context.Background(), Search(Query{Type: Opinions, Text: "outage"}))
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer || e.Status != 503 {
		t.Errorf("err = %v", err)
	}
}
