package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// The lethal trifecta (Simon Willison, 2025-06-16): an agent that holds
// private data, reads content an attacker can influence, and can send data
// out can be instructed by that content to exfiltrate the data. Meta's
// "Agents Rule of Two" (2025-10-31) turns it into a design rule: give a
// session at most two of the three.
//
// Scoring, deterministic:
//   - each capability present scores 30, or 10 when a control that breaks
//     that leg is declared (the leg is still there, but narrowed);
//   - all three present add 10 for the combination;
//   - each supporting control (approval, sandbox, logging, budgets) takes 5
//     off, down to 0; the score is capped at 100;
//   - levels: critical >= 70 or an unbroken trifecta, high >= 45,
//     medium >= 20, low below.

const (
	legPrivate   = "private_data"
	legUntrusted = "untrusted_content"
	legOutbound  = "outbound_actions"
)

// trifectaControl is a compensating control recognised in free text.
type trifectaControl struct {
	ID       string
	Breaks   string // the leg it removes or narrows; empty for supporting controls
	Keywords []string
	Advice   string
}

var trifectaControls = []trifectaControl{
	{"data_minimization", legPrivate, []string{"least privilege", "data minimi", "scoped data", "read-only", "redact", "no private", "no secrets"},
		"Give the session only the private data this task needs (scoped, read-only, redacted)."},
	{"untrusted_content_isolation", legUntrusted, []string{"quarantin", "dual llm", "dual-llm", "isolat", "sanitiz", "sanitis", "trusted sources only", "allowlisted sources", "content filter"},
		"Process untrusted content in a quarantined model or agent with no tools and no private data, and pass on only structured results."},
	{"egress_allowlist", legOutbound, []string{"egress", "allowlist", "allow-list", "whitelist", "no network", "outbound filter", "network policy", "block outbound"},
		"Restrict outbound requests, links, images and messages to an allowlist of destinations fixed before the session starts."},
	{"human_approval", "", []string{"approval", "human in the loop", "human-in-the-loop", "hitl", "confirm", "review"},
		"Require a person to approve every outbound action, showing the exact data and destination."},
	{"sandbox", "", []string{"sandbox", "container", "vm", "isolated runtime"},
		"Run tools in a sandbox so a hijacked session cannot reach other files or credentials."},
	{"audit_logging", "", []string{"log", "audit", "monitor", "trace"},
		"Log every tool call with its arguments and destination so an exfiltration attempt can be found and stopped."},
	{"rate_limits", "", []string{"rate limit", "budget", "quota", "cap"},
		"Cap the number and size of outbound actions per session."},
}

func init() {
	family.Register(&registry.Tool{
		Name: "agent_trifecta_score", Path: "/paid/security/trifecta-score", Price: "0.05",
		Description: "Scores an agent design against the lethal trifecta (private data + untrusted content + outbound " +
			"actions) with its compensating controls: risk score and level, missing controls, and how to split the agent.",
		Params: []registry.Param{
			registry.Bool("has_private_data").Req().Describe("the agent can read private or sensitive data"),
			registry.Bool("has_untrusted_content").Req().Describe("the agent reads content others can write: web pages, email, issues, documents"),
			registry.Bool("has_outbound_actions").Req().Describe("the agent can send data out: HTTP requests, email, messages, links, payments"),
			registry.List("compensating_controls", registry.String).Most(20).Describe("controls in place, free text, e.g. egress allowlist, human approval"),
		},
		BodyRequired: true,
		Example: map[string]any{"has_private_data": true, "has_untrusted_content": true, "has_outbound_actions": true,
			"compensating_controls": []any{"human approval for outbound email", "audit logging"}},
		Synonyms: []string{"lethal trifecta", "prompt injection risk", "data exfiltration risk", "agent design review", "threat model", "untrusted input", "agent with web and secrets", "what could go wrong", "agent that reads email", "agent that sends requests"},
		Expected: "Envelope whose data scores the lethal trifecta (private data, untrusted content, outbound actions) 0-100 with the controls recognized, missing and advised.",
		Shape:    registry.Envelope,
		Result:   (*trifectaAnswer)(nil),
		Handler:  agentTrifectaScore,
	})
}

type legState struct {
	Present bool   `json:"present"`
	Broken  bool   `json:"narrowed_by_control"`
	Control string `json:"control,omitempty"`
}

type missingControl struct {
	Control string `json:"control"`
	Advice  string `json:"advice"`
}

type trifectaAnswer struct {
	TrifectaComplete     bool                `json:"trifecta_complete"`
	Legs                 map[string]legState `json:"legs"`
	RiskScore            int                 `json:"risk_score"`
	RiskLevel            string              `json:"risk_level"`
	RecognizedControls   []string            `json:"recognized_controls"`
	UnrecognizedControls []string            `json:"unrecognized_controls"`
	MissingControls      []missingControl    `json:"missing_controls"`
	DecompositionAdvice  []string            `json:"decomposition_advice"`
	Rule                 string              `json:"rule"`
	Sources              []sourceRef         `json:"sources"`
}

