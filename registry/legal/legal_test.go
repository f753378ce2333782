package legal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
)

// callNow is a fixed call time.
var callNow = time.Date(2026, time.November, 20, 15, 0, 0, 0, time.UTC)

var family = []string{
	"court_opinions", "court_docket", "federal_register", "patents_search",
	"regulations_search", "judges_search", "trademarks_search",
}

func TestFamilyIsDeclaredAndItsExamplesRun(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		if tool.Handler == nil || tool.Category != "Legal" || tool.Shape != registry.Envelope || !strings.HasPrefix(tool.Path, "/paid/legal/") {
			t.Errorf("%s: handler %v, category %q, shape %s, path %s", name, tool.Handler != nil, tool.Category, tool.Shape, tool.Path)
		}
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, callNow)
		if err != nil {
			t.Errorf("%s: example failed: %v", name, err)
			continue
		}
		if res.Count == 0 || res.Source == "" {
			t.Errorf("%s: example returned count %d, source %q", name, res.Count, res.Source)
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		file, tool string
		in         map[string]any
	}{
		{"court_opinions", "court_opinions", map[string]any{"query": "fair use", "court": "scotus", "days_back": 3650}},
		{"court_opinions_none", "court_opinions", map[string]any{"query": "zzyzx"}},
		{"court_docket", "court_docket", map[string]any{"docket_id": " 4214664 "}},
		{"judges_search", "judges_search", map[string]any{"query": "Gorsuch", "court": "SCOTUS"}},
		{"federal_register", "federal_register", map[string]any{"query": "stablecoins"}},
		{"federal_register_none", "federal_register", map[string]any{"query": "zzzz", "agency": "EPA"}},
		{"patents_search", "patents_search", map[string]any{"query": "language model", "limit": 10}},
		{"patents_search_none", "patents_search", map[string]any{"query": "zzyzx"}},
		{"regulations_search", "regulations_search", map[string]any{"query": "emissions"}},
		{"regulations_search_open", "regulations_search", map[string]any{"query": "emissions", "status": "open"}},
		{"trademarks_search", "trademarks_search", map[string]any{"query": "ChatGPT"}},
		{"trademarks_search_owner", "trademarks_search", map[string]any{"query": "chatgpt", "owner": "openai"}},
		{"trademarks_search_none", "trademarks_search", map[string]any{"query": "zzyzx"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			res, err := registrytest.Run(t, c.tool, c.in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+c.file+".golden.json", res)
		})
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"court_opinions", map[string]any{"query": "outage"}, "courtlistener: upstream answered with an error (HTTP 503)"},
		{"court_docket", map[string]any{"docket_id": "99999999999999999999"}, "docket_id must be a CourtListener docket id such as 4214664"},
		{"court_docket", map[string]any{"docket_id": "1"}, "courtlistener: CourtListener has no docket 1 (HTTP 404)"},
		{"federal_register", map[string]any{"query": "stablecoins", "agency": "&&"}, "agency must name an agency, e.g. EPA or Federal Trade Commission"},
	}
	for _, c := range cases {
		_, err := registrytest.Run(t, c.tool, c.in, upstreams.Replay, callNow)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %v: err = %v, want %q", c.tool, c.in, err, c.want)
		}
	}
	_, err := registrytest.Run(t, "court_docket", map[string]any{"docket_id": "1"}, upstreams.Replay, callNow)
	if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.NotFound {
		t.Errorf("unknown docket: %v", err)
	}
	_, err = registrytest.Run(t, "court_docket", map[string]any{"docket_id": "0"}, upstreams.Replay, callNow)
	var in *registry.InputError
	if !errors.As(err, &in) {
		t.Errorf("docket 0: %v is not an input error", err)
	}
}

// The requests carry the buyer's filters in the form each source expects.
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
		{"court_opinions", map[string]any{"query": "fair use", "court": " SCOTUS  ca9 "}},
		{"federal_register", map[string]any{"query": "stablecoins", "agency": "Federal Trade Commission", "type": "RULE"}},
		{"regulations_search", map[string]any{"query": "emissions", "status": "closed"}},
		{"trademarks_search", map[string]any{"query": "Fox & Hound/2"}},
	}
	for _, c := range calls {
		tool, _ := registry.Lookup(c.tool)
		args, errs := tool.Validate(c.in)
		if errs != nil {
			t.Fatal(errs)
		}
		_, _ = tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: record, Now: callNow})
	}
	want := []string{
		courtlistener.Source.BaseURL + "/search/?court=scotus+ca9&filed_after=2026-08-22&order_by=score+desc&q=fair+use&type=o",
		"https://www.federalregister.gov/api/v1/documents.json?conditions%5Bagencies%5D%5B%5D=federal-trade-commission&conditions%5Bterm%5D=stablecoins&conditions%5Btype%5D%5B%5D=RULE&fields%5B%5D=title&fields%5B%5D=type&fields%5B%5D=abstract&fields%5B%5D=document_number&fields%5B%5D=html_url&fields%5B%5D=pdf_url&fields%5B%5D=publication_date&fields%5B%5D=agencies&fields%5B%5D=significant&fields%5B%5D=comments_close_on&fields%5B%5D=effective_on&order=relevance&per_page=20",
		"https://api.regulations.gov/v4/documents?filter%5BcommentEndDate%5D%5Ble%5D=2026-11-19&filter%5BsearchTerm%5D=emissions&page%5Bsize%5D=25&sort=-postedDate",
		"https://uspto-trademark.p.rapidapi.com/v1/trademarkSearch/fox%20&%20hound%2F2/all",
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
