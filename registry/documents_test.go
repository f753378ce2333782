package registry

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func buildSamples(t *testing.T, site Site) *Documents {
	t.Helper()
	d, err := BuildDocuments(site, samples())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDocumentsGolden pins the exact bytes of every document built from the
// sample tools. Run with -update after an intended change and read the diff.
func TestDocumentsGolden(t *testing.T) {
	d := buildSamples(t, testSite)
	quote, _ := d.Quote("test_market_radar")
	quoteMCP, _ := d.Quote("test_scrape")
	find, err := d.Find("market radar")
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{
		"index.json":                   d.Index,
		"info.json":                    d.Info,
		"openapi.json":                 d.OpenAPI,
		"discovery.json":               d.Discovery,
		"find_market_radar.json":       find,
		"quote_test_market_radar.json": quote,
		"quote_test_scrape.json":       quoteMCP,
		"x402.json":                    d.X402,
		"agent.json":                   d.AgentCard,
		"mcp.json":                     d.MCPManifest,
		"llms.txt":                     d.LLMs,
		"llms-full.txt":                d.LLMsFull,
		"docs.html":                    d.Docs,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s; run go test ./registry -run Golden -update and review the diff", name, path)
			}
		})
	}
}

// TestSandboxSiteNeverStatesBase checks that every value comes from Site: a
// sandbox site's documents never mention the production chain.
func TestSandboxSiteNeverStatesBase(t *testing.T) {
	sandbox := testSite
	sandbox.Sandbox = true
	sandbox.Network, sandbox.NetworkName = "eip155:1337", "coinslot sandbox chain"
	sandbox.AssetContract = "0x2222222222222222222222222222222222222222"
	d := buildSamples(t, sandbox)
	quote, _ := d.Quote("test_insider_brief")
	for name, doc := range map[string][]byte{
		"info": d.Info, "openapi": d.OpenAPI, "discovery": d.Discovery, "x402": d.X402, "agent": d.AgentCard,
		"mcp": d.MCPManifest, "llms": d.LLMs, "llms-full": d.LLMsFull, "docs": d.Docs, "quote": quote,
	} {
		if bytes.Contains(doc, []byte(baseNetwork)) || bytes.Contains(doc, []byte(baseUSDC)) {
			t.Errorf("%s states the production network or asset on a sandbox site", name)
		}
		if name != "agent" && name != "mcp" && !bytes.Contains(doc, []byte("eip155:1337")) {
			t.Errorf("%s does not state the sandbox network", name)
		}
	}
}

func TestBuildDocumentsRefuses(t *testing.T) {
	noWallet := testSite
	noWallet.PayTo = ""
	relative := testSite
	relative.BaseURL = "api.coinslot.test"
	unregistered := *sampleRadar
	unregistered.Name, unregistered.atomic = "test_unregistered", 0
	for _, c := range []struct {
		site  Site
		tools []*Tool
		want  string
	}{
		{noWallet, samples(), "site has no pay-to wallet"},
		{relative, samples(), `base URL "api.coinslot.test" is not an absolute http(s) address`},
		{testSite, []*Tool{&unregistered}, "tool test_unregistered is not registered"},
	} {
		_, err := BuildDocuments(c.site, c.tools)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("BuildDocuments error = %v, want %q", err, c.want)
		}
	}
}
