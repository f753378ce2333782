package security

import (
	"context"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

func init() {
	family.Register(&registry.Tool{
		Name: "mcp_supply_chain_iocs", Path: "/paid/security/mcp-iocs", Price: "0.02",
		Description: "Publicly reported malicious MCP servers and agent-tool packages: package names, malicious " +
			"versions, exfiltration hosts, email indicators, what to do, and the primary reports.",
		Params: []registry.Param{
			registry.Str("package").Len(1, 214).Describe("package name or part of it, e.g. postmark-mcp"),
			registry.Str("host").Len(1, 253).Describe("host or domain substring, also matched against email indicators"),
		},
		Example:  map[string]any{"package": "postmark-mcp"},
		Synonyms: []string{"malicious package", "npm", "pypi", "package safety", "compromised package", "typosquatting", "malware in dependencies", "supply chain attack", "indicators of compromise"},
		Expected: "Envelope whose data is an array of MCP supply-chain incidents with malicious package versions, hosts, emails, behaviour and the action to take.",
		Shape:    registry.Envelope,
		Result:   []ioc(nil),
		Handler:  mcpSupplyChainIOCs,
	})
}

func mcpSupplyChainIOCs(_ context.Context, c *registry.Call) (*registry.Result, error) {
	pkg := strings.ToLower(strings.TrimSpace(c.Args.String("package")))
	host := strings.ToLower(strings.TrimSpace(c.Args.String("host")))
	out := []ioc{}
	for _, e := range iocs.Entries {
		if matchesPackage(e, pkg) && matchesHost(e, host) {
			out = append(out, e)
		}
	}
	return &registry.Result{Data: out, Count: len(out), Source: iocs.Dataset + " (embedded)"}, nil
}

func matchesPackage(e ioc, pkg string) bool {
	if pkg == "" {
		return true
	}
	for _, p := range e.Packages {
		if strings.Contains(strings.ToLower(p.Name), pkg) {
			return true
		}
	}
	return false
}

func matchesHost(e ioc, host string) bool {
	if host == "" {
		return true
	}
	for _, h := range append(append([]string{}, e.Hosts...), e.Emails...) {
		if strings.Contains(strings.ToLower(h), host) {
			return true
		}
	}
	return false
}
