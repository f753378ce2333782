package social

import (
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestGolden(t *testing.T) {
	cases := []registrytest.Case{
		{Golden: "forum_search", Tool: "forum_search", In: map[string]any{"query": "mcp server", "community": "LocalLLaMA", "limit": 10}},
		{Golden: "forum_search_sitewide", Tool: "forum_search", In: map[string]any{"query": "x402", "sort": "new", "limit": 5}},
		{Golden: "code_host_repo_intel", Tool: "code_host_repo_intel", In: map[string]any{"repo": "coinbase/x402"}},
	}
	registrytest.RunGolden(t, cases, upstreams.RecordedAt)
}

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

func TestMissingItemsAreNotFound(t *testing.T) {
	cases := []struct {
		tool, source string
		in           map[string]any
		message      string
	}{
		{"forum_search", "reddit", map[string]any{"query": "x", "community": "r/no_such_community"}, "no such community, or it is banned"},
		{"code_host_repo_intel", "github", map[string]any{"repo": "octocat/no-such-repo"}, "no public repository octocat/no-such-repo"},
	}
	for _, tc := range cases {
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, upstreams.RecordedAt)
		want := upstreams.Error{Source: tc.source, Kind: upstreams.NotFound, Status: 404, Message: tc.message}
		if e, ok := upstreams.AsError(err); !ok || *e != want {
			t.Errorf("%s: err = %#v, want %#v", tc.tool, err, want)
		}
	}
}
