package academic

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// Malformed identifiers are refused by the declared patterns, before payment.
func TestFormatsRefusedBeforePayment(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want registry.FieldError
	}{
		{"citation_graph", map[string]any{"paperId": "not a paper"}, registry.FieldError{Name: "paperId", Problem: "must be a Semantic Scholar id, a DOI such as 10.1145/3442188.3445922, an arXiv id such as 1706.03762, or a prefixed id such as PMID:19872477"}},
		{"paper_details", map[string]any{"paperId": "Attention Is All You Need"}, registry.FieldError{Name: "paperId", Problem: "must be a Semantic Scholar id, a DOI such as 10.1145/3442188.3445922, an arXiv id such as 1706.03762, or a prefixed id such as PMID:19872477"}},
		{"search_arxiv", map[string]any{"query": "moe", "category": "cs LG"}, registry.FieldError{Name: "category", Problem: "must be an arXiv category such as cs.LG or hep-th"}},
		{"isbn_book_lookup", map[string]any{"isbn": "97801403287A1"}, registry.FieldError{Name: "isbn", Problem: "must be 10 or 13 digits (an ISBN-10 may end in X)"}},
	}
	for _, c := range cases {
		registrytest.Refused(t, c.tool, c.in, c.want)
	}
}

// The patterns are coarse: every form the upstream takes still passes.
func TestFormatsAcceptUpstreamForms(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
	}{
		{"paper_details", map[string]any{"paperId": "204e3073870fae3d05bcbc2f6a8e263d9b72e776"}},
		{"paper_details", map[string]any{"paperId": "10.18653/v1/N18-3011"}},
		{"paper_details", map[string]any{"paperId": " HTTPS://DOI.ORG/10.1145/3442188.3445922 "}},
		{"paper_details", map[string]any{"paperId": "1706.03762v5"}},
		{"paper_details", map[string]any{"paperId": "https://arxiv.org/abs/hep-th/9901001"}},
		{"paper_details", map[string]any{"paperId": "hep-th/9901001"}},
		{"citation_graph", map[string]any{"paperId": "PMCID:PMC2323736"}},
		{"citation_graph", map[string]any{"paperId": "19872477"}},
		{"search_arxiv", map[string]any{"query": "moe", "category": "cond-mat.mes-hall"}},
		{"isbn_book_lookup", map[string]any{"isbn": "0-8044-2957-x"}},
		{"isbn_book_lookup", map[string]any{"isbn": "978 0 14 032872 1"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
