package registry

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// Sample tools, one of each response shape plus one sold over MCP only, the
// first of them metered. They
// are registered in TestMain so the builders see them as the catalog does;
// testdata/samples holds recorded answers for all but test_insider_brief and
// test_national_debt, which show the documents without one.
var (
	sampleRadar = &Tool{
		Name: "test_market_radar", Path: "/paid/test/market-radar", Price: "0.05", Category: "x402 Market Intel",
		Description: "Ranks x402 resources by keyword and shows where a seller's route stands in the market.",
		Params: []Param{
			Int("query_limit").Range(3, 20).WithDefault(15),
			List("keywords", String).Most(8).Describe("search terms"),
			Str("platform").OneOf("venueA", "venueB", "both").WithDefault("both"),
		},
		Example:  map[string]any{"query_limit": int64(10), "keywords": []any{"weather", "odds"}},
		Expected: "Envelope: catalog size, own ranks & keyword gaps.",
		Shape:    Envelope,
		Metered:  PerItem("query_limit"),
	}
	sampleBrief = &Tool{
		Name: "test_safety_brief", Path: "/paid/test/safety-brief", Price: "0.10", Category: "Tool Safety",
		Description: "Reads a pasted OpenAPI or MCP manifest and rates each tool's risk before an agent uses it.",
		Params: []Param{
			JSONText("openapi_json").Describe("pasted OpenAPI to analyze"),
			Bool("sensitive_context"),
			Amount("max_payment_usd"),
			Str("intended_task").Len(3, 200),
		},
		Example:  map[string]any{"intended_task": "summarize <issues>", "sensitive_context": true},
		Expected: "Tool risk, allowlist advice and an approval policy, with buyer metadata and svc_receipt.",
		Shape:    ReceiptBacked,
	}
	sampleInsider = &Tool{
		Name: "test_insider_brief", Path: "/paid/test/insider-brief", Price: "0.12", Category: "Finance",
		Description:  "Turns recent insider-transaction filings into cluster and watchlist signals.",
		Params:       []Param{Str("ticker").Req().Describe("stock ticker"), Num("min_score").Range(0, 1).WithDefault(0.5)},
		BodyRequired: true,
		Example:      map[string]any{"ticker": "O'NEIL"},
		Expected:     "An object with clusters, watchlist and meta.",
		Shape:        Object,
	}
	sampleScrape = &Tool{
		Name: "test_scrape", Price: "0.01", Category: "Web & Leads",
		Description: "Fetches one public web page and returns its readable text.",
		Params:      []Param{Str("url").Req().Describe("including the https:// scheme")},
		Example:     map[string]any{"url": "https://example.com/"},
		Expected:    "An object with title, text and links.",
		Shape:       Object,
	}
	sampleDebt = &Tool{
		Name: "test_national_debt", Path: "/paid/test/national-debt", Price: "0.02", Category: "Government",
		Description: "Latest total public debt outstanding.",
		Expected:    "Envelope with the latest debt figures.",
		Shape:       Envelope,
	}
)

func samples() []*Tool {
	return []*Tool{sampleRadar, sampleBrief, sampleInsider, sampleDebt, sampleScrape}
}

// Production values: USDC on Base.
const (
	baseNetwork = "eip155:8453"
	baseUSDC    = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
)

var testSite = Site{
	BaseURL: "https://api.coinslot.test", Version: "0.13.0", Service: "coinslot",
	Network: baseNetwork, NetworkName: "Base", AssetContract: baseUSDC,
	PayTo: "0x1111111111111111111111111111111111111111", Facilitator: "https://facilitator.coinslot.test",
	CatalogURL: "https://api.cdp.coinbase.com/platform/v2/x402/discovery/resources", MaxTimeoutSeconds: 60,
}

func TestMain(m *testing.M) {
	flag.Parse()
	sampleFiles = os.DirFS("testdata/samples")
	for _, t := range samples() {
		Register(t)
	}
	os.Exit(m.Run())
}
