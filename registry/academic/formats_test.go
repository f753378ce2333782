package academic

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// Malformed identifiers are refused by the declared patterns and checks, before payment.
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
		{"paper_details", map[string]any{"paperId": "DOI:10.x/bad"}, registry.FieldError{Name: "paperId", Problem: "is not a valid DOI id"}},
		{"citation_graph", map[string]any{"paperId": "19872477"}, registry.FieldError{Name: "paperId", Problem: "a bare number is ambiguous: write PMID:19872477 or CorpusId:215416146"}},
		{"paper_details", map[string]any{"paperId": "ISSN:1234-5678"}, registry.FieldError{Name: "paperId", Problem: "must be a Semantic Scholar id, a DOI such as 10.1145/3442188.3445922, an arXiv id such as 1706.03762, or a prefixed id such as PMID:19872477"}},
		{"search_arxiv", map[string]any{"query": "(:)"}, registry.FieldError{Name: "query", Problem: "must contain at least one word"}},
		{"clinical_trials", map[string]any{"query": "x", "status": "pending"}, registry.FieldError{Name: "status", Problem: "must be a ClinicalTrials.gov status: recruiting, not_yet_recruiting, active_not_recruiting, completed, enrolling_by_invitation, suspended, terminated, withdrawn, available, no_longer_available, temporarily_not_available, approved_for_marketing, withheld, unknown"}},
		{"isbn_book_lookup", map[string]any{"isbn": "978-0-14-032872-2"}, registry.FieldError{Name: "isbn", Problem: "check digit does not match: the ISBN is mistyped"}},
		{"isbn_book_lookup", map[string]any{"isbn": "014032872X"}, registry.FieldError{Name: "isbn", Problem: "check digit does not match: the ISBN is mistyped"}},
		{"isbn_book_lookup", map[string]any{"isbn": "97801403287X1"}, registry.FieldError{Name: "isbn", Problem: "must be 10 or 13 digits (an ISBN-10 may end in X)"}},
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
		{"search_arxiv", map[string]any{"query": "moe", "category": "cond-mat.mes-hall"}},
		{"isbn_book_lookup", map[string]any{"isbn": "0-8044-2957-x"}},
		{"isbn_book_lookup", map[string]any{"isbn": "978 0 14 032872 1"}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
