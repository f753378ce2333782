package clinicaltrials

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestStudies(t *testing.T) {
	resp, err := upstreams.Replay.Do(context.Background(), Studies("CAR-T", "RECRUITING", 10))
	if err != nil {
		t.Fatal(err)
	}
	page, err := DecodeStudies(resp.Body)
	if err != nil || page.Total != 2471 || len(page.Studies) != 2 {
		t.Fatalf("page = %+v, %v", page, err)
	}
	if s := page.Studies[1]; s.Sponsor != "Kite, A Gilead Company" || len(s.Phases) != 0 || *s.Enrollment != 2500 || len(s.Interventions) != 0 {
		t.Errorf("study = %+v", s)
	}
	if _, err := DecodeStudies([]byte(`{"message":"bad filter"}`)); err == nil {
		t.Error("an error body decoded")
	}
}
