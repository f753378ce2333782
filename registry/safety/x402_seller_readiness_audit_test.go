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

func TestSellerAuditRefusesWhatItCannotRead(t *testing.T) {
	registrytest.Refused(t, "x402_seller_readiness_audit", map[string]any{"resource_url": "https://api.example.com/paid/x"}, registry.FieldError{Name: "openapi_json", Problem: "paste openapi_json, agent_json or route_metadata: resource_url and openapi_url are never fetched"})
	registrytest.Refused(t, "x402_seller_readiness_audit", map[string]any{"openapi_json": `{"paths": {}}`}, registry.FieldError{Name: "openapi_json", Problem: "is not an OpenAPI document: it has no openapi or swagger field"})
	registrytest.Refused(t, "x402_seller_readiness_audit", map[string]any{"route_metadata": `{"x402Version": 2}`}, registry.FieldError{Name: "route_metadata", Problem: "holds no payment requirements (accepts[] with scheme, network, amount, asset, payTo)"})
	registrytest.Refused(t, "x402_seller_readiness_audit", map[string]any{"agent_json": `{"name": "a"`}, registry.FieldError{Name: "agent_json", Problem: "is not valid JSON: unexpected end of JSON input at line 1, column 13"})
	registrytest.Refused(t, "x402_seller_readiness_audit", map[string]any{"agent_json": `{"name": "a"}`, "expected_price": "0.0000001"}, registry.FieldError{Name: "expected_price", Problem: "must be a USD amount with at most 6 decimals"})
}
