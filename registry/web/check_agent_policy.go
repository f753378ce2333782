package web

import (
	"context"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams/web"
)

func init() {
	family.Register(&registry.Tool{
		Name: "check_agent_policy", Price: "0.01",
		Description: "What a site allows AI agents and crawlers: robots.txt read per RFC 9309 for each AI crawler " +
			"(GPTBot, ClaudeBot, PerplexityBot, Google-Extended, CCBot, ...), crawl delays, sitemaps, Content-Signal, " +
			"and whether llms.txt, ai.txt, an A2A agent card or security.txt is published.",
		Params: []registry.Param{
			registry.Str("domain").Req().Len(3, 253).Describe("site domain, e.g. example.com"),
		},
		Example:  map[string]any{"domain": "www.python.org"},
		Synonyms: []string{"robots.txt", "crawl permission", "ai crawler rules", "gptbot", "llms.txt", "scraping permission"},
		Expected: "Envelope whose data gives a site's verdict for AI agents from its robots.txt groups and content signals, the agents it blocks, and which agent files it publishes.",
		Shape:    registry.Envelope,
		Result:   (*agentPolicy)(nil),
		Sources:  []string{web.Source.Name},
		Check:    checkDomain,
		Handler:  checkAgentPolicy,
	})
}

// aiAgents are the AI crawlers' and agents' published robots.txt tokens.
var aiAgents = []string{
	"GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "Claude-User", "Claude-SearchBot", "anthropic-ai",
	"Google-Extended", "PerplexityBot", "Perplexity-User", "CCBot", "Bytespider", "Applebot-Extended",
	"Meta-ExternalAgent", "Amazonbot", "cohere-ai",
}

// policyFiles are the agent-facing files looked for besides robots.txt.
var policyFiles = []struct{ key, path string }{
	{"llms_txt", "/llms.txt"},
	{"ai_txt", "/ai.txt"},
	{"agent_card", "/.well-known/agent-card.json"},
	{"agent_json", "/.well-known/agent.json"},
	{"security_txt", "/.well-known/security.txt"},
}

type agentPolicy struct {
	Domain        string                 `json:"domain"`
	Verdict       string                 `json:"verdict"`
	Robots        robotsSummary          `json:"robots"`
	Agents        map[string]agentAccess `json:"agents"`
	BlockedAgents []string               `json:"blocked_agents"`
	FilesFound    map[string]bool        `json:"files_found"`
}

type robotsSummary struct {
	Status        string             `json:"status"` // found, absent (all allowed), unreachable (all disallowed)
	Sitemaps      []string           `json:"sitemaps"`
	CrawlDelay    map[string]float64 `json:"crawl_delay"`
	ContentSignal []string           `json:"content_signal"`
}

type agentAccess struct {
	AllowedRoot bool     `json:"allowed_root"`
	Group       string   `json:"group"` // the robots.txt group that applies: the token, "*", or "" for none
	Disallowed  []string `json:"disallowed"`
}

func checkAgentPolicy(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	domain := c.Args.String("domain")
	f := newFetcher(c)
	p, err := agentPolicyOf(ctx, f, domain)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: p, Count: 1, Source: web.Source.Title, Cached: f.up.Cached()}, nil
}

func agentPolicyOf(ctx context.Context, f *fetcher, domain string) (*agentPolicy, error) {
	p := &agentPolicy{Domain: domain, Agents: map[string]agentAccess{}, BlockedAgents: []string{}, FilesFound: map[string]bool{},
		Robots: robotsSummary{Sitemaps: []string{}, CrawlDelay: map[string]float64{}, ContentSignal: []string{}}}
	rb := &robots{}
	resp, err := f.do(ctx, web.SiteFile(domain, "/robots.txt"))
	switch {
	case err == nil:
		p.Robots.Status = "found"
		rb = parseRobots(resp.Body)
		p.Robots.Sitemaps = append(p.Robots.Sitemaps, rb.Sitemaps...)
		p.Robots.CrawlDelay, p.Robots.ContentSignal = rb.CrawlDelay, append(p.Robots.ContentSignal, rb.ContentSignal...)
	case web.Absent(err):
		p.Robots.Status = "absent"
	default:
		// RFC 9309: an unreachable robots.txt means nothing may be crawled.
		p.Robots.Status = "unreachable"
		rb.groups = []robotsGroup{{agents: []string{"*"}, rules: []robotsRule{{false, "/"}}}}
	}
	for _, token := range aiAgents {
		rules, group := rb.rulesFor(token)
		a := agentAccess{AllowedRoot: allowed(rules, "/"), Group: group, Disallowed: []string{}}
		for _, r := range rules {
			if !r.allow {
				a.Disallowed = append(a.Disallowed, r.pattern)
			}
		}
		if !a.AllowedRoot {
			p.BlockedAgents = append(p.BlockedAgents, token)
		}
		p.Agents[token] = a
	}
	for _, file := range policyFiles {
		resp, err := f.optional(ctx, domain, file.path)
		if err != nil {
			return nil, err
		}
		p.FilesFound[file.key] = resp != nil
	}
	switch n := len(p.BlockedAgents); {
	case n == 0:
		p.Verdict = "open to AI agents"
	case n == len(aiAgents):
		p.Verdict = "closed to AI agents"
	default:
		p.Verdict = "closed to some AI agents"
	}
	return p, nil
}
