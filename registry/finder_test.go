package registry

import (
	"encoding/json"
	"slices"
	"testing"
)

func finderTool(name, category, description string) *Tool {
	return &Tool{Name: name, Path: "/paid/" + name, Price: "0.02", Category: category, Description: description, Expected: "data"}
}

var finderCatalog = []*Tool{
	finderTool("x402_market_radar", "x402 Market Intel", "Catalog size, own ranks and keyword gaps of x402 sellers."),
	finderTool("trending_markets", "Prediction Markets", "Top markets by 24h volume."),
	finderTool("odds_feed", "Prediction Markets", "Normalized YES/NO prices and spreads."),
	finderTool("drug_recalls", "Health", "Drug recall notices from the regulator."),
	finderTool("vehicle_recalls", "Health", "Vehicle safety recalls by make and model."),
	finderTool("federal_spending", "Government", "Federal awards by agency and recipient; useful for market sizing."),
	finderTool("national_debt", "Government", "Total public debt outstanding."),
}

type ranked struct {
	Score int    `json:"score"`
	Name  string `json:"name"`
}

func findNames(t *testing.T, q string) []ranked {
	t.Helper()
	f, err := newFinder(testSite, finderCatalog)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(f.find(q))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Query   string   `json:"query"`
		Count   int      `json:"count"`
		Matches []ranked `json:"matches"`
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	if res.Count != len(res.Matches) {
		t.Errorf("q=%q: count %d but %d matches", q, res.Count, len(res.Matches))
	}
	return res.Matches
}

func TestFinderRanking(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []ranked
	}{
		// exact name first, then a name word, then a category word, then the description
		{"x402_market_radar", []ranked{
			{scoreExactName + 3*scoreNameWord + 2*scoreCategory + scoreDescription, "x402_market_radar"},
			{scoreNameWord + scoreCategory + scoreDescription, "trending_markets"},
			{scoreCategory, "odds_feed"},
			{scoreDescription, "federal_spending"},
		}},
		{"market", []ranked{
			{scoreNameWord + scoreCategory + scoreDescription, "trending_markets"},
			{scoreNameWord + scoreCategory, "x402_market_radar"},
			{scoreCategory, "odds_feed"},
			{scoreDescription, "federal_spending"},
		}},
		{"recalls", []ranked{
			{scoreNameWord + scoreDescription, "drug_recalls"},
			{scoreNameWord + scoreDescription, "vehicle_recalls"},
		}},
		{"Vehicle recall", []ranked{
			{scoreExactName + 2*scoreNameWord + 2*scoreDescription, "vehicle_recalls"},
			{scoreNameWord + scoreDescription, "drug_recalls"},
		}},
		{"government debt", []ranked{
			{scoreCategory + scoreNameWord + scoreDescription, "national_debt"},
			{scoreCategory, "federal_spending"},
		}},
		{"rad", []ranked{{scoreNamePrefix, "x402_market_radar"}}},
		{"the of", []ranked{}},
		{"quantum", []ranked{}},
	} {
		got := findNames(t, c.q)
		if !slices.Equal(got, c.want) {
			t.Errorf("find(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

func TestFinderEmptyQueryListsAll(t *testing.T) {
	got := findNames(t, "  ")
	if len(got) != len(finderCatalog) {
		t.Fatalf("empty query listed %d tools, want %d", len(got), len(finderCatalog))
	}
	for i, m := range got {
		if m.Name != finderCatalog[i].Name || m.Score != 0 {
			t.Errorf("match %d = %v, want {0 %s}", i, m, finderCatalog[i].Name)
		}
	}
}

func TestWords(t *testing.T) {
	got := words("venueA_market_scan: Web & Leads, the x402-Bazaar news")
	want := []string{"venuea", "market", "scan", "web", "lead", "x402", "bazaar", "new"}
	if !slices.Equal(got, want) {
		t.Errorf("words = %q, want %q", got, want)
	}
}
