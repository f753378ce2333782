// Package lexical holds what every room does alike with words: how far apart
// two are, which known name a misspelt one means, and white space made one
// space. It imports no package of the project, so any room may use it.
package lexical
