package social

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
)

func TestInputThatCannotBeServed(t *testing.T) {
	cases := []struct {
		tool           string
		in             map[string]any
		field, problem string
	}{
		{"code_host_repo_intel", map[string]any{"repo": "coinbase/.."}, "repo", "must be owner/repo, e.g. coinbase/x402"},
	}
	for _, tc := range cases {
		registrytest.Refused(t, tc.tool, tc.in, registry.FieldError{Name: tc.field, Problem: tc.problem})
	}
}
