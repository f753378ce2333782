package social

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

// Malformed identifiers are refused by the declared patterns, before payment.
func TestFormatsRefusedBeforePayment(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
		want registry.FieldError
	}{
		{"forum_search", map[string]any{"query": "x", "community": "r/not-a-name"}, registry.FieldError{Name: "community", Problem: "must be a community name such as LocalLLaMA: 2-21 letters, digits or underscores"}},
		{"code_host_repo_intel", map[string]any{"repo": "coinbase"}, registry.FieldError{Name: "repo", Problem: "must be owner/repo, e.g. coinbase/x402"}},
		{"code_host_repo_intel", map[string]any{"repo": "coinbase/x402/issues"}, registry.FieldError{Name: "repo", Problem: "must be owner/repo, e.g. coinbase/x402"}},
		{"code_host_repo_intel", map[string]any{"repo": "https://github.com/coinbase/x402"}, registry.FieldError{Name: "repo", Problem: "must be owner/repo, e.g. coinbase/x402"}},
	}
	for _, c := range cases {
		registrytest.Refused(t, c.tool, c.in, c.want)
	}
}

// The patterns are coarse: every form the upstream takes still passes.
func TestFormatsAcceptUpstreamForms(t *testing.T) {
	cases := []struct {
		tool string
		in   map[string]any
	}{
		{"forum_search", map[string]any{"query": "x", "community": "/r/LocalLLaMA"}},
		{"forum_search", map[string]any{"query": "x", "community": "r/de"}},
		{"code_host_repo_intel", map[string]any{"repo": " coinbase/x402.js "}},
	}
	for _, c := range cases {
		registrytest.Accepted(t, c.tool, c.in)
	}
}
