package health

import (
	"context"
	"strings"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/tidy"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/who"
)

// outbreakWindow is how many of the newest reports a query searches; the
// feed's keyword filter is unreliable, so matching happens here.
const outbreakWindow = 100

func init() {
	family.Register(&registry.Tool{
		Name: "disease_outbreaks", Path: "/paid/health/outbreaks", Price: "0.03",
		Description: "WHO Disease Outbreak News, newest first: disease, country, publication date and a plain-text summary. " +
			"A query keeps the reports among the latest 100 whose title or summary contains it.",
		Params: []registry.Param{
			registry.Str("query").Len(2, 100).Describe("disease or country, e.g. cholera, Sudan"),
			registry.Int("limit").Range(1, 100).WithDefault(20),
		},
		Example:  map[string]any{"query": "cholera", "limit": 10},
		Synonyms: []string{"epidemic", "pandemic", "outbreak news", "who alerts", "bird flu", "disease spread", "dengue", "ebola", "measles", "world health organization"},
		Expected: "Envelope whose data is an array of WHO Disease Outbreak News reports, newest first, and no match is an empty array.",
		Shape:    registry.Envelope,
		Result:   []outbreak(nil),
		Sources:  []string{who.Source.Name},
		Handler:  diseaseOutbreaks,
		// A query keeps only the matching reports among the latest 100.
		Metered: registry.PerItem("limit"),
	})
}

type outbreak struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Disease   string `json:"disease"`
	Country   string `json:"country"`
	Published string `json:"published"`
	Summary   string `json:"summary"`
	URL       string `json:"url"`
}

func diseaseOutbreaks(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	reports, err := upstreams.Fetch(ctx, up, who.Latest(outbreakWindow), who.DecodeReports)
	if err != nil {
		return nil, err
	}
	query := strings.ToLower(strings.TrimSpace(c.Args.String("query")))
	limit := c.Args.Int("limit")
	out := []outbreak{}
	for _, r := range reports {
		summary := plain(r.Summary)
		if query != "" && !strings.Contains(strings.ToLower(r.Title+" "+summary), query) {
			continue
		}
		disease, country := splitTitle(r.Title)
		o := outbreak{
			ID: r.DonID, Title: r.Title, Disease: disease, Country: country, Published: r.PublicationDate,
			Summary: tidy.Clip(summary, 500), URL: who.ItemURL + r.URLName,
		}
		if t, err := time.Parse(time.RFC3339, r.PublicationDate); err == nil {
			o.Published = t.Format(time.DateOnly)
		}
		out = append(out, o)
		if len(out) == limit {
			break
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: who.Source.Title, Cached: up.Cached()}, nil
}

// splitTitle reads "Disease - Country" (WHO uses a hyphen or an en dash);
// a title without a country is all disease.
func splitTitle(title string) (disease, country string) {
	for _, sep := range []string{" – ", " - ", " — "} {
		if d, c, ok := strings.Cut(title, sep); ok {
			return strings.TrimSpace(d), strings.TrimSpace(c)
		}
	}
	return strings.TrimSpace(title), ""
}
