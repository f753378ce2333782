package lexical

import "strings"

// Collapse turns every run of white space in s, line breaks included, into
// one space and trims the ends: text wrapped for print (arXiv's Atom feed,
// CourtListener's snippets, a page's markup) reads as one line.
func Collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
