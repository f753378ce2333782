package env

import (
	"math"
	"strings"
	"unicode/utf8"
)

// maxText bounds long free-text fields such as alert descriptions.
const maxText = 1000

// clip shortens s to at most n characters, on a word boundary, marking the cut.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

// round keeps n decimals so outputs stay readable and stable.
func round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}
