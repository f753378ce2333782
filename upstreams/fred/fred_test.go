package fred

import (
	"io/fs"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestObservationsRequest(t *testing.T) {
	o := Observations{SeriesID: "T10Y2Y", Start: time.Date(2026, 11, 6, 0, 0, 0, 0, time.UTC), Newest: true, Limit: 3}
	want := "https://api.stlouisfed.org/fred/series/observations?file_type=json&limit=3&observation_start=2026-11-06&series_id=T10Y2Y&sort_order=desc"
	if got := o.Request().URL; got != want {
		t.Errorf("got %s", got)
	}
}

func TestDecodeObservations(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/observations_T10Y2Y.json")
	obs, err := DecodeObservations(body)
	if err != nil {
		t.Fatal(err)
	}
	last := obs[len(obs)-1]
	if last.Date != "2026-11-19" || last.Value != -0.42 || last.Missing {
		t.Errorf("last %+v", last)
	}
	missing := 0
	for _, o := range obs {
		if o.Missing {
			missing++
			if o.Date != "2026-11-11" {
				t.Errorf("missing value on %s", o.Date)
			}
		}
	}
	if missing != 1 {
		t.Errorf("%d missing values, want the Veterans Day one", missing)
	}
	if _, err := DecodeObservations([]byte(`{"error_code":400,"error_message":"Bad Request."}`)); err == nil {
		t.Error("an error body decoded")
	}
}

func TestSeriesInfo(t *testing.T) {
	if got := SeriesInfo("T10Y2Y").URL; got != "https://api.stlouisfed.org/fred/series?file_type=json&series_id=T10Y2Y" {
		t.Errorf("got %s", got)
	}
	resp, err := upstreams.Replay.Do(t.Context(), SeriesInfo("T10Y2Y"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := DecodeSeries(resp.Body)
	if err != nil || s.Frequency != "Daily" || s.Units != "Percent" || s.ID != "T10Y2Y" {
		t.Errorf("%+v %v", s, err)
	}
	if _, err := DecodeSeries([]byte(`{"seriess":[]}`)); err == nil {
		t.Error("an empty series list decoded")
	}
}
