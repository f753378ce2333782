package security

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

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
