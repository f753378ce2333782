package markets

import (
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry/tidy"
)

// price returns a pointer for JSON, nil when the venue has no quote (0).
func price(p float64) *float64 {
	if p <= 0 {
		return nil
	}
	v := tidy.Round(p, 4)
	return &v
}

// parseTime reads the time formats the venues use: RFC 3339 and Gamma's
// "2026-11-19 17:05:12+00".
func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05-07", "2006-01-02 15:04:05-07:00", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// daysUntil is the time from now to s in days; ok is false when s is not a time.
func daysUntil(now time.Time, s string) (float64, bool) {
	t, ok := parseTime(s)
	if !ok {
		return 0, false
	}
	return t.Sub(now).Hours() / 24, true
}
