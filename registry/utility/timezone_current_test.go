package utility

import (
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestTimezoneCurrentGolden(t *testing.T) {
	cases := []struct {
		file string
		zone string
		now  time.Time
	}{
		// The call time is the day after US DST began (2025-03-09 07:00 UTC).
		{"timezone_current", "America/New_York", callNow},
		// One second before and exactly at the EU spring-forward instant (2025-03-30 01:00 UTC).
		{"timezone_current_berlin_before", "Europe/Berlin", time.Date(2025, 3, 30, 0, 59, 59, 0, time.UTC)},
		{"timezone_current_berlin_at", "Europe/Berlin", time.Date(2025, 3, 30, 1, 0, 0, 0, time.UTC)},
		// Southern hemisphere: Sydney is on daylight time in January.
		{"timezone_current_sydney", "Australia/Sydney", time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)},
		// Half-hour offset and no DST at all: no next transition.
		{"timezone_current_kolkata", "Asia/Kolkata", callNow},
		{"timezone_current_utc", "UTC", callNow},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			res, err := registrytest.Run(t, "timezone_current", map[string]any{"timezone": c.zone}, upstreams.Replay, c.now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+c.file+".golden.json", res)
		})
	}
}

func TestTimezoneCurrentRejects(t *testing.T) {
	for zone, problem := range map[string]string{
		"Mars/Olympus_Mons": `"Mars/Olympus_Mons" is not an IANA time zone name`,
		"../../etc/passwd":  `"../../etc/passwd" is not an IANA time zone name`,
		"Local":             "must be an IANA time zone name, e.g. Europe/Berlin",
	} {
		registrytest.Refused(t, "timezone_current", map[string]any{"timezone": zone}, registry.FieldError{Name: "timezone", Problem: problem})
	}
}
