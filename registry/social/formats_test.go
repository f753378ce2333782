package social

import (
	"reflect"
	"testing"

	"github.com/coinslot/coinslot/registry"
)

func lookup(t *testing.T, name string) *registry.Tool {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	return tool
}

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
		if _, errs := lookup(t, c.tool).Validate(c.in); !reflect.DeepEqual(errs, []registry.FieldError{c.want}) {
			t.Errorf("%s %v: %v, want %v", c.tool, c.in, errs, c.want)
		}
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
		if _, errs := lookup(t, c.tool).Validate(c.in); errs != nil {
			t.Errorf("%s %v: %v", c.tool, c.in, errs)
		}
	}
}
