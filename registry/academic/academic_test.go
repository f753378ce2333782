package academic

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestGolden(t *testing.T) {
	cases := []registrytest.Case{
		{Golden: "search_papers", Tool: "search_papers", In: map[string]any{"query": "attention transformer", "limit": 10}},
		{Golden: "search_papers_none", Tool: "search_papers", In: map[string]any{"query": "zzyzx"}},
		{Golden: "search_arxiv", Tool: "search_arxiv", In: map[string]any{"query": "mixture of experts", "category": "cs.LG", "limit": 5}},
		{Golden: "search_arxiv_none", Tool: "search_arxiv", In: map[string]any{"query": "zzyzx"}},
		{Golden: "search_pubmed", Tool: "search_pubmed", In: map[string]any{"query": "CRISPR sickle cell", "limit": 5}},
		{Golden: "search_pubmed_none", Tool: "search_pubmed", In: map[string]any{"query": "zzyzx"}},
		{Golden: "clinical_trials", Tool: "clinical_trials", In: map[string]any{"query": "CAR-T lymphoma"}},
		{Golden: "clinical_trials_none", Tool: "clinical_trials", In: map[string]any{"query": "zzyzx"}},
		{Golden: "search_openalex", Tool: "search_openalex", In: map[string]any{"query": "open access prevalence", "limit": 5}},
		{Golden: "search_openalex_none", Tool: "search_openalex", In: map[string]any{"query": "zzyzx"}},
		{Golden: "paper_details", Tool: "paper_details", In: map[string]any{"paperId": "https://doi.org/10.1145/3442188.3445922"}},
		{Golden: "citation_graph_forward", Tool: "citation_graph", In: map[string]any{"paperId": "doi:10.1145/3442188.3445922"}},
		{Golden: "citation_graph_backward", Tool: "citation_graph", In: map[string]any{"paperId": "10.1145/3442188.3445922", "direction": "backward"}},
		{Golden: "isbn_book_lookup", Tool: "isbn_book_lookup", In: map[string]any{"isbn": "978-0-14-032872-1"}},
	}
	registrytest.RunGolden(t, cases, upstreams.RecordedAt)
}

func TestErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"search_papers", map[string]any{"query": "outage"}, "semanticscholar: upstream answered with an error (HTTP 429)"},
		{"paper_details", map[string]any{"paperId": "DOI:10.1000/missing"}, "semanticscholar: Semantic Scholar has no paper DOI:10.1000/missing (HTTP 404)"},
		{"isbn_book_lookup", map[string]any{"isbn": "9780000000002"}, "openlibrary: Open Library has no book with ISBN 9780000000002"},
	}
	for _, c := range cases {
		_, err := registrytest.Run(t, c.tool, c.in, upstreams.Replay, upstreams.RecordedAt)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %v: err = %v, want %q", c.tool, c.in, err, c.want)
		}
	}
	for _, in := range []map[string]any{{"paperId": "DOI:10.1000/missing"}, {"isbn": "9780000000002"}} {
		name := "paper_details"
		if _, ok := in["isbn"]; ok {
			name = "isbn_book_lookup"
		}
		_, err := registrytest.Run(t, name, in, upstreams.Replay, upstreams.RecordedAt)
		if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
			t.Errorf("%s %v: %v is not not_found", name, in, err)
		}
	}
}

func TestPaperID(t *testing.T) {
	cases := map[string]string{
		"204e3073870fae3d05bcbc2f6a8e263d9b72e776": "204e3073870fae3d05bcbc2f6a8e263d9b72e776",
		"10.18653/v1/N18-3011":                     "DOI:10.18653/v1/N18-3011",
		"HTTPS://DOI.ORG/10.1145/3442188.3445922":  "DOI:10.1145/3442188.3445922",
		"1706.03762v5":                             "ARXIV:1706.03762v5",
		"arXiv:2106.15928":                         "ARXIV:2106.15928",
		"https://arxiv.org/abs/hep-th/9901001":     "ARXIV:hep-th/9901001",
		"pmid:19872477":                            "PMID:19872477",
		"PMCID:PMC2323736":                         "PMCID:2323736",
		"corpusid:215416146":                       "CorpusId:215416146",
		"ACL:W12-3903":                             "ACL:W12-3903",
	}
	for in, want := range cases {
		got, problem := paperID(in)
		if problem != "" || got != want {
			t.Errorf("paperID(%q) = %q, %q; want %q", in, got, problem, want)
		}
	}
}

func TestISBN(t *testing.T) {
	for in, want := range map[string]string{
		"0140328726":        "0140328726",
		"0-8044-2957-x":     "080442957X",
		"978 0 14 032872 1": "9780140328721",
	} {
		got, problem := normalISBN(in)
		if problem != "" || got != want {
			t.Errorf("normalISBN(%q) = %q, %q; want %q", in, got, problem, want)
		}
	}
}

// The requests carry the buyer's input in the form each source expects.
func TestRequests(t *testing.T) {
	var got []string
	record := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		got = append(got, req.URL)
		return upstreams.Replay.Do(ctx, req)
	})
	calls := []struct {
		tool string
		in   map[string]any
	}{
		{"search_arxiv", map[string]any{"query": `"mixture" of (experts):`, "category": "cs.LG", "limit": 5}},
		{"search_pubmed", map[string]any{"query": "CRISPR sickle cell", "limit": 5}},
		{"clinical_trials", map[string]any{"query": "CAR-T lymphoma", "status": "not yet-recruiting"}},
		{"citation_graph", map[string]any{"paperId": "10.1145/3442188.3445922", "direction": "backward"}},
		{"isbn_book_lookup", map[string]any{"isbn": "0-14-032872-6"}},
	}
	for _, c := range calls {
		tool, _ := registry.Lookup(c.tool)
		args, errs := tool.Validate(c.in)
		if errs != nil {
			t.Fatal(errs)
		}
		_, _ = tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: record, Now: upstreams.RecordedAt})
	}
	want := []string{
		"https://export.arxiv.org/api/query?max_results=5&search_query=all%3A%22mixture+of+experts%22+AND+cat%3Acs.LG&sortBy=relevance&sortOrder=descending&start=0",
		"https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&retmax=5&retmode=json&retstart=0&sort=relevance&term=CRISPR+sickle+cell&tool=coinslot",
		"https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi?db=pubmed&id=38661449%2C37144896&retmode=json&tool=coinslot",
		"https://clinicaltrials.gov/api/v2/studies?countTotal=true&filter.overallStatus=NOT_YET_RECRUITING&format=json&pageSize=20&query.term=CAR-T+lymphoma",
		"https://api.semanticscholar.org/graph/v1/paper/DOI:10.1145/3442188.3445922/references?fields=paperId%2Curl%2Ctitle%2Cyear%2Cvenue%2Cauthors%2CexternalIds%2Ccontexts%2Cintents%2CisInfluential&limit=100",
		"https://openlibrary.org/api/books?bibkeys=ISBN%3A0140328726&format=json&jscmd=data",
	}
	if len(got) != len(want) {
		t.Fatalf("requests = %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d = %s\nwant        %s", i, got[i], want[i])
		}
	}
}
