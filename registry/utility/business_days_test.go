package utility

import (
	"strings"
	"testing"
)

func TestObservedHolidays(t *testing.T) {
	got := map[string]string{}
	for _, h := range observedHolidays(2021) {
		got[h.Date] = h.Name + "|" + h.Observed
	}
	want := map[string]string{
		"2021-01-01": "New Year's Day|",
		"2021-01-18": "Birthday of Martin Luther King, Jr.|",
		"2021-02-15": "Washington's Birthday|",
		"2021-05-31": "Memorial Day|",
		"2021-06-18": "Juneteenth National Independence Day|2021-06-19",
		"2021-07-05": "Independence Day|2021-07-04",
		"2021-09-06": "Labor Day|",
		"2021-10-11": "Columbus Day|",
		"2021-11-11": "Veterans Day|",
		"2021-11-25": "Thanksgiving Day|",
		"2021-12-24": "Christmas Day|2021-12-25",
		"2021-12-31": "New Year's Day|2022-01-01",
	}
	if len(got) != len(want) {
		t.Fatalf("2021 has %d holidays, want %d: %v", len(got), len(want), got)
	}
	for d, w := range want {
		if got[d] != w {
			t.Errorf("%s = %q, want %q", d, got[d], w)
		}
	}
	// 2022 must not list New Year's Day again: it was observed in 2021.
	for _, h := range observedHolidays(2022) {
		if strings.HasPrefix(h.Date, "2022-01-0") && h.Name == "New Year's Day" {
			t.Errorf("2022 lists %v", h)
		}
	}
	// Before 2021 there was no Juneteenth, before 1986 no MLK day.
	for _, h := range append(observedHolidays(2020), observedHolidays(1985)...) {
		if strings.HasPrefix(h.Name, "Juneteenth") || (h.Date < "1986" && strings.Contains(h.Name, "King")) {
			t.Errorf("unexpected %v", h)
		}
	}
}
