package registry

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

func finderTool(name, category, description string) *Tool {
	return &Tool{Name: name, Path: "/paid/" + name, Price: "0.02", Category: category, Description: description, Expected: "data"}
}

var finderCatalog = []*Tool{
	finderTool("x402_market_radar", "x402 Market Intel", "Catalog size, own ranks and keyword gaps of x402 sellers."),
	{Name: "trending_markets", Path: "/paid/venueA/trending", Price: "0.02", Category: "Prediction Markets", Description: "Top markets by 24h volume.", Expected: "data"},
	finderTool("odds_feed", "Prediction Markets", "Normalized YES/NO prices and spreads."),
	finderTool("drug_recalls", "Health", "Drug recall notices from the regulator."),
	finderTool("vehicle_recalls", "Health", "Vehicle safety recalls by make and model."),
	finderTool("federal_spending", "Government", "Federal awards by agency and recipient; useful for market sizing."),
	finderTool("national_debt", "Government", "Total public debt outstanding."),
}

type ranked struct {
	Score int    `json:"score"`
	Match string `json:"match"`
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

func names(rs []ranked) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Name)
	}
	return out
}

func TestFinderRanking(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		// the exact name first; then a word in the name beats one in the category, which beats the description
		{"x402_market_radar", []string{"x402_market_radar", "trending_markets", "odds_feed", "federal_spending"}},
		{"market", []string{"trending_markets", "x402_market_radar", "odds_feed", "federal_spending"}},
		{"recalls", []string{"drug_recalls", "vehicle_recalls"}},
		{"Vehicle recall", []string{"vehicle_recalls", "drug_recalls"}},
		{"government debt", []string{"national_debt", "federal_spending"}},
		{"rad", []string{"x402_market_radar"}},       // a prefix
		{"vehicel", []string{"vehicle_recalls"}},     // a transposition
		{"regulator", []string{"drug_recalls"}},      // the description alone
		{"venueA", []string{"trending_markets"}},     // the path
		{"polymarket", []string{"trending_markets"}}, // the real name of venueA
		{"normalised", []string{"odds_feed"}},        // two edits in a long word
		{"nomalsed", []string{}},                     // three
		{"the of", []string{}},
		{"quantum", []string{}},
	} {
		if got := names(findNames(t, c.q)); !slices.Equal(got, c.want) {
			t.Errorf("find(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

// A tool matching every query word outranks one matching some; a query that
// is a tool's name adds a fixed bonus to what its words score.
func TestFinderScores(t *testing.T) {
	got := findNames(t, "recall regulator")
	if len(got) != 2 || got[0].Name != "drug_recalls" || got[0].Score <= got[1].Score {
		t.Fatalf("find(recall regulator) = %v", got)
	}
	if exact, words := findNames(t, "odds_feed")[0].Score, findNames(t, "feed odds")[0].Score; exact != words+int(scoreScale*bonusExactName) {
		t.Fatalf("the exact name scores %d, its words %d", exact, words)
	}
}

// Of two tools with the same words, the one where two of the query's words
// stand side by side, in either order, ranks first.
func TestFinderPhrase(t *testing.T) {
	f, err := newFinder(testSite, []*Tool{
		finderTool("apart", "Health", "Recalls of vehicles, their safety."),
		finderTool("phrase", "Health", "Safety recalls of vehicles."),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"safety recalls", "recalls for safety"} {
		if got := f.find(q).Matches; len(got) != 2 || got[0].score <= got[1].score || !bytes.Contains(got[0].match, []byte(`"phrase"`)) {
			t.Errorf("find(%q) ranks the words apart first or level", q)
		}
	}
	if m := f.find("vehicle recalls").Matches; len(m) != 2 || m[0].score != m[1].score {
		t.Errorf("words side by side in both tools scored apart")
	}
}

// A tool that holds much of what the question asks is a strong match; one
// that holds a word of it loosely, weak, and listed after every strong one.
func TestFinderLabelsWeakMatches(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"vehicle recall", []string{"vehicle_recalls strong", "drug_recalls strong"}},
		{"normalised debt", []string{"national_debt strong", "odds_feed weak"}}, // two typos, in a description
		{"normalised", []string{"odds_feed weak"}},
	} {
		var got []string
		for _, m := range findNames(t, c.q) {
			got = append(got, m.Name+" "+m.Match)
		}
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
		if m.Name != finderCatalog[i].Name || m.Score != 0 || m.Match != "strong" {
			t.Errorf("match %d = %v, want {0 strong %s}", i, m, finderCatalog[i].Name)
		}
	}
}

func TestWords(t *testing.T) {
	got := words("venueA_market_scan: Web & Leads, the x402-Bazaar news; pricing, priced, policies, matches, status, betting, shipped, falling, " +
		"cite, cited, citing, free, what's on right now, whats up, pls, WHO, US, quick check: what's happening, look up info")
	want := []string{"venuea", "market", "scan", "web", "lead", "x402", "bazaar", "news", "price", "price", "policy", "match", "status", "bet", "ship", "fall",
		"cite", "cite", "cite", "free", "who", "us"}
	if !slices.Equal(got, want) {
		t.Errorf("words = %q, want %q", got, want)
	}
}

// A short syllable keeps its silent e, and gets it back without -ing or
// -ed: planes are no plan.
func TestStemKeepsShortSyllablesE(t *testing.T) {
	for w, want := range map[string]string{
		"plane": "plane", "planes": "plane", "planning": "plan", "plan": "plan",
		"rate": "rate", "rated": "rate", "rating": "rate", "compute": "comput", "computing": "comput",
		"filing": "file", "files": "file", "raining": "rain", "opening": "open",
	} {
		if got := stem(w); got != want {
			t.Errorf("stem(%q) = %q, want %q", w, got, want)
		}
	}
}

// Values in a question are read as their kind, not their characters.
func TestArgumentKinds(t *testing.T) {
	for q, want := range map[string][]string{
		"where is 8.8.8.8 located":                              {"ip", "address", "locat"},
		"what book is 978-0-14-312755-0":                        {"book", "isbn"},
		"abstract for 10.1038/nature14539":                      {"abstract", "doi"},
		"details of CVE-2021-44228":                             {"cve"},
		"read https://example.com/blog/post-1":                  {"read", "web", "page", "url"},
		"working days between march 3 and apr 18":               {"work", "day", "between", "date", "date"},
		"balance of bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq": {"balanc", "bitcoin", "address"},
	} {
		if got := words(argumentKinds(q)); !slices.Equal(got, want) {
			t.Errorf("words(argumentKinds(%q)) = %q, want %q", q, got, want)
		}
	}
}

func TestWithinTypos(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"kalhsi", "kalshi", true},        // transposition
		{"polymarkt", "polymarket", true}, // deletion
		{"earthqakes", "earthquakes", true},
		{"recal", "recall", true},
		{"vehicle", "vehicle", true},
		{"normalised", "normalized", true}, // long words allow two
		{"odds", "adds", true},
		{"odds", "eels", false},
		{"market", "basket", false},
		{"feed", "feedback", false},
	} {
		if got := withinTypos(c.a, c.b); got != c.want {
			t.Errorf("withinTypos(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
