package usgs

import (
	"io/fs"
	"testing"

	"github.com/coinslot/coinslot/upstreams"
)

func TestEventsRequest(t *testing.T) {
	mag := 2.5
	for q, want := range map[*Query]string{
		{Limit: 10, MinMag: &mag}: "https://earthquake.usgs.gov/fdsnws/event/1/query?format=geojson&limit=10&minmagnitude=2.5&orderby=time",
		{Limit: 50}:               "https://earthquake.usgs.gov/fdsnws/event/1/query?format=geojson&limit=50&orderby=time",
	} {
		if got := Events(*q).URL; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func TestDecodeEvents(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/query.json")
	events, err := DecodeEvents(body)
	if err != nil {
		t.Fatal(err)
	}
	e := events[0]
	if len(events) != 6 || e.ID != "us7000r1a2" || *e.Properties.Mag != 5.8 || e.Properties.Time != 1795184340000 ||
		*e.Properties.Alert != "green" || e.Properties.Tsunami != 1 || e.Geometry.Coordinates[2] != 10 {
		t.Errorf("decoded %d events, first %+v", len(events), e)
	}
	if _, err := DecodeEvents([]byte(`{"type":"Feature"}`)); err == nil {
		t.Error("a single feature decoded as a collection")
	}
}

func TestUnavailableFixture(t *testing.T) {
	mag := 9.5
	_, err := upstreams.Replay.Do(t.Context(), Events(Query{Limit: 5, MinMag: &mag}))
	if e, ok := upstreams.AsError(err); !ok || e.Status != 503 || e.Source != "usgs" {
		t.Errorf("error %v, want the recorded 503", err)
	}
}
