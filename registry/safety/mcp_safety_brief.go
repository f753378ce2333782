package safety

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// pastedFields are the inputs the brief analyses, in the order it reads them.
var pastedFields = []string{"openapi_json", "manifest_json", "tool_schema"}

func init() {
	family.Register(&registry.Tool{
		Name: "mcp_safety_brief", Path: "/paid/mcp/safety-brief", Price: "0.10",
		Description: "Safety brief for an MCP server or API before an agent connects: per-tool risk with reasons, " +
			"credential and personal-data inputs, leaked secrets, allowlist advice, an approval policy and one " +
			"line to show the user. Analyses pasted OpenAPI, MCP manifests or tool schemas; URLs are never fetched.",
		Params: []registry.Param{
			registry.Str("server_url").Len(1, 2048).Describe("reference only, never fetched"),
			registry.Str("openapi_url").Len(1, 2048).Describe("reference only, never fetched"),
			registry.JSONText("openapi_json").Describe("pasted OpenAPI 3.x or Swagger 2, JSON or YAML"),
			registry.JSONText("manifest_json").Describe("pasted MCP manifest, server card or tools/list result"),
			registry.JSONText("tool_schema").Describe("one tool's schema, or a list of tools"),
			registry.Str("intended_task").Len(1, 500).Describe("what the agent should do; tools it does not need are left off the allowlist"),
			registry.Bool("sensitive_context").WithDefault(false).Describe("the agent handles personal or confidential data"),
			registry.Int("max_tools").Range(1, 25).WithDefault(10).Describe("tools listed in detail, riskiest first"),
		},
		Example: map[string]any{
			"manifest_json": map[string]any{"tools": []any{
				map[string]any{"name": "search_issues", "description": "Search issues in a repository",
					"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string"}}}},
				map[string]any{"name": "delete_repository", "description": "Delete a repository permanently"},
			}},
			"intended_task": "triage open issues",
		},
		Synonyms: []string{"mcp server audit", "mcp server risk", "tool poisoning", "prompt injection in tool descriptions", "api connection safety", "leaked api keys"},
		Expected: "A receipt-backed JSON object scoring each tool of the pasted MCP or OpenAPI description for risk, with redacted secrets, personal-data and credential hints, allowlist advice, an approval policy and a user-facing safety line.",
		Shape:    registry.ReceiptBacked,
		Result:   (*safetyBrief)(nil),
		Check:    checkBriefInput,
		Handler:  mcpSafetyBrief,
	})
}

type safetyBrief struct {
	InputKinds        []string       `json:"input_kinds"`
	References        references     `json:"references"`
	ToolsFound        int            `json:"tools_found"`
	OverallRisk       overallRisk    `json:"overall_risk"`
	Tools             []*toolRisk    `json:"tools"`
	SecretsFound      []secretHit    `json:"secrets_found"`
	PersonalDataHints []string       `json:"personal_data_hints"`
	CredentialHints   []string       `json:"credential_hints"`
	AllowlistAdvice   allowlist      `json:"allowlist_advice"`
	ApprovalPolicy    approvalPolicy `json:"approval_policy"`
	SafetyLine        string         `json:"safety_line"`
	Warnings          []string       `json:"warnings"`
	IntendedTask      string         `json:"intended_task,omitempty"`
	SensitiveContext  bool           `json:"sensitive_context"`
}

type references struct {
	ServerURL  string `json:"server_url,omitempty"`
	OpenAPIURL string `json:"openapi_url,omitempty"`
	Fetched    bool   `json:"fetched"`
}

type overallRisk struct {
	Score int    `json:"score"`
	Level string `json:"level"`
}

type allowlist struct {
	Allow           []string `json:"allow"`
	RequireApproval []string `json:"require_approval"`
	Block           []string `json:"block"`
	Omit            []string `json:"omit"`
}

type approvalPolicy struct {
	Default string   `json:"default"`
	Rules   []string `json:"rules"`
}

