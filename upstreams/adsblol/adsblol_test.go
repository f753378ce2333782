package adsblol

import (
	"io/fs"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestRequests(t *testing.T) {
	for got, want := range map[string]string{
		Airport("kjfk").URL:                  "https://api.adsb.lol/api/0/airport/KJFK",
		Point(40.639751, -73.778925, 25).URL: "https://api.adsb.lol/v2/point/40.639751/-73.778925/25",
		Point(0, 0, 400).URL:                 "https://api.adsb.lol/v2/point/0/0/250",
		Hex("AE0412").URL:                    "https://api.adsb.lol/v2/hex/ae0412",
		Callsign("dal401").URL:               "https://api.adsb.lol/v2/callsign/DAL401",
	} {
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func TestDecode(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/airport_KJFK.json")
	ap, err := DecodeAirport(body)
	if err != nil || ap.IATA != "JFK" || ap.Lat != 40.639751 || ap.CountryISO2 != "US" {
		t.Errorf("%+v %v", ap, err)
	}
	_, err = DecodeAirport([]byte("null\n"))
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Errorf("unknown airport: %v", err)
	}
	body, _ = fs.ReadFile(testdata, "testdata/point_KJFK.json")
	snap, err := DecodeSnapshot(body)
	if err != nil {
		t.Fatal(err)
	}
	ground, mil := snap.Aircraft[1], snap.Aircraft[3]
	if len(snap.Aircraft) != 8 || !snap.Now.Equal(time.UnixMilli(1795186795123).UTC()) || snap.Aircraft[0].Flight != "DAL401" || *snap.Aircraft[0].AltBaro != 3400 {
		t.Errorf("snapshot %+v", snap)
	}
	if !ground.OnGround || ground.AltBaro != nil || !mil.Military() || mil.Flight != "RCH452" {
		t.Errorf("ground %+v military %+v", ground, mil)
	}
	if s, err := DecodeSnapshot([]byte(`{"ac":[],"now":1795186795}`)); err != nil || !s.Now.Equal(time.Unix(1795186795, 0).UTC()) {
		t.Errorf("seconds clock: %v %v", s.Now, err)
	}
	if _, err := DecodeSnapshot([]byte(`{"msg":"rate limited"}`)); err == nil {
		t.Error("an answer without aircraft decoded")
	}
}
