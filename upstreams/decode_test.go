package upstreams

import (
	"encoding/json"
	"testing"
)

func TestNum(t *testing.T) {
	var v struct{ A, B, C, D, E, F Num }
	err := json.Unmarshal([]byte(`{"A":12.5,"B":"12.5","C":"","D":".","E":null,"F":"null"}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	if v.A != 12.5 || v.B != 12.5 || v.C != 0 || v.D != 0 || v.E != 0 || v.F != 0 {
		t.Errorf("%+v", v)
	}
	if err := json.Unmarshal([]byte(`"12,5"`), new(Num)); err == nil || err.Error() != `not a number: "12,5"` {
		t.Errorf("12,5: %v", err)
	}
}
