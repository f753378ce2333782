package faa

import (
	"io/fs"
	"testing"
)

func TestDecodeStatus(t *testing.T) {
	if got := AirportStatus().URL; got != "https://nasstatus.faa.gov/api/airport-status-information" {
		t.Errorf("url %s", got)
	}
	body, _ := fs.ReadFile(testdata, "testdata/airport_status_information.xml")
	st, err := DecodeStatus(body)
	if err != nil {
		t.Fatal(err)
	}
	if st.Updated != "Fri Nov 20 14:58:12 2026 GMT" || len(st.Events) != 6 {
		t.Fatalf("updated %q, %d events", st.Updated, len(st.Events))
	}
	gs, gdp, dep, closure := st.Events[0], st.Events[1], st.Events[3], st.Events[5]
	if gs.Program != "Ground Stop Programs" || gs.Airport != "EWR" || gs.Fields["End_Time"] != "11:00 am EST." {
		t.Errorf("ground stop %+v", gs)
	}
	if gdp.Airport != "SFO" || gdp.Fields["Avg"] != "38 minutes" || gdp.Fields["Max"] != "1 hour and 30 minutes" {
		t.Errorf("ground delay %+v", gdp)
	}
	if dep.Airport != "SFO" || dep.Type != "Departure" || dep.Fields["Trend"] != "Increasing" || dep.Reason != "VOL:COMPACTED DEMAND" {
		t.Errorf("departure delay %+v", dep)
	}
	if closure.Airport != "PNS" || closure.Fields["Reopen"] != "Nov 20 at 22:00 UTC." {
		t.Errorf("closure %+v", closure)
	}
	empty, err := DecodeStatus([]byte(`<AIRPORT_STATUS_INFORMATION><Update_Time>Fri Nov 20 15:00:00 2026 GMT</Update_Time></AIRPORT_STATUS_INFORMATION>`))
	if err != nil || len(empty.Events) != 0 {
		t.Errorf("empty feed: %+v %v", empty, err)
	}
	if _, err := DecodeStatus([]byte(`<html><body>maintenance</body></html>`)); err == nil {
		t.Error("an HTML page decoded as the feed")
	}
}
