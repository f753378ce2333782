package markets

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Questions on two venues are matched by the words they share: text is
// lowercased, numbers lose their separators, abbreviations are expanded
// (btc → bitcoin, fed → federal reserve, cut → decrease, hold → no change)
// and filler words dropped; the score is 0.7 × Jaccard of the word sets plus
// 0.3 × date proximity (1 at the same close time, 0 at 30 days apart).

var (
	thousands = regexp.MustCompile(`(\d),(\d{3})`)
	nonWord   = regexp.MustCompile(`[^a-z0-9.]+`)
	scaled    = regexp.MustCompile(`^(\d+(?:\.\d+)?)(k|m)$`)
	digitsOr  = regexp.MustCompile(`\d+(?:\.\d+)?|[a-z]+`)
)

var stopwords = map[string]bool{
	"will": true, "the": true, "be": true, "by": true, "in": true, "on": true, "of": true, "a": true, "an": true,
	"to": true, "at": true, "for": true, "there": true, "after": true, "is": true, "and": true, "or": true,
	"this": true, "that": true, "what": true, "who": true, "how": true, "than": true, "any": true,
}

var aliases = map[string][]string{
	"btc": {"bitcoin"}, "eth": {"ethereum"}, "fed": {"federal", "reserve"}, "fomc": {"federal", "reserve"},
	"cut": {"decrease"}, "hike": {"increase"}, "raise": {"increase"}, "hold": {"no", "change"},
	"jan": {"january"}, "feb": {"february"}, "mar": {"march"}, "apr": {"april"}, "jun": {"june"},
	"jul": {"july"}, "aug": {"august"}, "sep": {"september"}, "sept": {"september"}, "oct": {"october"},
	"nov": {"november"}, "dec": {"december"}, "us": {"united", "states"}, "usa": {"united", "states"},
}

// words returns the normalized word set of a text.
func words(text string) map[string]bool {
	text = thousands.ReplaceAllString(strings.ToLower(text), "$1$2")
	text = thousands.ReplaceAllString(text, "$1$2") // 1,000,000 needs two passes
	out := map[string]bool{}
	for _, raw := range nonWord.Split(text, -1) {
		raw = strings.Trim(raw, ".")
		if g := scaled.FindStringSubmatch(raw); g != nil {
			v, _ := strconv.ParseFloat(g[1], 64)
			if g[2] == "k" {
				v *= 1e3
			} else {
				v *= 1e6
			}
			out[strconv.FormatFloat(v, 'f', -1, 64)] = true
			continue
		}
		for _, w := range digitsOr.FindAllString(raw, -1) {
			if alias, ok := aliases[w]; ok {
				for _, a := range alias {
					out[a] = true
				}
			} else if !stopwords[w] {
				out[w] = true
			}
		}
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	both := 0
	for w := range a {
		if b[w] {
			both++
		}
	}
	return float64(both) / float64(len(a)+len(b)-both)
}

func overlaps(a, b map[string]bool) bool {
	for w := range a {
		if b[w] {
			return true
		}
	}
	return false
}

// dateProximity is 1 for the same time, falling linearly to 0 at 30 days.
func dateProximity(a, b string) float64 {
	ta, okA := parseTime(a)
	tb, okB := parseTime(b)
	if !okA || !okB {
		return 0
	}
	return math.Max(0, 1-math.Abs(ta.Sub(tb).Hours())/(30*24))
}

func similarity(textA, textB, dateA, dateB string) float64 {
	return 0.7*jaccard(words(textA), words(textB)) + 0.3*dateProximity(dateA, dateB)
}

// scoredPair is a candidate match between item a of one venue and b of the other.
type scoredPair struct {
	a, b  int
	score float64
}

// matchGreedy assigns pairs one-to-one, best score first, keeping only
// scores at or above min.
func matchGreedy(pairs []scoredPair, min float64) []scoredPair {
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].score > pairs[j].score })
	usedA, usedB := map[int]bool{}, map[int]bool{}
	var out []scoredPair
	for _, p := range pairs {
		if p.score < min || usedA[p.a] || usedB[p.b] {
			continue
		}
		usedA[p.a], usedB[p.b] = true, true
		out = append(out, p)
	}
	return out
}
