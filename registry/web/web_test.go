package web

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

// family is every tool of the family.
var family = []string{"scrape", "detect_stack", "extract_contacts", "score_lead", "check_agent_policy", "find_agent_resource", "validate_agent_manifest", "enrich_lead"}

func run(t *testing.T, name string, in map[string]any) (*registry.Result, error) {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	args, errs := tool.Validate(in)
	if len(errs) > 0 {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	return tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: upstreams.Replay, Now: callNow})
}

func golden(t *testing.T, file string, res *registry.Result) {
	t.Helper()
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", file+".golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", file, got)
	}
}

func wantInvalid(t *testing.T, err error, field, problem string) {
	t.Helper()
	ie, ok := err.(*registry.InputError)
	if !ok {
		t.Fatalf("err = %v, want an input error on %s", err, field)
	}
	if got := ie.Fields; len(got) != 1 || got[0].Name != field || got[0].Problem != problem {
		t.Errorf("fields = %+v, want %s %q", got, field, problem)
	}
}

func TestFamilyIsDeclaredAndRunsItsExamples(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		switch {
		case !ok:
			t.Errorf("%s is not registered", name)
			continue
		case tool.Path != "" || tool.Category != "Web & Leads":
			t.Errorf("%s: path %q, category %q; want MCP only in Web & Leads", name, tool.Path, tool.Category)
		case tool.Handler == nil:
			t.Errorf("%s has no handler", name)
			continue
		}
		if _, err := run(t, name, tool.Example); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}

func TestGolden(t *testing.T) {
	cases := []struct {
		file, tool string
		in         map[string]any
	}{
		{"scrape_python_org", "scrape", map[string]any{"url": "https://www.python.org/"}},
		{"scrape_example_com", "scrape", map[string]any{"url": "https://example.com"}},
		{"check_agent_policy_python_org", "check_agent_policy", map[string]any{"domain": "www.python.org"}},
		{"check_agent_policy_example_com", "check_agent_policy", map[string]any{"domain": "https://example.com/"}},
		{"find_agent_resource_weather", "find_agent_resource", map[string]any{"query": "weather"}},
		{"find_agent_resource_category", "find_agent_resource", map[string]any{"query": "prediction markets", "category": "arbitrage"}},
		{"detect_stack_python_org", "detect_stack", nil},
		{"detect_stack_example_com", "detect_stack", map[string]any{"url": "https://example.com/"}},
		{"extract_contacts_python_org", "extract_contacts", nil},
		{"extract_contacts_example_com", "extract_contacts", map[string]any{"url": "https://example.com/"}},
		{"score_lead_example_com", "score_lead", nil},
		{"score_lead_python_org", "score_lead", map[string]any{"domain": "python.org"}},
		{"enrich_lead_example_com", "enrich_lead", nil},
		{"enrich_lead_python_org", "enrich_lead", map[string]any{"domain": "https://python.org/"}},
		{"validate_agent_manifest_example", "validate_agent_manifest", nil},
		{"validate_agent_manifest_broken_json", "validate_agent_manifest", map[string]any{"manifest_json": "{\n  \"name\": \"Agent\",\n  \"skills\": [\n    {\"id\": \"a\",}\n  ]\n}"}},
		{"validate_agent_manifest_mcp_defects", "validate_agent_manifest", map[string]any{"manifest_json": `{"name": "files", "version": "v2",
			"remotes": [{"type": "streamable-http", "url": "http://files.example.com/mcp"}],
			"tools": [{"name": "read_file", "description": "Read a file", "inputSchema": {"type": "string"}},
			          {"name": "read_file", "description": "Read another file"}],
			"env": {"OPENAI_API_KEY": "sk-proj-0123456789abcdef0123"}}`}},
		{"validate_agent_manifest_plugin", "validate_agent_manifest", map[string]any{"manifest_json": `{"schema_version": "v1",
			"name_for_human": "TODO List", "name_for_model": "todo", "description_for_human": "Manage your TODO list.",
			"description_for_model": "Plugin for managing a TODO list.", "auth": {"type": "none"},
			"api": {"type": "openapi", "url": "http://localhost:3333/openapi.yaml"},
			"logo_url": "https://example.com/logo.png", "contact_email": "legal@example.com", "legal_info_url": "https://example.com/legal"}`}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			in := tc.in
			if in == nil {
				tool, _ := registry.Lookup(tc.tool)
				in = tool.Example
			}
			res, err := run(t, tc.tool, in)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.file, res)
		})
	}
}

// Our own agent card validates without a finding.
func TestOwnAgentCardIsValid(t *testing.T) {
	tool, _ := registry.Lookup("scrape")
	docs, err := registry.BuildDocuments(registry.Site{BaseURL: "https://api.example.com", Version: "0.13.0", Service: "coinslot",
		Network: "eip155:8453", NetworkName: "Base", Sandbox: true}, []*registry.Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string][]byte{"agent card": docs.AgentCard, "mcp manifest": docs.MCPManifest} {
		res, err := run(t, "validate_agent_manifest", map[string]any{"manifest_json": string(doc)})
		if err != nil {
			t.Fatal(err)
		}
		if r := res.Data.(*manifestReport); !r.Valid || r.Score != 100 {
			t.Errorf("our %s: %+v", name, r)
		}
	}
}

func TestRefusesNonPublicTargets(t *testing.T) {
	for _, tc := range []struct{ tool, field, value, problem string }{
		{"scrape", "url", "http://127.0.0.1:8080/admin", "must be a public address, not a private, loopback or link-local one"},
		{"scrape", "url", "http://169.254.169.254/latest/meta-data/", "must be a public address, not a private, loopback or link-local one"},
		{"scrape", "url", "http://[::1]/", "must be a public address, not a private, loopback or link-local one"},
		{"scrape", "url", "file:///etc/passwd", "must be an absolute URL including the https:// scheme"},
		{"scrape", "url", "ftp://example.com/x", "must use http or https"},
		{"scrape", "url", "https://user:pw@example.com/", "must not carry a user name or password"},
		{"scrape", "url", "http://metadata.google.internal/", "must be a public host name"},
		{"check_agent_policy", "domain", "localhost", "must be a public host name"},
		{"check_agent_policy", "domain", "10.0.0.8", "must be a public address, not a private, loopback or link-local one"},
		{"check_agent_policy", "domain", "exa mple.com", "must be a public host name"},
	} {
		_, err := run(t, tc.tool, map[string]any{tc.field: tc.value})
		wantInvalid(t, err, tc.field, tc.problem)
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
