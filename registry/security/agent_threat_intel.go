package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

func init() {
	ids := make([]string, len(threats.Entries))
	for i, t := range threats.Entries {
		ids[i] = t.ID
	}
	family.Register(&registry.Tool{
		Name: "agent_threat_intel", Path: "/paid/security/threat-intel", Price: "0.03",
		Description: "The OWASP Top 10 for Agentic Applications (ASI01-ASI10) as threat intelligence: each risk with " +
			"detection hints, mitigations, a severity rating and the OWASP LLM and coinslot policy rules it maps to.",
		Params: []registry.Param{
			registry.Str("category").Len(1, 100).Describe("free text matched against titles, tags and summaries, e.g. supply chain"),
			registry.Str("id").OneOf(ids...).Describe("catalog id"),
			registry.Str("severity").OneOf(severities...),
		},
		Example:  map[string]any{"category": "supply chain"},
		Synonyms: []string{"owasp top 10 for agents", "agentic risks", "ai agent threats", "prompt injection", "jailbreak", "goal hijack", "attack techniques"},
		Expected: "Envelope whose data is an array of agent threats with severity, detection hints, mitigations and mapped rules, and meta.source naming the OWASP list.",
		Shape:    registry.Envelope,
		Result:   []threat(nil),
		Handler:  agentThreatIntel,
	})
}

func agentThreatIntel(_ context.Context, c *registry.Call) (*registry.Result, error) {
	id, severity := c.Args.String("id"), c.Args.String("severity")
	words := strings.Fields(strings.ToLower(c.Args.String("category")))
	out := []threat{}
	for _, t := range threats.Entries {
		if (id == "" || t.ID == id) && (severity == "" || t.Severity == severity) && matchesAll(threatText(t), words) {
			out = append(out, t)
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: threats.Dataset + " (embedded)"}, nil
}

func threatText(t threat) string {
	return strings.ToLower(t.ID + " " + t.Title + " " + strings.Join(t.Tags, " ") + " " + t.Summary)
}

// matchesAll reports whether every word occurs in text, so "supply chain"
// finds "Agentic Supply Chain Vulnerabilities".
func matchesAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}
