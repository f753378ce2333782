package trademarks

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestSearch(t *testing.T) {
	// The keyword is one path segment: a slash in it is escaped too.
	if got := Search("fox & hound/2").URL; got != "https://uspto-trademark.p.rapidapi.com/v1/trademarkSearch/fox%20&%20hound%2F2/all" {
		t.Errorf("request = %s", got)
	}
	req := Search("chatgpt")
	if req.URL != "https://uspto-trademark.p.rapidapi.com/v1/trademarkSearch/chatgpt/all" || req.Header.Get("X-RapidAPI-Host") != host {
		t.Errorf("request = %s %v", req.URL, req.Header)
	}
	resp, err := upstreams.Replay.Do(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	marks, err := DecodeSearch(resp.Body)
	if err != nil || len(marks) != 3 {
		t.Fatalf("marks = %+v, %v", marks, err)
	}
	if m := marks[2]; m.RegistrationNumber != "" || m.Status != "Dead/Abandoned" || m.Owners[0] != "Learnloop Inc." || m.AbandonmentDate != "2024-09-12" {
		t.Errorf("mark = %+v", m)
	}
	if _, err := DecodeSearch([]byte(`{"message":"You are not subscribed to this API."}`)); err == nil {
		t.Error("a gateway refusal decoded")
	}
}
