package legal

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/courtlistener"
)

// Input the tools cannot serve is refused before payment.
func TestRefusedBeforePayment(t *testing.T) {
	docket := registry.FieldError{Name: "docket_id", Problem: "must be a CourtListener docket id such as 4214664"}
	registrytest.Refused(t, "court_docket", map[string]any{"docket_id": "99999999999999999999"}, docket)
	registrytest.Refused(t, "court_docket", map[string]any{"docket_id": "0"}, docket)
	registrytest.Refused(t, "federal_register", map[string]any{"query": "stablecoins", "agency": "&&"},
		registry.FieldError{Name: "agency", Problem: "must name an agency, e.g. EPA or Federal Trade Commission"})
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
		_, _ = tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: record, Now: upstreams.RecordedAt})
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
