package security

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestTrifectaGolden(t *testing.T) {
	cases := map[string]map[string]any{
		// The example: all three legs, approval and logging only.
		"agent_trifecta_score": {"has_private_data": true, "has_untrusted_content": true, "has_outbound_actions": true,
			"compensating_controls": []any{"human approval for outbound email", "audit logging"}},
		// All three legs, every leg narrowed: still flagged, but not critical.
		"agent_trifecta_score_narrowed": {"has_private_data": true, "has_untrusted_content": true, "has_outbound_actions": true,
			"compensating_controls": []any{"Egress allowlist", "dual LLM quarantine", "read-only scoped data", "vibes"}},
		// Two legs, no controls.
		"agent_trifecta_score_two": {"has_private_data": false, "has_untrusted_content": true, "has_outbound_actions": true},
		// Nothing present.
		"agent_trifecta_score_none": {"has_private_data": false, "has_untrusted_content": false, "has_outbound_actions": false},
	}
	for file, in := range cases {
		t.Run(file, func(t *testing.T) {
			res, err := registrytest.Run(t, "agent_trifecta_score", in, upstreams.Replay, callNow)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+file+".golden.json", res)
		})
	}
}

func TestTrifectaScores(t *testing.T) {
	cases := []struct {
		in    map[string]any
		score int
		level string
	}{
		{map[string]any{"has_private_data": true, "has_untrusted_content": true, "has_outbound_actions": true}, 100, "critical"},
		// 10+10+10 narrowed legs +10 combination -5 approval = 35.
		{map[string]any{"has_private_data": true, "has_untrusted_content": true, "has_outbound_actions": true,
			"compensating_controls": []any{"egress allowlist", "sanitize inputs", "least privilege", "human approval"}}, 35, "medium"},
		{map[string]any{"has_private_data": true, "has_untrusted_content": false, "has_outbound_actions": true}, 60, "high"},
		{map[string]any{"has_private_data": true, "has_untrusted_content": false, "has_outbound_actions": false}, 30, "medium"},
		{map[string]any{"has_private_data": false, "has_untrusted_content": false, "has_outbound_actions": true,
			"compensating_controls": []any{"sandbox", "rate limits", "audit log"}}, 15, "low"},
	}
	for _, c := range cases {
		res, err := registrytest.Run(t, "agent_trifecta_score", c.in, upstreams.Replay, callNow)
		if err != nil {
			t.Fatal(err)
		}
		got := res.Data.(*trifectaAnswer)
		if got.RiskScore != c.score || got.RiskLevel != c.level {
			t.Errorf("%v: score %d %s, want %d %s", c.in, got.RiskScore, got.RiskLevel, c.score, c.level)
		}
	}
}
