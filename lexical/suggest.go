package lexical

import "strings"

// Suggest is "; did you mean X?" for the known name closest to name, or
// nothing when none is close enough to be a misspelling of it. Every
// transport and the command line suggest through it.
func Suggest(name string, known []string) string { return DidYouMean(Closest(name, known)) }

// DidYouMean is "; did you mean best?", or nothing when best is "".
func DidYouMean(best string) string {
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// Closest is the known name closest to name, or "" when none is close enough
// to be a misspelling of it: half its letters in common, or a name it begins
// with.
func Closest(name string, known []string) string {
	best, bestDist := "", 0
	for _, k := range known {
		d := Distance(name, k)
		close := d <= max(len(name), len(k))/2 && d < len(k) || len(k) > 2 && strings.HasPrefix(name, k)
		if close && (best == "" || d < bestDist) {
			best, bestDist = k, d
		}
	}
	return best
}

// Distance is the optimal string alignment distance between a and b, in
// bytes: the insertions, deletions, substitutions and transpositions of
// neighbours that turn one into the other, each counted once. Typos in a
// config key, a tool's name and a search word are measured by the same rule.
func Distance(a, b string) int {
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
