package safety

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// USDC on Base, the asset every x402 "exact" payment here is checked against.
const (
	baseNetwork  = "eip155:8453"
	usdcContract = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
)

func init() {
	family.Register(&registry.Tool{
		Name: "mcp_approval_pack", Path: "/paid/mcp/approval-pack", Price: "0.05",
		Description: "Everything an agent needs to ask its user before a paid tool call: the maxPayment to sign, " +
			"seller checks (EIP-55 payTo, https route, price within budget), risk reasons from the tool's schema, " +
			"the fields it may send, what it must not send, and the approval text.",
		Params: []registry.Param{
			registry.Str("tool_name").Len(1, 200),
			registry.Str("route_url").Len(1, 2048).Describe("the paid endpoint; reference only, never fetched"),
			registry.Amount("price_usd").Describe("the seller's price per call"),
			registry.Str("task_intent").Len(1, 500).Describe("why the agent wants to call the tool"),
			registry.Amount("max_payment_usd").Describe("the most the user allows for this call"),
			registry.JSONText("tool_schema").Describe("the tool's input schema or MCP tool definition"),
			registry.Str("method").OneOf("GET", "POST", "PUT", "PATCH", "DELETE").Describe("HTTP method"),
			registry.Str("seller_address").Len(1, 64).Describe("0x wallet the payment goes to"),
		},
		Example: map[string]any{
			"tool_name": "trending_markets", "route_url": "https://api.example.com/paid/venueA/trending",
			"price_usd": "0.02", "max_payment_usd": "0.05", "method": "POST",
			"seller_address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
			"task_intent":    "list trending prediction markets",
		},
		Synonyms: []string{"spending approval", "payment consent", "user confirmation", "budget check", "purchase approval"},
		Expected: "A receipt-backed JSON object with an approve-or-refuse decision, the maximum payment, the seller checks, the fields safe to send and an approval prompt for the user.",
		Shape:    registry.ReceiptBacked,
		Result:   (*approvalPack)(nil),
		Check:    checkToolSchema,
		Handler:  mcpApprovalPack,
	})
}

type approvalPack struct {
	Decision           string         `json:"decision"` // approve, ask_user, refuse
	ToolName           string         `json:"tool_name,omitempty"`
	MaxPayment         *maxPayment    `json:"max_payment"`
	SellerChecks       []check        `json:"seller_checks"`
	RiskReasons        []reason       `json:"risk_reasons"`
	RiskLevel          string         `json:"risk_level"`
	AllowedFields      []allowedField `json:"allowed_fields"`
	DoNotSend          []string       `json:"do_not_send"`
	VerifyBeforePaying []string       `json:"verify_before_paying"`
	ApprovalPrompt     string         `json:"approval_prompt"`
}

type maxPayment struct {
	USD         string `json:"usd"`
	AtomicUnits string `json:"atomic_units"`
	Asset       string `json:"asset"`
	Network     string `json:"network"`
}

type allowedField struct {
	Name     string `json:"name"`
	Type     string `json:"type,omitempty"`
	Required bool   `json:"required"`
}

// alwaysWithheld is never part of a tool call, whatever the schema asks.
var alwaysWithheld = []string{
	"wallet private keys, seed phrases or signing keys",
	"API keys, passwords, session cookies or OAuth tokens of any other service",
	"personal data the schema does not ask for",
}

func checkToolSchema(a registry.Args) []registry.FieldError { return checkPasted(a, "tool_schema") }

func mcpApprovalPack(_ context.Context, c *registry.Call) (*registry.Result, error) {
	p := &approvalPack{ToolName: c.Args.String("tool_name"), SellerChecks: []check{}, RiskReasons: []reason{},
		AllowedFields: []allowedField{}, DoNotSend: []string{}}
	// Paid routes run on POST whatever they do, so only other methods say
	// something about side effects.
	spec := toolSpec{Name: p.ToolName}
	if m := c.Args.String("method"); m != "POST" {
		spec.Method = m
	}
	if c.Args.Has("tool_schema") {
		if _, tools, _ := extractTools(c.Args.Raw("tool_schema")); len(tools) > 0 {
			t := tools[0]
			if spec.Name == "" || t.Name == "(unnamed tool)" {
				t.Name = spec.Name
			}
			t.Method = spec.Method
			spec = t
		}
	}
	route, routeCheck := checkRoute(c.Args.String("route_url"))
	spec.Path = route
	risk := assessTool(spec)
	p.RiskReasons, p.RiskLevel = risk.Reasons, risk.RiskLevel
	p.SellerChecks = append(p.SellerChecks, checkSellerAddress(c.Args.String("seller_address")), routeCheck)
	priceCheck, mp := checkPrice(c.Args.String("price_usd"), c.Args.String("max_payment_usd"))
	p.SellerChecks = append(p.SellerChecks, priceCheck)
	p.MaxPayment = mp
	withheld := map[string]bool{}
	for _, n := range append(append([]string{}, risk.CredentialParams...), risk.PersonalDataParams...) {
		withheld[n] = true
	}
	for _, f := range spec.Params {
		if withheld[f.Name] {
			continue
		}
		p.AllowedFields = append(p.AllowedFields, allowedField{f.Name, f.Type, f.Required})
	}
	for _, n := range risk.CredentialParams {
		p.DoNotSend = append(p.DoNotSend, n+": a credential; configure it with the seller, never through the agent")
	}
	for _, n := range risk.PersonalDataParams {
		p.DoNotSend = append(p.DoNotSend, n+": personal data; send only with the user's explicit consent")
	}
	p.DoNotSend = append(p.DoNotSend, alwaysWithheld...)
	p.VerifyBeforePaying = verifyList(c.Args.String("seller_address"), mp, route)
	p.Decision = decideApproval(p)
	p.ApprovalPrompt = approvalPrompt(p, c.Args.String("task_intent"), c.Args.String("seller_address"))
	return &registry.Result{Data: p, Count: 1, Source: "local analysis"}, nil
}

