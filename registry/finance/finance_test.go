package finance

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

var family = []string{
	"insider_cluster_brief", "edgar_filings", "insider_trades", "token_stock_quote",
	"fred_series", "crypto_price_simple", "btc_address_balance", "btc_mempool_fees",
}

func TestFamilyIsSoldAndExamplesRun(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok || tool.Handler == nil || tool.Category != "Finance" {
			t.Errorf("%s: registered %v, handler or category missing", name, ok)
			continue
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}

// goldenCases compare whole results with testdata/<golden>.golden.json.
// Regenerate with: go test ./registry/finance -update
var goldenCases = []struct {
	tool, golden string
	in           map[string]any
}{
	{"btc_mempool_fees", "btc_mempool_fees", map[string]any{}},
	{"btc_address_balance", "btc_address_balance", map[string]any{"address": "bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h", "limit": 5}},
	{"btc_address_balance", "btc_address_balance_limit1", map[string]any{"address": "BC1QM34LSC65ZPW79LXES69ZKQMK6EE3EWF0J77S3H", "limit": 1}},
	{"crypto_price_simple", "crypto_price_simple", map[string]any{"coin": "bitcoin"}},
	{"crypto_price_simple", "crypto_price_simple_eur", map[string]any{"coin": "Ethereum", "currency": "EUR"}},
	{"token_stock_quote", "token_stock_quote", map[string]any{"query": "AAPLx"}},
	{"token_stock_quote", "token_stock_quote_all", map[string]any{"query": "AAPLx", "limit": 10}},
	{"fred_series", "fred_series", map[string]any{"series_id": "T10Y2Y", "limit": 10}},
	{"fred_series", "fred_series_dashboard", map[string]any{"limit": 5}},
	{"edgar_filings", "edgar_filings", map[string]any{"query": `"x402 payments"`}},
	{"insider_trades", "insider_trades_aapl", map[string]any{"ticker": "AAPL", "limit": 10}},
	{"insider_trades", "insider_trades_market", map[string]any{"limit": 5}},
	{"insider_cluster_brief", "insider_cluster_brief", map[string]any{"limit": 10}},
	{"insider_cluster_brief", "insider_cluster_brief_hlbc", map[string]any{"ticker": "HLBC"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
}

func TestUpstreamErrors(t *testing.T) {
	cases := []struct {
		tool   string
		in     map[string]any
		kind   upstreams.Kind
		status int
	}{
		{"crypto_price_simple", map[string]any{"coin": "not-a-coin"}, upstreams.NotFound, 0},
		{"token_stock_quote", map[string]any{"query": "ZZZNOPE"}, upstreams.NotFound, 0},
		{"insider_trades", map[string]any{"ticker": "NOPE"}, upstreams.NotFound, 0},
		{"edgar_filings", map[string]any{"query": "anything", "ticker": "NOPE"}, upstreams.NotFound, 0},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		ue, ok := upstreams.AsError(err)
		if !ok || ue.Kind != tc.kind || ue.Status != tc.status {
			t.Errorf("%s %v: error %v, want %s %d", tc.tool, tc.in, err, tc.kind, tc.status)
		}
	}
}

func TestInputErrors(t *testing.T) {
	cases := []struct {
		tool, field string
		in          map[string]any
	}{
		{"btc_address_balance", "address", map[string]any{"address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyX"}}, // bad checksum: HTTP 400
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		var ie *registry.InputError
		if !errors.As(err, &ie) || ie.Fields[0].Name != tc.field {
			t.Errorf("%s %v: error %v, want an input error on %s", tc.tool, tc.in, err, tc.field)
		}
	}
}

// The full-text fixture answers every query alike, so the filters are
// checked on the requests themselves.
func TestEdgarFilingsRequests(t *testing.T) {
	var urls []string
	rec := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		urls = append(urls, req.URL)
		return upstreams.Replay.Do(ctx, req)
	})
	tool, _ := registry.Lookup("edgar_filings")
	args, _ := tool.Validate(map[string]any{"query": `"x402 payments"`, "form_type": "8-K", "ticker": "coin"})
	if _, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: rec, Now: now}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"https://www.sec.gov/files/company_tickers.json",
		"https://efts.sec.gov/LATEST/search-index?ciks=0001679788&forms=8-K&q=%22x402+payments%22",
	}
	if len(urls) != len(want) || urls[0] != want[0] || urls[1] != want[1] {
		t.Errorf("requests = %q, want %q", urls, want)
	}
}
