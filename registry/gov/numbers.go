package gov

import (
	"math"
	"time"
)

// round keeps n decimals so outputs stay readable and stable.
func round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// daysBetween counts whole days from a to b (YYYY-MM-DD), 0 when either is unreadable.
func daysBetween(a, b string) float64 {
	ta, errA := time.Parse(time.DateOnly, a)
	tb, errB := time.Parse(time.DateOnly, b)
	if errA != nil || errB != nil {
		return 0
	}
	return tb.Sub(ta).Hours() / 24
}