// checkBriefInput wants at least one pasted document, and one it can read.
func checkBriefInput(a registry.Args) []registry.FieldError {
	if !slices.ContainsFunc(pastedFields, a.Has) {
		return registry.Bad("openapi_json", "paste openapi_json, manifest_json or tool_schema: server_url and openapi_url are never fetched")
	}
	return checkPasted(a, pastedFields...)
}

func mcpSafetyBrief(_ context.Context, c *registry.Call) (*registry.Result, error) {
	b := &safetyBrief{
		InputKinds: []string{}, Tools: []*toolRisk{}, SecretsFound: []secretHit{}, Warnings: []string{},
		PersonalDataHints: []string{}, CredentialHints: []string{},
		AllowlistAdvice:  allowlist{[]string{}, []string{}, []string{}, []string{}},
		References:       references{c.Args.String("server_url"), c.Args.String("openapi_url"), false},
		IntendedTask:     c.Args.String("intended_task"),
		SensitiveContext: c.Args.Bool("sensitive_context"),
	}
	var all []*toolRisk
	for _, field := range pastedFields {
		if !c.Args.Has(field) {
			continue
		}
		doc := c.Args.Raw(field)
		kind, tools, warnings := extractTools(doc)
		b.InputKinds = append(b.InputKinds, field+": "+kind)
		b.Warnings = append(b.Warnings, warnings...)
		for _, h := range scanSecrets(doc) {
			h.Path = field + strings.TrimPrefix(h.Path, "$")
			b.SecretsFound = append(b.SecretsFound, h)
		}
		for _, t := range tools {
			all = append(all, assessTool(t))
		}
	}
	if len(all) == 0 {
		b.Warnings = append(b.Warnings, "no tools or operations found in the pasted input")
	}
	task := taskWords(b.IntendedTask)
	for _, r := range all {
		decide(r, task, b.SensitiveContext)
		b.AllowlistAdvice.add(r)
		for _, p := range r.PersonalDataParams {
			b.PersonalDataHints = append(b.PersonalDataHints, r.Name+"."+p)
		}
		for _, p := range r.CredentialParams {
			b.CredentialHints = append(b.CredentialHints, r.Name+"."+p)
		}
		if r.RiskScore > b.OverallRisk.Score {
			b.OverallRisk.Score = r.RiskScore
		}
	}
	b.OverallRisk.Level = level(b.OverallRisk.Score)
	b.ToolsFound = len(all)
	sort.SliceStable(all, func(i, j int) bool { return all[i].RiskScore > all[j].RiskScore })
	b.Tools = all[:min(len(all), c.Args.Int("max_tools"))]
	b.ApprovalPolicy = policyFor(all, len(b.SecretsFound) > 0, b.SensitiveContext)
	b.SafetyLine = safetyLine(b)
	return &registry.Result{Data: b, Count: len(b.Tools), Source: "local analysis"}, nil
}

// taskWords are the intended task's words of four letters or more.
func taskWords(task string) []string {
	var out []string
	for w := range wordSet(task) {
		if len(w) >= 4 {
			out = append(out, strings.TrimSuffix(w, "s"))
		}
	}
	sort.Strings(out)
	return out
}

// decide sets a tool's decision:
//   - block: instructions in its description, or it takes credentials
//     through the model;
//   - omit: an intended task is given and the tool shares no word with it;
//   - allow_with_approval: it deletes, runs code, pays or sends data out, or
//     scores high; in a sensitive context also when it takes personal data
//     or scores medium;
//   - allow: everything else.
func decide(r *toolRisk, task []string, sensitive bool) {
	if len(task) > 0 {
		relevant := false
		words := wordSet(r.Name + " " + strings.Join(reasonDetails(r), " "))
		for w := range words {
			for _, t := range task {
				if strings.HasPrefix(w, t) {
					relevant = true
				}
			}
		}
		r.RelevantToTask = &relevant
	}
	switch {
	case r.has("description_injection") || r.has("credential_input"):
		r.Decision = "block"
	case r.RelevantToTask != nil && !*r.RelevantToTask:
		r.Decision = "omit"
	case r.has("destructive") || r.has("code_execution") || r.has("payment") || r.has("outbound") || r.RiskScore >= 50,
		sensitive && (r.has("personal_data") || r.RiskScore >= 25):
		r.Decision = "allow_with_approval"
	default:
		r.Decision = "allow"
	}
}