var trifectaSources = []sourceRef{
	{"Simon Willison: The lethal trifecta for AI agents", "https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/", "2025-06-16"},
	{"Meta AI: Agents Rule of Two", "https://ai.meta.com/blog/practical-ai-agent-security/", "2025-10-31"},
}

func agentTrifectaScore(_ context.Context, c *registry.Call) (*registry.Result, error) {
	present := map[string]bool{
		legPrivate:   c.Args.Bool("has_private_data"),
		legUntrusted: c.Args.Bool("has_untrusted_content"),
		legOutbound:  c.Args.Bool("has_outbound_actions"),
	}
	have := map[string]bool{}
	ans := &trifectaAnswer{
		Legs: map[string]legState{}, RecognizedControls: []string{}, UnrecognizedControls: []string{},
		MissingControls: []missingControl{}, DecompositionAdvice: []string{}, Sources: trifectaSources,
		Rule: "Rule of Two: a session may combine at most two of private data, untrusted content and outbound actions; with all three, a person approves every outbound action.",
	}
	for _, text := range c.Args.Strings("compensating_controls") {
		if id, ok := recognizeControl(text); ok {
			if !have[id] {
				ans.RecognizedControls = append(ans.RecognizedControls, id)
			}
			have[id] = true
		} else {
			ans.UnrecognizedControls = append(ans.UnrecognizedControls, text)
		}
	}
	score, legs, unbroken := 0, 0, 0
	for _, ctl := range trifectaControls {
		if ctl.Breaks == "" {
			continue
		}
		st := legState{Present: present[ctl.Breaks]}
		switch {
		case !st.Present:
		case have[ctl.ID]:
			st.Broken, st.Control = true, ctl.ID
			score += 10
			legs++
		default:
			score += 30
			legs++
			unbroken++
		}
		ans.Legs[ctl.Breaks] = st
	}
	ans.TrifectaComplete = legs == 3
	if ans.TrifectaComplete {
		score += 10
	}
	for _, ctl := range trifectaControls {
		if ctl.Breaks == "" && have[ctl.ID] {
			score -= 5
		}
	}
	ans.RiskScore = min(max(score, 0), 100)
	ans.RiskLevel = riskLevel(ans.RiskScore, unbroken == 3)
	for _, ctl := range trifectaControls {
		if !have[ctl.ID] && controlNeeded(ctl, present, legs) {
			ans.MissingControls = append(ans.MissingControls, missingControl{ctl.ID, ctl.Advice})
		}
	}
	ans.DecompositionAdvice = decomposition(present)
	return &registry.Result{Data: ans, Count: 1, Source: "local analysis"}, nil
}

func recognizeControl(text string) (string, bool) {
	lower := strings.ToLower(text)
	for _, ctl := range trifectaControls {
		for _, k := range ctl.Keywords {
			if strings.Contains(lower, k) {
				return ctl.ID, true
			}
		}
	}
	return "", false
}

func riskLevel(score int, unbrokenTrifecta bool) string {
	switch {
	case unbrokenTrifecta || score >= 70:
		return "critical"
	case score >= 45:
		return "high"
	case score >= 20:
		return "medium"
	}
	return "low"
}

// controlNeeded: a leg-breaking control matters when its leg is present and
// at least two legs are; supporting controls matter once there are two legs
// (approval only when something can go out).
func controlNeeded(ctl trifectaControl, present map[string]bool, legs int) bool {
	switch {
	case legs < 2:
		return false
	case ctl.Breaks != "":
		return present[ctl.Breaks]
	case ctl.ID == "human_approval":
		return present[legOutbound]
	}
	return true
}

func decomposition(present map[string]bool) []string {
	p, u, o := present[legPrivate], present[legUntrusted], present[legOutbound]
	switch {
	case p && u && o:
		return []string{
			"Split into a reader that handles untrusted content with no private data and no outbound tools, and an actor that holds the private data and the outbound tools but sees only the reader's structured, schema-checked output.",
			"If it cannot be split, remove one leg for the session: drop outbound tools while untrusted content is in context, or start a fresh session without it before acting.",
			"Keep a person approving every outbound action while all three are present.",
		}
	case p && u:
		return []string{"Safe only while nothing can leave: keep outbound tools, link rendering and image loading out of this agent, and hand results to a separate actor through a reviewed, structured channel."}
	case u && o:
		return []string{"Keep private data and credentials out of this agent's context and environment; injected content can still misuse its outbound tools, so bound them with an allowlist and rate limits."}
	case p && o:
		return []string{"Keep untrusted content out: read only inputs from trusted, authenticated sources, and re-check the session if a new source is added."}
	}
	return []string{"At most one leg is present: no decomposition needed; keep it that way as tools are added."}
}
