package social

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// now is the fixed call time the fixtures were recorded around.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

var family = []string{"forum_search", "code_host_repo_intel"}

func TestFamilyIsRegisteredAndSold(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok {
			t.Fatalf("%s: not registered", name)
		}
		if tool.Category != "Social" || !strings.HasPrefix(tool.Path, "/paid/social/") || tool.Shape != registry.Envelope || tool.Handler == nil {
			t.Errorf("%s: category %q path %q shape %s handler %v", name, tool.Category, tool.Path, tool.Shape, tool.Handler != nil)
		}
		for _, s := range tool.Sources {
			if _, ok := upstreams.LookupSource(s); !ok {
				t.Errorf("%s: source %q is not declared", name, s)
			}
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now); err != nil {
			t.Errorf("%s: example failed: %v", name, err)
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		tool, golden string
		in           map[string]any
	}{
		{"forum_search", "forum_search", map[string]any{"query": "mcp server", "community": "LocalLLaMA", "limit": 10}},
		{"forum_search", "forum_search_sitewide", map[string]any{"query": "x402", "sort": "new", "limit": 5}},
		{"code_host_repo_intel", "code_host_repo_intel", map[string]any{"repo": "coinbase/x402"}},
	}
	for _, tc := range cases {
		t.Run(tc.golden, func(t *testing.T) {
			res, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
			if err != nil {
				t.Fatal(err)
			}
			registrytest.Golden(t, "testdata/"+tc.golden+".golden.json", res)
		})
	}
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		ie, ok := err.(*registry.InputError)
		if !ok || len(ie.Fields) != 1 || ie.Fields[0] != (registry.FieldError{Name: tc.field, Problem: tc.problem}) {
			t.Errorf("%s %v: err = %v, want %s %q", tc.tool, tc.in, err, tc.field, tc.problem)
		}
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
		_, err := registrytest.Run(t, tc.tool, tc.in, upstreams.Replay, now)
		want := upstreams.Error{Source: tc.source, Kind: upstreams.NotFound, Status: 404, Message: tc.message}
		if e, ok := upstreams.AsError(err); !ok || *e != want {
			t.Errorf("%s: err = %#v, want %#v", tc.tool, err, want)
		}
	}
}

// cachedReplay answers like Replay and says every answer came from cache.
var cachedReplay = upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	resp.Cached = true
	return resp, nil
})

func TestCachedOnlyWhenEveryAnswerWas(t *testing.T) {
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		fresh, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil {
			t.Fatal(err)
		}
		cached, err := registrytest.Run(t, name, tool.Example, cachedReplay, now)
		if err != nil {
			t.Fatal(err)
		}
		if fresh.Cached || !cached.Cached {
			t.Errorf("%s: cached %v from fresh answers, %v from cached ones", name, fresh.Cached, cached.Cached)
		}
	}
}

func TestExcerptCutsAtAWord(t *testing.T) {
	cases := map[string]string{
		"short\n\n  text":                         "short text",
		"one two three four five six seven eight": "one two three…",
		"abcdefghijklmnopqrstuvwxyz0123456789":    "abcdefghijklmnopqr…",
	}
	for in, want := range cases {
		if got := excerpt(in, 19); got != want {
			t.Errorf("excerpt(%q) = %q, want %q", in, got, want)
		}
	}
}
