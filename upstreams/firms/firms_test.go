package firms

import (
	"io/fs"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

func TestArea(t *testing.T) {
	if got := Area(VIIRSSNPP, Box{West: 25, South: 12, East: 63, North: 42}, 1).URL; got != "https://firms.modaps.eosdis.nasa.gov/api/area/csv/MAP_KEY/VIIRS_SNPP_NRT/25,12,63,42/1" {
		t.Errorf("got %s", got)
	}
	if got := Area(VIIRSSNPP, Box{}, 3).URL; got != "https://firms.modaps.eosdis.nasa.gov/api/area/csv/MAP_KEY/VIIRS_SNPP_NRT/world/3" {
		t.Errorf("world: %s", got)
	}
}

func TestDecodeArea(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/area_middle_east_1d.csv")
	spots, err := DecodeArea(body)
	if err != nil {
		t.Fatal(err)
	}
	s := spots[0]
	if len(spots) != 36 || s.Latitude != 30.45561 || s.Confidence != 0.6 || s.FRP != 18.61 || !s.Acquired.Equal(time.Date(2026, 11, 20, 10, 22, 0, 0, time.UTC)) {
		t.Errorf("%d hotspots, first %+v", len(spots), s)
	}
	modis := "latitude,longitude,brightness,acq_date,acq_time,confidence,frp\n1.5,2.5,330.1,2026-11-20,659,83,12.0\n"
	spots, err = DecodeArea([]byte(modis))
	if err != nil || spots[0].Confidence != 0.83 || !spots[0].Acquired.Equal(time.Date(2026, 11, 20, 6, 59, 0, 0, time.UTC)) {
		t.Errorf("MODIS row: %+v %v", spots, err)
	}
	_, err = DecodeArea([]byte("Invalid MAP_KEY.\n"))
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer {
		t.Errorf("bad key: %v", err)
	}
}
