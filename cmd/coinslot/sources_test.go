package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/upstreams"
)

// `coinslot sources` lists every declared upstream with the settings the
// config puts in force, says which key each one reads, whether it needs it
// and whether it is set, and which tools read it.
func TestSourcesListsKeysToSet(t *testing.T) {
	getenv := func(name string) string { return map[string]string{"FRED_API_KEY": "k"}[name] }
	cfg, err := config.Parse([]byte("upstreams:\n  fred: {rate: 1.5, breaker: {cooldown: 1m}}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := writeSources(&text, sourcesWide, cfg, getenv); err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	for _, line := range lines[1:] {
		cells := regexp.MustCompile(`\s{2,}`).Split(line, -1)
		rows[cells[0]] = cells
	}
	if len(rows) != len(upstreams.Sources()) {
		t.Errorf("%d rows for %d sources", len(rows), len(upstreams.Sources()))
	}
	for name, want := range map[string]string{
		"fred":      "fred|FRED|https://api.stlouisfed.org/fred|1.5|1|2|10s|2|1h0m0s|5 fails, 1m0s|10 in 1m0s|FRED_API_KEY (required, set)|fred_series,fred_surprises",
		"openalex":  "openalex|OpenAlex|https://api.openalex.org|5|5|4|20s|2|1h0m0s|5 fails, 30s|10 in 1m0s|OPENALEX_API_KEY (required, unset)|search_openalex",
		"coingecko": "coingecko|CoinGecko|https://api.coingecko.com/api/v3|0.4|2|2|10s|2|1m0s|5 fails, 30s|10 in 1m0s|COINGECKO_DEMO_API_KEY (optional, unset)|crypto_price_simple",
		"arxiv":     "arxiv|arXiv API|https://export.arxiv.org/api|0.3333|1|1|30s|2|1h0m0s|5 fails, 30s|10 in 1m0s|-|search_arxiv",
		"web":       "web|public web pages|(any public host)|5|10|32|10s|1|10m0s|5 fails, 30s|10 in 1m0s|-|check_agent_policy,detect_stack,enrich_lead,extract_contacts,score_lead,scrape",
	} {
		if got := strings.Join(rows[name], "|"); got != want {
			t.Errorf("row %s:\n got %s\nwant %s", name, got, want)
		}
	}

	var js bytes.Buffer
	if err := writeSources(&js, sourcesJSON, cfg, getenv); err != nil {
		t.Fatal(err)
	}
	var listed []sourceRow
	if err := json.Unmarshal(js.Bytes(), &listed); err != nil {
		t.Fatal(err)
	}
	want := sourceRow{Name: "fred", Title: "FRED", BaseURL: "https://api.stlouisfed.org/fred", SourceSettings: edge.SourceSettings{
		Rate: 1.5, Burst: 1, Concurrency: 2, Timeout: "10s", Retries: 2, CacheTTL: "1h0m0s",
		Breaker: edge.Breaker{Failures: 5, Cooldown: "1m0s"}, Supervision: edge.Supervision{MaxRestarts: 10, Within: "1m0s"}}, KeyEnv: "FRED_API_KEY", KeyRequired: true, KeySet: true,
		Tools: []string{"fred_series", "fred_surprises"}}
	if i := slices.IndexFunc(listed, func(r sourceRow) bool { return r.Name == "fred" }); i < 0 || !reflect.DeepEqual(listed[i], want) {
		t.Errorf("JSON lists fred as %+v, want %+v", listed[max(i, 0)], want)
	}
	if code := run([]string{"sources", "--verbose"}); code != 2 {
		t.Errorf("an unknown flag exits %d, want 2", code)
	}
	if code := run([]string{"sources", "--wide", "--json"}); code != 2 {
		t.Errorf("--wide with --json exits %d, want 2", code)
	}
}

// Without --wide the table fits a 100-column terminal and still says, for
// each source, its rate, concurrency, timeout, how many tools read it and
// the key to set.
func TestSourcesFitsOneHundredColumns(t *testing.T) {
	getenv := func(name string) string { return map[string]string{"FRED_API_KEY": "k"}[name] }
	cfg, err := config.Parse([]byte("upstreams:\n  fred: {rate: 1.5}\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := writeSources(&text, sourcesNarrow, cfg, getenv); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	if len(lines) != len(upstreams.Sources())+1 {
		t.Errorf("%d lines for %d sources and a header", len(lines), len(upstreams.Sources()))
	}
	for _, line := range lines {
		if n := utf8.RuneCountInString(line); n > 100 {
			t.Errorf("%d columns: %s", n, line)
		}
	}
	rows := map[string]string{}
	for _, line := range lines {
		cells := regexp.MustCompile(`\s{2,}`).Split(line, -1)
		rows[cells[0]] = strings.Join(cells, "|")
	}
	for name, want := range map[string]string{
		"NAME":      "NAME|RATE/S|AT ONCE|TIMEOUT|TOOLS|KEY",
		"fred":      "fred|1.5|2|10s|2|FRED_API_KEY (required, set)",
		"coingecko": "coingecko|0.4|2|10s|1|COINGECKO_DEMO_API_KEY (optional, unset)",
		"web":       "web|5|32|10s|6|-",
	} {
		if rows[name] != want {
			t.Errorf("row %s:\n got %s\nwant %s", name, rows[name], want)
		}
	}
}
