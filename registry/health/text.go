package health

import (
	"html"
	"regexp"
	"strings"
	"time"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry/tidy"
)

// maxText bounds long free-text fields (label sections, summaries).
const maxText = 1000

var (
	tags        = regexp.MustCompile(`<[^>]*>`)
	spacedPunct = regexp.MustCompile(`\s+([.,;:!?)])`)
)

// plain turns an HTML fragment into one line of text.
func plain(s string) string {
	s = tags.ReplaceAllString(s, " ")
	s = lexical.Collapse(html.UnescapeString(s))
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
	return tidy.Clip(strings.Join(sections, " "), maxText)
}
