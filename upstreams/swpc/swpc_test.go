package swpc

import (
	"testing"
	"time"
)

// The K index is read in its object form and in its older table form alike.
func TestDecodeKpBothShapes(t *testing.T) {
	objects := []byte(`[{"time_tag":"2026-11-20T12:00:00","Kp":4.0,"a_running":27,"station_count":8}]`)
	table := []byte(`[["time_tag","Kp","a_running","station_count"],["2026-11-20 12:00:00.000","4.00","27","8"]]`)
	for name, body := range map[string][]byte{"objects": objects, "table": table} {
		kps, err := DecodeKp(body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
		if len(kps) != 1 || !kps[0].Time.Equal(want) || kps[0].Kp != 4 || *kps[0].ARunning != 27 || *kps[0].StationCount != 8 {
			t.Errorf("%s: %+v", name, kps)
		}
	}
}

func TestDecodePlasmaGap(t *testing.T) {
	body := []byte(`[["time_tag","density","speed","temperature"],["2026-11-20 14:00:00.000",null,"412.3","85200"]]`)
	p, err := DecodePlasma(body)
	if err != nil || len(p) != 1 || p[0].Density != nil || *p[0].Speed != 412.3 || *p[0].Temperature != 85200 {
		t.Fatalf("%+v %v", p, err)
	}
	if _, err := DecodePlasma([]byte(`[["time_tag","density"],["2026-11-20 14:00:00.000"]]`)); err == nil {
		t.Error("a short table row decoded")
	}
}

func TestPlasmaPath(t *testing.T) {
	for days, want := range map[int]string{1: "1-day", 2: "3-day", 3: "3-day", 4: "7-day", 7: "7-day"} {
		if got := PlasmaPath(days); got != "/products/solar-wind/plasma-"+want+".json" {
			t.Errorf("PlasmaPath(%d) = %s", days, got)
		}
	}
}
