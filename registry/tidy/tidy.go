// Package tidy holds the small rules that keep answers readable and stable:
// rounding, clamping, quantiles, day counts, plurals and clipping long text. Every family uses these,
// so a rule is declared once and every answer follows the same one.
package tidy

import (
	"math"
	"strconv"
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

// Median is the middle of sorted values, or the mean of the two middle
// ones for an even count; the values must not be empty.
func Median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
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

// Plural writes n with the singular or plural phrase: "1 result",
// "3 results"; the plural defaults to the singular plus "s".
func Plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return strconv.Itoa(n) + " " + many[0]
	}
	return strconv.Itoa(n) + " " + one + "s"
}
