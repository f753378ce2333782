// Package tidy holds the small rules that keep answers readable and stable:
// rounding, clamping, quantiles, day counts and clipping long text. Every family uses these,
// so a rule is declared once and every answer follows the same one.
package tidy

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// Round keeps n decimals; +0 turns -0 into 0, so no answer shows "-0".
func Round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p)/p + 0
}

// Clamp bounds x to [lo, hi].
func Clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// NearestRank is the q-quantile of sorted values (the value at rank ⌈q·n⌉).
func NearestRank(sorted []float64, q float64) float64 {
	return sorted[max(0, int(math.Ceil(q*float64(len(sorted))))-1)]
}

// DaysBetween is the time from a to b, two YYYY-MM-DD dates, in days
// (negative when b is earlier); ok is false when either does not read.
func DaysBetween(a, b string) (days float64, ok bool) {
	ta, errA := time.Parse(time.DateOnly, a)
	tb, errB := time.Parse(time.DateOnly, b)
	if errA != nil || errB != nil {
		return 0, false
	}
	return tb.Sub(ta).Hours() / 24, true
}

// Clip shortens s to at most n characters, the ellipsis included, on a word
// boundary when one is in the second half, marking the cut with "…".
func Clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n-1])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

// Collapse turns every run of white space into one space and trims the ends.
func Collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