// checkRoute accepts only https routes without embedded credentials.
func checkRoute(raw string) (path string, c check) {
	c = check{Check: "route_url"}
	if raw == "" {
		c.Status, c.Detail = "warn", "no route given: the resource in the 402 terms cannot be matched to an approved endpoint"
		return "", c
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Host == "":
		c.Status, c.Detail = "fail", "not an absolute URL"
	case u.User != nil:
		c.Status, c.Detail = "fail", "the URL carries credentials"
	case u.Scheme != "https":
		c.Status, c.Detail = "fail", "not https: payment terms and results can be altered in transit"
	default:
		c.Status, c.Detail = "pass", "https route on "+u.Host
		return u.Path, c
	}
	return "", c
}

// checkPrice fixes maxPayment: the price when it is within the user's cap,
// otherwise the payment is refused; either alone stands in for both.
func checkPrice(price, max string) (check, *maxPayment) {
	c := check{Check: "price"}
	pa, pExact := usdAtomic(price)
	ma, mExact := usdAtomic(max)
	var pay int64
	switch {
	case price == "" && max == "":
		c.Status, c.Detail = "fail", "neither price_usd nor max_payment_usd given: nothing bounds the payment"
		return c, nil
	case price != "" && !pExact, max != "" && !mExact:
		c.Status, c.Detail = "fail", "USDC has 6 decimals: amounts with more precision cannot be paid exactly"
		return c, nil
	case price != "" && max != "" && pa > ma:
		c.Status, c.Detail = "fail", fmt.Sprintf("price %s exceeds the user's maximum %s", price, max)
		return c, nil
	case price == "":
		pay = ma
		c.Status, c.Detail = "warn", "no advertised price: sign at most the user's maximum and compare it with the 402 terms"
	default:
		pay = pa
		c.Status, c.Detail = "pass", "price within the user's maximum; x402 exact payments are signed for the price itself"
		if max == "" {
			c.Status, c.Detail = "warn", "no user maximum given: the price becomes the cap"
		}
	}
	return c, &maxPayment{registry.FormatUSD(pay), fmt.Sprint(pay), "USDC " + usdcContract, baseNetwork}
}

func verifyList(seller string, mp *maxPayment, route string) []string {
	payTo := "payTo equals the seller address you approved"
	if seller != "" {
		payTo = "payTo must equal " + seller
	}
	out := []string{"network must equal " + baseNetwork, "asset contract must equal " + usdcContract, payTo}
	if mp != nil {
		out = append(out, fmt.Sprintf("maxPayment must be no more than %s USD (%s atomic units)", mp.USD, mp.AtomicUnits))
	}
	if route != "" {
		out = append(out, "the resource path must equal "+route)
	}
	return out
}

// decideApproval: refuse on any failed check; ask the user when a check
// warns or the tool is medium risk or worse; approve otherwise.
func decideApproval(p *approvalPack) string {
	decision := "approve"
	for _, c := range p.SellerChecks {
		switch c.Status {
		case "fail":
			return "refuse"
		case "warn":
			decision = "ask_user"
		}
	}
	if p.RiskLevel != "low" {
		decision = "ask_user"
	}
	return decision
}

func approvalPrompt(p *approvalPack, intent, seller string) string {
	if p.Decision == "refuse" {
		var failed []string
		for _, c := range p.SellerChecks {
			if c.Status == "fail" {
				failed = append(failed, c.Check+": "+c.Detail)
			}
		}
		return "Do not pay: " + strings.Join(failed, "; ") + "."
	}
	name := p.ToolName
	if name == "" {
		name = "this tool"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Pay %s USDC on Base for one call to %s", p.MaxPayment.USD, name)
	if intent != "" {
		fmt.Fprintf(&b, " to %s", intent)
	}
	b.WriteString(".")
	if seller != "" {
		fmt.Fprintf(&b, " Payment goes to %s", seller)
	}
	fmt.Fprintf(&b, " (asset contract %s, maxPayment %s USD).", usdcContract, p.MaxPayment.USD)
	if len(p.RiskReasons) > 0 {
		fmt.Fprintf(&b, " Risk %s: %s.", p.RiskLevel, p.RiskReasons[0].Detail)
	}
	b.WriteString(" Approve?")
	return b.String()
}
