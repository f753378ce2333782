package academic

import (
	"regexp"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// The shapes of a paper reference, unanchored so that paperIDPattern can
// join them.
const (
	s2SHAExpr    = `[0-9a-f]{40}`
	doiExpr      = `10\.\d{4,9}/\S+`
	arxivNewExpr = `\d{4}\.\d{4,5}(v\d+)?`
	arxivOldExpr = `[a-z]+(-[a-z]+)?(\.[A-Z]{2})?/\d{7}(v\d+)?` // e.g. hep-th/9901001
	digitsExpr   = `\d+`
	prefixedExpr = `[A-Za-z]+:\S+` // PMID:19872477, or a doi.org or arxiv.org address
)

// paperIDPattern admits every reference paperID may take, so free text
// such as a title is refused before payment; paperID checks the rest.
const paperIDPattern = `^\s*(` + s2SHAExpr + `|` + doiExpr + `|` + arxivNewExpr + `|` + arxivOldExpr + `|` +
	digitsExpr + `|` + prefixedExpr + `)\s*$`

// paperIDShape says in words what paperIDPattern admits.
const paperIDShape = "a Semantic Scholar id, a DOI such as 10.1145/3442188.3445922, " +
	"an arXiv id such as 1706.03762, or a prefixed id such as PMID:19872477"

const paperIDProblem = "must be " + paperIDShape

var (
	s2SHA       = anchored(s2SHAExpr)
	doiPattern  = anchored(doiExpr)
	arxivNew    = anchored(arxivNewExpr)
	arxivOld    = anchored(arxivOldExpr)
	digits      = anchored(digitsExpr)
	nonBlank    = regexp.MustCompile(`^\S+$`)
	urlPrefixes = []struct{ url, kind string }{
		{"https://doi.org/", "DOI"}, {"http://doi.org/", "DOI"}, {"https://dx.doi.org/", "DOI"}, {"http://dx.doi.org/", "DOI"},
		{"https://arxiv.org/abs/", "ARXIV"}, {"http://arxiv.org/abs/", "ARXIV"},
	}
	// idKinds are the external id prefixes Semantic Scholar takes, by the
	// lower-case spelling a buyer may use, with the check each value passes.
	idKinds = map[string]struct {
		prefix string
		valid  func(string) bool
	}{
		"doi":      {"DOI", doiPattern.MatchString},
		"arxiv":    {"ARXIV", func(s string) bool { return arxivNew.MatchString(s) || arxivOld.MatchString(s) }},
		"pmid":     {"PMID", digits.MatchString},
		"pmcid":    {"PMCID", digits.MatchString},
		"corpusid": {"CorpusId", digits.MatchString},
		"mag":      {"MAG", digits.MatchString},
		"acl":      {"ACL", nonBlank.MatchString},
	}
)

// checkPaperID puts paperId in the form Semantic Scholar takes.
func checkPaperID(a registry.Args) []registry.FieldError {
	id, problem := paperID(a.String("paperId"))
	if problem != "" {
		return registry.Bad("paperId", problem)
	}
	a["paperId"] = id
	return nil
}

// paperID turns a paper reference into the form Semantic Scholar's paper
// paths take: its own 40-hex id, or PREFIX:value for a DOI, arXiv id,
// PubMed id and the like. Bare DOIs and arXiv ids are recognised; a bare
// number is refused because it may be a PubMed id or a corpus id. The
// second result says what is wrong with a reference it cannot take.
func paperID(in string) (string, string) {
	s := strings.TrimSpace(in)
	for _, p := range urlPrefixes {
		if n := len(p.url); len(s) > n && strings.EqualFold(s[:n], p.url) {
			s = p.kind + ":" + s[n:]
			break
		}
	}
	if kind, value, ok := strings.Cut(s, ":"); ok {
		k, known := idKinds[strings.ToLower(kind)]
		if !known {
			return "", paperIDProblem
		}
		if k.prefix == "PMCID" {
			value = strings.TrimPrefix(strings.ToUpper(value), "PMC")
		}
		if !k.valid(value) {
			return "", "is not a valid " + k.prefix + " id"
		}
		return k.prefix + ":" + value, ""
	}
	switch {
	case s2SHA.MatchString(s):
		return s, ""
	case doiPattern.MatchString(s):
		return "DOI:" + s, ""
	case arxivNew.MatchString(s) || arxivOld.MatchString(s):
		return "ARXIV:" + s, ""
	case digits.MatchString(s):
		return "", "a bare number is ambiguous: write PMID:19872477 or CorpusId:215416146"
	}
	return "", paperIDProblem
}

func anchored(expr string) *regexp.Regexp { return regexp.MustCompile("^" + expr + "$") }
