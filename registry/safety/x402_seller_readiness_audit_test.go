package safety

import (
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

const ownWallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"

// ownDocuments are this service's own discovery documents for one tool.
func ownDocuments(t *testing.T) (*registry.Documents, *registry.Tool) {
	t.Helper()
	tool, _ := registry.Lookup("mcp_approval_pack")
	docs, err := registry.BuildDocuments(registry.Site{
		BaseURL: "https://api.example.com", Version: "0.13.0", Service: "coinslot",
		Network: baseNetwork, NetworkName: "Base", AssetContract: usdcContract, PayTo: ownWallet,
		Facilitator: "https://x402.org/facilitator", CatalogURL: "https://api.cdp.coinbase.com/platform/v2/x402/discovery/resources",
		MaxTimeoutSeconds: 300,
	}, []*registry.Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	return docs, tool
}

// Our own /openapi.json and agent.json must pass every check.
func TestSellerAuditOwnDocumentsAreClean(t *testing.T) {
	docs, tool := ownDocuments(t)
	res, err := registrytest.Run(t, "x402_seller_readiness_audit", map[string]any{
		"resource_url": "https://api.example.com" + tool.Path, "openapi_json": string(docs.OpenAPI),
		"agent_json": string(docs.AgentCard), "route_metadata": string(docs.X402),
		"expected_price": tool.Price, "seller_address": ownWallet,
	}, upstreams.Replay, callNow)
	if err != nil {
		t.Fatal(err)
	}
	a := res.Data.(*sellerAudit)
	if a.Score != 100 || !a.Ready || a.Summary.Warn+a.Summary.Fail != 0 {
		t.Errorf("own documents score %d (%+v), fixes: %s", a.Score, a.Summary, strings.Join(a.Fixes, " | "))
	}
	registrytest.Golden(t, "testdata/x402_seller_readiness_audit/own.golden.json", res)
}
