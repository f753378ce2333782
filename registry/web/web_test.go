package web

import (
	"context"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

// Our own agent card validates without a finding.
func TestOwnAgentCardIsValid(t *testing.T) {
	tool, _ := registry.Lookup("scrape")
	docs, err := registry.BuildDocuments(registry.Site{BaseURL: "https://api.example.com", Version: "0.13.0", Service: "coinslot",
		Network: "eip155:8453", NetworkName: "Base", Sandbox: true}, []*registry.Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"agent card": docs.AgentCard, "mcp manifest": docs.MCPManifest} {
		res, err := registrytest.Run(t, "validate_agent_manifest", map[string]any{"manifest_json": string(doc)}, upstreams.Replay, callNow)
		if err != nil {
			t.Fatal(err)
		}
		if r := res.Data.(*manifestReport); !r.Valid || r.Score != 100 {
			t.Errorf("our %s: %+v", name, r)
		}
	}
}

func TestUnreachableRobotsDisallowsAll(t *testing.T) {
	failing := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		if req.URL == "https://www.python.org/robots.txt" {
			return nil, &upstreams.Error{Source: "web", Kind: upstreams.Unavailable, Status: 503, Message: "the source is refusing requests for now"}
		}
		return upstreams.Replay.Do(ctx, req)
	})
	tool, _ := registry.Lookup("check_agent_policy")
	args, _ := tool.Validate(map[string]any{"domain": "www.python.org"})
	res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: failing, Now: callNow})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Data.(*agentPolicy)
	if p.Robots.Status != "unreachable" || p.Verdict != "closed to AI agents" || len(p.BlockedAgents) != len(aiAgents) {
		t.Errorf("robots %s, verdict %s, blocked %d", p.Robots.Status, p.Verdict, len(p.BlockedAgents))
	}
}

func TestRobotsRFC9309(t *testing.T) {
	rb := parseRobots([]byte("User-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\nAllow: /blog/\nDisallow: /\n\n" +
		"User-agent: *\nDisallow: /admin\nAllow: /admin/public$\nCrawl-delay: 5\nSitemap: https://example.com/sitemap.xml\n"))
	for _, tc := range []struct {
		agent, path string
		want        bool
	}{
		{"GPTBot", "/", false}, {"gptbot", "/blog/x", false},
		{"ClaudeBot", "/blog/post", true}, {"ClaudeBot", "/about", false},
		{"CCBot", "/", true}, {"CCBot", "/admin/x", false}, {"CCBot", "/admin/public", true}, {"CCBot", "/admin/public/x", false},
	} {
		rules, _ := rb.rulesFor(tc.agent)
		if got := allowed(rules, tc.path); got != tc.want {
			t.Errorf("%s %s: allowed = %v, want %v", tc.agent, tc.path, got, tc.want)
		}
	}
	if rb.CrawlDelay["*"] != 5 || len(rb.Sitemaps) != 1 {
		t.Errorf("crawl delay %v, sitemaps %v", rb.CrawlDelay, rb.Sitemaps)
	}
	if !patternMatch("/*.php$", "/index.php") || patternMatch("/*.php$", "/index.php5") || !patternMatch("/p*q", "/pxxq/z") {
		t.Error("wildcard matching")
	}
}
