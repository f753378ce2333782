package security

import (
	"cmp"
	"context"
	"slices"
	"sort"

	"github.com/coinslot/coinslot/registry"
)

func init() {
	profiles := make([]string, 0, len(policies.Profiles))
	for p := range policies.Profiles {
		profiles = append(profiles, p)
	}
	sort.Strings(profiles)
	family.Register(&registry.Tool{
		Name: "agent_security_policies", Path: "/paid/security/policies", Price: "0.05",
		Description: "Security policy templates for an agent profile: each rule has a condition a policy engine or " +
			"tool-call hook can evaluate, an action (deny, require_approval, sandbox, limit, log), the OWASP agentic " +
			"risks it mitigates and its source.",
		Params: []registry.Param{
			registry.Str("profile").OneOf(profiles...).Describe("all profiles when absent"),
		},
		Example:  map[string]any{"profile": "payment-agent"},
		Synonyms: []string{"guardrails", "tool call rules", "deny list", "policy as code", "approval rules", "permission policy"},
		Expected: "Envelope whose data is an array of agent security policies for the chosen profile, each with its condition, action, the threats it mitigates and its published source.",
		Shape:    registry.Envelope,
		Result:   []policyTemplate(nil),
		Handler:  agentSecurityPolicies,
	})
}

type policyTemplate struct {
	policy
	ProfileDescription string `json:"profile_description"`
}

func agentSecurityPolicies(_ context.Context, c *registry.Call) (*registry.Result, error) {
	profile := c.Args.String("profile")
	out := []policyTemplate{}
	for _, p := range policies.Entries {
		if profile == "" || p.Profile == profile {
			out = append(out, policyTemplate{p, policies.Profiles[p.Profile]})
		}
	}
	slices.SortStableFunc(out, func(a, b policyTemplate) int { return cmp.Compare(a.Profile, b.Profile) })
	return &registry.Result{Data: out, Count: len(out), Source: policies.Dataset + " (embedded)"}, nil
}
