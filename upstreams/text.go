package upstreams

import "strings"

// Collapse turns every run of white space in s, line breaks included, into
// one space and trims the ends: sources that wrap their text for print
// (arXiv's Atom feed, CourtListener's snippets) read as one line.
func Collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
