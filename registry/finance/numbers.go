package finance

import "math"

// round keeps n decimals so outputs stay readable and stable.
func round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
