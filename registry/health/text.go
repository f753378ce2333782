package health

import (
	"html"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// maxText bounds long free-text fields (label sections, summaries).
const maxText = 1000

// clip shortens s to at most n characters, on a word boundary, marking the cut.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

var (
	tags        = regexp.MustCompile(`<[^>]*>`)
	spacedPunct = regexp.MustCompile(`\s+([.,;:!?)])`)
)

// plain turns an HTML fragment into one line of text.
func plain(s string) string {
	s = tags.ReplaceAllString(s, " ")
	s = strings.Join(strings.Fields(html.UnescapeString(s)), " ")
	return spacedPunct.ReplaceAllString(s, "$1")
}

// isoDay turns a YYYYMMDD date into YYYY-MM-DD; anything else is kept as is.
func isoDay(s string) string {
	t, err := time.Parse("20060102", s)
	if err != nil {
		return s
	}
	return t.Format(time.DateOnly)
}

// first returns the first element of a list, or "".
func first(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}

// joined keeps the texts of a label section together, clipped.
func joined(sections []string) string {
	return clip(strings.Join(sections, " "), maxText)
}