func reasonDetails(r *toolRisk) []string {
	out := make([]string, len(r.Reasons))
	for i, x := range r.Reasons {
		out[i] = x.Detail
	}
	return out
}

func (a *allowlist) add(r *toolRisk) {
	switch r.Decision {
	case "allow":
		a.Allow = append(a.Allow, r.Name)
	case "allow_with_approval":
		a.RequireApproval = append(a.RequireApproval, r.Name)
	case "block":
		a.Block = append(a.Block, r.Name)
	case "omit":
		a.Omit = append(a.Omit, r.Name)
	}
}

func policyFor(tools []*toolRisk, secrets, sensitive bool) approvalPolicy {
	p := approvalPolicy{Default: "deny: tools not on the allowlist are not callable", Rules: []string{}}
	names := func(rule string) []string {
		var out []string
		for _, t := range tools {
			if t.has(rule) && t.Decision != "block" && t.Decision != "omit" {
				out = append(out, t.Name)
			}
		}
		return out
	}
	if n := names("destructive"); len(n) > 0 {
		p.Rules = append(p.Rules, "Confirm every call to "+strings.Join(n, ", ")+", showing exactly what will be deleted.")
	}
	if n := names("payment"); len(n) > 0 {
		p.Rules = append(p.Rules, "Confirm every call to "+strings.Join(n, ", ")+" with the amount and recipient; set a per-call cap.")
	}
	if n := names("outbound"); len(n) > 0 {
		p.Rules = append(p.Rules, "Before "+strings.Join(n, ", ")+" sends anything, show the recipient or URL and the content.")
	}
	if n := names("code_execution"); len(n) > 0 {
		p.Rules = append(p.Rules, "Run "+strings.Join(n, ", ")+" only in a sandbox and show the command first.")
	}
	if anyHas(tools, "credential_input") {
		p.Rules = append(p.Rules, "Never pass passwords, tokens or keys through the model; configure them on the server side.")
	}
	if sensitive {
		p.Rules = append(p.Rules, "Send personal data only to allowlisted tools whose parameters require it.")
	}
	if secrets {
		p.Rules = append(p.Rules, "Do not connect until the credentials found in the pasted input are rotated and removed.")
	}
	return p
}

func anyHas(tools []*toolRisk, rule string) bool {
	for _, t := range tools {
		if t.has(rule) {
			return true
		}
	}
	return false
}

// safetyLine is the one sentence an agent shows its user.
func safetyLine(b *safetyBrief) string {
	a := b.AllowlistAdvice
	parts := []string{fmt.Sprintf("%d tool(s) checked, overall risk %s", b.ToolsFound, b.OverallRisk.Level)}
	if len(a.Allow) > 0 {
		parts = append(parts, fmt.Sprintf("%d can run freely", len(a.Allow)))
	}
	if len(a.RequireApproval) > 0 {
		parts = append(parts, fmt.Sprintf("%d need your OK before each call", len(a.RequireApproval)))
	}
	if len(a.Block) > 0 {
		parts = append(parts, fmt.Sprintf("%d stay blocked", len(a.Block)))
	}
	if len(a.Omit) > 0 {
		parts = append(parts, fmt.Sprintf("%d are not needed for this task", len(a.Omit)))
	}
	line := strings.Join(parts, "; ") + "."
	if n := len(b.SecretsFound); n > 0 {
		line += fmt.Sprintf(" Warning: the pasted input contains %d secret(s) that must be rotated.", n)
	}
	return line
}
