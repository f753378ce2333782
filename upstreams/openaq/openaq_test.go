package openaq

import (
	"io/fs"
	"testing"
)

func TestLocations(t *testing.T) {
	want := "https://api.openaq.org/v3/locations?iso=US&limit=1000&order_by=id&page=2&sort_order=desc"
	if got := (Locations{Country: "US", Limit: 1000, Page: 2}).Request().URL; got != want {
		t.Errorf("got %s", got)
	}
	body, _ := fs.ReadFile(testdata, "testdata/locations_us.json")
	locs, err := DecodeLocations(body)
	if err != nil {
		t.Fatal(err)
	}
	l := locs[2]
	if len(locs) != 7 || l.ID != 2178 || *l.Locality != "Albuquerque" || l.Sensors[0].Parameter.Name != "pm25" || l.LastUTC() != "2026-11-20T13:00:00Z" {
		t.Errorf("%d locations, third %+v", len(locs), l)
	}
	if locs[6].LastUTC() != "" {
		t.Errorf("a station that never reported has last %q", locs[6].LastUTC())
	}
	if _, err := DecodeLocations([]byte(`{"detail":"Unauthorized"}`)); err == nil {
		t.Error("an error body decoded")
	}
}
