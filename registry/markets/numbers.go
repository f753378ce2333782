package markets

import (
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams/polymarket"
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

// Volumes and liquidity the venue does not report are unknown, never 0 (which
// would claim none): null in answers, last in an order by them, and short of
// any positive minimum.

// amount is a reported volume or liquidity rounded to the cent; nil when the
// venue does not report it.
func amount(o polymarket.Opt) *float64 {
	if !o.Known {
		return nil
	}
	return ptr(tidy.Round(o.Value, 2))
}

// reaches says whether o is at least min; an unknown amount reaches only a
// minimum of 0.
func reaches(o polymarket.Opt, min float64) bool {
	if !o.Known {
		return min <= 0
	}
	return o.Value >= min
}

// greater orders amounts largest first, unknown ones last.
func greater(a, b polymarket.Opt) bool {
	if a.Known != b.Known {
		return a.Known
	}
	return a.Known && a.Value > b.Value
}
