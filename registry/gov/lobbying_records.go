package gov

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/lda"
)

func init() {
	family.Register(&registry.Tool{
		Name: "lobbying_records", Path: "/paid/gov/lobbying", Price: "0.04",
		Description: "Federal lobbying disclosures (LDA registrations and quarterly reports): registrant, client, amount, " +
			"issues lobbied, agencies contacted and lobbyists, newest first.",
		Params: []registry.Param{
			registry.Str("lobbyist").Len(2, 100).Describe("lobbyist name, partial match"),
			registry.Str("client").Len(2, 100).Describe("client name, partial match, e.g. Google"),
			registry.Int("year").Range(1999, 2100).Describe("filing year, 4 digits"),
		},
		Example:  map[string]any{"client": "Google", "year": 2026},
		Synonyms: []string{"lobbyists", "influence spending", "lobbying spend", "k street"},
		Expected: "Envelope whose data is an array of up to 25 Senate LDA lobbying filings with registrant, client, amount, issues and lobbyists.",
		Shape:    registry.Envelope,
		Result:   []lobbyFiling(nil),
		Sources:  []string{lda.Source.Name},
		Handler:  lobbyingRecords,
	})
}

type lobbyIssue struct {
	Code        string   `json:"code"`
	Issue       string   `json:"issue"`
	Description string   `json:"description"`
	Entities    []string `json:"entities"`
}

type lobbyFiling struct {
	UUID        string       `json:"filing_uuid"`
	Year        int          `json:"year"`
	Period      string       `json:"period"`
	Type        string       `json:"type"`
	Registrant  string       `json:"registrant"`
	Client      string       `json:"client"`
	AmountUSD   *float64     `json:"amount_usd"`  // nil when the filing reports neither
	AmountKind  string       `json:"amount_kind"` // income (a firm's fee) or expenses (in-house lobbying)
	Issues      []lobbyIssue `json:"issues"`
	Lobbyists   []string     `json:"lobbyists"`
	Posted      string       `json:"posted"`
	DocumentURL string       `json:"document_url"`
}

func lobbyingRecords(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	up := upstreams.NewSession(c.Upstream)
	q := lda.Filings{Client: strings.TrimSpace(c.Args.String("client")), Lobbyist: strings.TrimSpace(c.Args.String("lobbyist")), Year: c.Args.Int("year")}
	page, err := upstreams.Fetch(ctx, up, q.Request(), lda.DecodeFilings)
	if err != nil {
		return nil, err
	}
	out := make([]lobbyFiling, 0, len(page.Filings))
	for _, fl := range page.Filings {
		row := lobbyFiling{
			UUID: fl.UUID, Year: fl.Year, Period: fl.PeriodDisplay, Type: fl.TypeDisplay, Registrant: fl.Registrant.Name,
			Client: fl.Client.Name, Issues: []lobbyIssue{}, Lobbyists: []string{}, Posted: fl.Posted, DocumentURL: fl.DocumentURL,
		}
		switch {
		case fl.Income != nil:
			v := float64(*fl.Income)
			row.AmountUSD, row.AmountKind = &v, "income"
		case fl.Expenses != nil:
			v := float64(*fl.Expenses)
			row.AmountUSD, row.AmountKind = &v, "expenses"
		}
		seen := map[string]bool{}
		for _, a := range fl.Activities {
			is := lobbyIssue{Code: a.IssueCode, Issue: a.Issue, Description: a.Description, Entities: []string{}}
			for _, e := range a.Entities {
				is.Entities = append(is.Entities, e.Name)
			}
			row.Issues = append(row.Issues, is)
			for _, l := range a.Lobbyists {
				name := strings.TrimSpace(l.Lobbyist.FirstName + " " + l.Lobbyist.LastName)
				if name != "" && !seen[name] {
					seen[name] = true
					row.Lobbyists = append(row.Lobbyists, name)
				}
			}
		}
		out = append(out, row)
	}
	return &registry.Result{Data: out, Count: len(out), Source: lda.Source.Title, Cached: up.Cached()}, nil
}
