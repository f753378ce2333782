package portwatch

import (
	"io/fs"
	"testing"
	"time"
)

func TestQuery(t *testing.T) {
	q := Query{Layer: Chokepoints, Where: "portid='chokepoint6'", OutFields: []string{"date", "n_total"}, OrderBy: "date DESC", Count: 380}
	want := "https://services9.arcgis.com/weJ1QsnbMYJlCHdG/arcgis/rest/services/Daily_Chokepoints_Data/FeatureServer/0/query?f=json&orderByFields=date+DESC&outFields=date%2Cn_total&resultRecordCount=380&returnGeometry=false&where=portid%3D%27chokepoint6%27"
	if got := q.Request().URL; got != want {
		t.Errorf("got %s", got)
	}
}

func TestDecodeRows(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/chokepoint6.json")
	rows, err := DecodeRows(body)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := rows[0].Date()
	n, okn := rows[0].Float("n_total")
	if len(rows) != 380 || !ok || !d.Equal(time.Date(2026, 11, 13, 0, 0, 0, 0, time.UTC)) || !okn || n <= 0 || rows[0].String("portname") != "Strait of Hormuz" {
		t.Errorf("%d rows, first %v", len(rows), rows[0])
	}
	if d, ok := (Row{"date": "2026-11-13"}).Date(); !ok || d.Day() != 13 {
		t.Errorf("string date %v %v", d, ok)
	}
	for _, bad := range []string{`{"error":{"code":400,"message":"Invalid query","details":[]}}`, `{"fields":[]}`} {
		if _, err := DecodeRows([]byte(bad)); err == nil {
			t.Errorf("%s decoded", bad)
		}
	}
}
