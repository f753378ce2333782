package config

import "strings"

// Suggest is "; did you mean X?" for the known name closest to name, or
// nothing when none is close enough to be a misspelling of it: half its
// letters in common, or a name it begins with.
func Suggest(name string, known []string) string {
	if best := closest(name, known); best != "" {
		return "; did you mean " + best + "?"
	}
	return ""
}

// closest is the known name closest to name, "" when none is close enough.
func closest(name string, known []string) string {
	best, bestDist := "", 0
	for _, k := range known {
		d := distance(name, k)
		close := d <= max(len(name), len(k))/2 && d < len(k) || len(k) > 2 && strings.HasPrefix(name, k)
		if close && (best == "" || d < bestDist) {
			best, bestDist = k, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
