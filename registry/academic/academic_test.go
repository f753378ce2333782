package academic

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

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
