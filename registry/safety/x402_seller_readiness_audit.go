package safety

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

func init() {
	family.Register(&registry.Tool{
		Name: "x402_seller_readiness_audit", Path: "/paid/x402/seller-readiness-audit", Price: "0.10",
		Description: "Readiness audit of an x402 seller's pasted metadata before listing: discovery metadata, price " +
			"visibility, payment terms, seller wallet (EIP-55), receipt language, tool descriptions and approval copy, " +
			"with a score and the fixes. Analyses pasted OpenAPI, agent.json and route metadata; URLs are never fetched.",
		Params: []registry.Param{
			registry.Str("resource_url").Len(1, 2048).Describe("the paid resource; reference only, never fetched"),
			registry.Str("openapi_url").Len(1, 2048).Describe("reference only, never fetched"),
			registry.JSONText("openapi_json").Describe("pasted OpenAPI 3.x or Swagger 2, JSON or YAML"),
			registry.JSONText("agent_json").Describe("pasted agent manifest: A2A agent card or agent.json"),
			registry.Amount("expected_price").Describe("the price per call the seller means to charge, in USD"),
			registry.Str("seller_address").Len(1, 64).Describe("0x wallet that should receive payments"),
			registry.JSONText("route_metadata").Describe("a 402 answer's payment requirements, or a /.well-known/x402 document"),
		},
		Example: map[string]any{
			"resource_url": "https://api.example.com/paid/weather", "expected_price": "0.02",
			"seller_address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
			"route_metadata": map[string]any{"x402Version": 2, "resource": map[string]any{
				"url": "https://api.example.com/paid/weather", "description": "Hourly forecast for a city", "mimeType": "application/json"},
				"accepts": []any{map[string]any{"scheme": "exact", "network": "eip155:8453", "amount": "20000",
					"asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
					"maxTimeoutSeconds": 300}}},
		},
		Synonyms: []string{"launch checklist", "listing review", "seller metadata lint", "pre-listing audit", "ready to list", "before listing an api"},
		Expected: "A receipt-backed JSON object grading the pasted seller documents check by check, with a readiness score and the fixes to make.",
		Shape:    registry.ReceiptBacked,
		Result:   (*sellerAudit)(nil),
		Check:    checkSellerInput,
		Handler:  sellerReadinessAudit,
	})
}

// Audit areas, in the order the report lists them.
const (
	areaDiscovery    = "discovery_metadata"
	areaPrice        = "price_visibility"
	areaTerms        = "payment_terms"
	areaWallet       = "seller_wallet"
	areaReceipts     = "receipt_language"
	areaDescriptions = "tool_descriptions"
	areaApproval     = "approval_copy"
)

type sellerAudit struct {
	References sellerRefs   `json:"references"`
	Inputs     []string     `json:"inputs"`
	Score      int          `json:"score"`
	Grade      string       `json:"grade"`
	Ready      bool         `json:"ready"`
	Summary    auditSummary `json:"summary"`
	Checks     []auditCheck `json:"checks"`
	Fixes      []string     `json:"fixes"`
}

type sellerRefs struct {
	ResourceURL string `json:"resource_url,omitempty"`
	OpenAPIURL  string `json:"openapi_url,omitempty"`
	Fetched     bool   `json:"fetched"`
}

type auditSummary struct {
	Pass int `json:"pass"`
	Warn int `json:"warn"`
	Fail int `json:"fail"`
}

type auditCheck struct {
	Area string `json:"area"`
	check
}

// Scoring: every check starts from 100; a failed check costs 15 points and
// a warning 5. Ready means nothing failed.
const (
	failCost = 15
	warnCost = 5
)

func sellerReadinessAudit(_ context.Context, c *registry.Call) (*registry.Result, error) {
	in := &sellerInput{
		resource:      c.Args.String("resource_url"),
		expectedPrice: c.Args.String("expected_price"),
		seller:        c.Args.String("seller_address"),
	}
	a := &sellerAudit{Inputs: []string{}, Checks: []auditCheck{}, Fixes: []string{},
		References: sellerRefs{ResourceURL: in.resource, OpenAPIURL: c.Args.String("openapi_url")}}
	for _, field := range sellerFields {
		if c.Args.Has(field) {
			in.add(field, c.Args.Raw(field))
			a.Inputs = append(a.Inputs, field+": "+in.kinds[field])
		}
	}
	a.Score = 100
	for _, ac := range in.audit() {
		a.Checks = append(a.Checks, ac)
		switch ac.Status {
		case "fail":
			a.Summary.Fail++
			a.Score -= failCost
			a.Fixes = append(a.Fixes, fmt.Sprintf("%s: %s", ac.Check, ac.Detail))
		case "warn":
			a.Summary.Warn++
			a.Score -= warnCost
			a.Fixes = append(a.Fixes, fmt.Sprintf("%s: %s", ac.Check, ac.Detail))
		default:
			a.Summary.Pass++
		}
	}
	a.Score = max(a.Score, 0)
	a.Grade = grade(a.Score)
	a.Ready = a.Summary.Fail == 0
	return &registry.Result{Data: a, Count: len(a.Checks), Source: "local analysis"}, nil
}

func grade(score int) string {
	for _, g := range []struct {
		min   int
		grade string
	}{{90, "A"}, {75, "B"}, {60, "C"}, {40, "D"}} {
		if score >= g.min {
			return g.grade
		}
	}
	return "F"
}

// texts gathers every string of a document, for mentions of terms.
func texts(v any, out *strings.Builder) {
	switch v := v.(type) {
	case string:
		out.WriteString(v)
		out.WriteByte('\n')
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out.WriteString(k)
			out.WriteByte('\n')
			texts(v[k], out)
		}
	case []any:
		for _, x := range v {
			texts(x, out)
		}
	}
}
